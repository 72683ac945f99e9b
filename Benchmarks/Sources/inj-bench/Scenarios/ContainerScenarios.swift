import Dispatch
import Foundation
import INJContainer

/// The `container` group: resolving, checking and registering, each against the
/// hand-written code that does the same work.
enum ContainerScenarios {
  /// Every benchmark of the group.
  static var benchmarks: [Benchmark] {
    resolution + chains + wide + children + objectGraph + threads + registration + checks
  }

  // MARK: Resolving one name

  static var resolution: [Benchmark] {
    [
      // The floor for a lookup by name: a dictionary read plus a cast.
      Benchmark(
        name: "container/baseline/dictionary-read", group: "container", unit: "op",
        unitsPerIteration: 1
      ) {
        let name = String("service".reversed())
        let objects: [String: AnyObject] = [name: Leaf(), "other": Leaf()]
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(objects[name] as? Leaf)
          }
          return checksum
        }
      },
      Benchmark(
        name: "container/singleton/by-name", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/dictionary-read",
        targets: [.ratioToBaseline(atMost: 3)]
      ) {
        let name = String("service".reversed())
        let container = Container()
        container.addProvider(forName: name, options: .singleton) { _ in Leaf() }
        container.addProvider(forName: "other", options: .singleton) { _ in Leaf() }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? container.value(forName: name, as: Leaf.self))
          }
          return checksum
        }
      },
      Benchmark(
        name: "container/singleton/by-key", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/dictionary-read",
        targets: [.ratioToBaseline(atMost: 2)]
      ) {
        let key = Key<Leaf>(String("service".reversed()))
        let container = Container()
        container.addProvider(for: key, options: .singleton) { Leaf() }
        container.addProvider(forName: "other", options: .singleton) { _ in Leaf() }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? container.value(for: key))
          }
          return checksum
        }
      },
      // The floor for a transient with three transient dependencies.
      Benchmark(
        name: "container/baseline/hand-service", group: "container", unit: "op",
        unitsPerIteration: 1
      ) {
        { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(Service(a: Leaf(), b: OtherLeaf(), c: ThirdLeaf()))
          }
          return checksum
        }
      },
      Benchmark(
        name: "container/transient/3-dependencies", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/hand-service",
        targets: [.ratioToBaseline(atMost: 3)]
      ) {
        let container = serviceContainer()
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? container.value(forName: "service", as: Service.self))
          }
          return checksum
        }
      },
      // The same graph in typed wiring (each dependency a key, its value a parameter),
      // against the seed's form: typed wiring costs about what the reads it replaces do.
      Benchmark(
        name: "container/transient/3-dependencies/typed", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/transient/3-dependencies",
        targets: [.ratioToBaseline(atMost: 1.25)]
      ) {
        let container = Container()
        container.addProvider(for: Key<Leaf>("a")) { Leaf() }
        container.addProvider(for: Key<OtherLeaf>("b")) { OtherLeaf() }
        container.addProvider(for: Key<ThirdLeaf>("c")) { ThirdLeaf() }
        container.addProvider(
          for: Key<Service>("service"), using: Key<Leaf>("a"), Key<OtherLeaf>("b"),
          Key<ThirdLeaf>("c")
        ) { a, b, c in Service(a: a, b: b, c: c) }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? container.value(forName: "service", as: Service.self))
          }
          return checksum
        }
      },
      Benchmark(
        name: "container/main-actor/transient/3-dependencies", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/transient/3-dependencies",
        targets: [.ratioToBaseline(atMost: 1.2)]
      ) {
        // The same graph, registered from main-actor code (as top-level code and
        // main-actor-by-default targets do), so every creator is main-actor isolated;
        // resolved on the main thread, where the runner times every benchmark.
        let container = MainActor.assumeIsolated { serviceContainer() }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? container.value(forName: "service", as: Service.self))
          }
          return checksum
        }
      },
    ]
  }

  /// The transient service graph, registered from the caller's isolation: its creators
  /// are main-actor isolated when it is called from main-actor code, as the creators
  /// written in that code would be.
  static func serviceContainer(isolation: isolated (any Actor)? = #isolation) -> Container {
    let container = Container()
    container.addProvider(forName: "a") { _ in Leaf() }
    container.addProvider(forName: "b") { _ in OtherLeaf() }
    container.addProvider(forName: "c") { _ in ThirdLeaf() }
    container.addProvider(forName: "service", dependencies: ["a", "b", "c"]) { values in
      Service(
        a: try values.value(forName: "a"), b: try values.value(forName: "b"),
        c: try values.value(forName: "c"))
    }
    return container
  }

  // MARK: A 50-deep chain

  static let chainDepth = 50

  static var chains: [Benchmark] {
    [
      Benchmark(
        name: "container/baseline/hand-chain-50", group: "container", unit: "op",
        unitsPerIteration: 1
      ) {
        { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            var link = Link(next: nil)
            for _ in 1..<chainDepth {
              link = Link(next: link)
            }
            checksum &+= identity(link)
          }
          return checksum
        }
      },
      Benchmark(
        name: "container/transient/chain-50", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/hand-chain-50"
      ) {
        let container = Container()
        container.addProvider(forName: "link\(chainDepth - 1)") { _ in Link(next: nil) }
        for index in 0..<(chainDepth - 1) {
          let next = "link\(index + 1)"
          container.addProvider(forName: "link\(index)", dependencies: [next]) { values in
            Link(next: try values.value(forName: next, as: Link.self))
          }
        }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? container.value(forName: "link0", as: Link.self))
          }
          return checksum
        }
      },
    ]
  }

  // MARK: Resolving one name among many

  static var wide: [Benchmark] {
    [(label: "10", count: 10), (label: "10k", count: 10_000)].map { size in
      Benchmark(
        name: "container/wide/\(size.label)", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/dictionary-read",
        targets: [.flatAcrossSeries("container/wide", within: 2)]
      ) {
        let container = Container()
        for index in 0..<size.count {
          container.addProvider(forName: "provider\(index)", options: .singleton) { _ in Leaf() }
        }
        let name = "provider\(size.count / 2)"
        // The first resolution applies the registrations and makes the singleton.
        _ = try? container.value(forName: name, as: Leaf.self)
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? container.value(forName: name, as: Leaf.self))
          }
          return checksum
        }
      }
    }
  }

  // MARK: Child containers

  static var children: [Benchmark] {
    [(label: "10", count: 10), (label: "10k", count: 10_000)].map { size in
      Benchmark(
        name: "container/child-3-levels/\(size.label)", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/dictionary-read",
        targets: [.flatAcrossSeries("container/child-3-levels", within: 2)]
      ) {
        // A name registered in the root, resolved from a grandchild: two levels miss.
        let root = Container()
        root.addProvider(forName: "shared", options: .singleton) { _ in Leaf() }
        let child = root.makeChild()
        let grandchild = child.makeChild()
        for (level, container) in [root, child, grandchild].enumerated() {
          for index in 0..<size.count {
            container.addInstance(index, forName: "level\(level)name\(index)")
          }
        }
        // The first resolution applies the registrations and makes the singleton; the
        // lookups after it are what is timed.
        _ = try? grandchild.value(forName: "shared", as: Leaf.self)
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? grandchild.value(forName: "shared", as: Leaf.self))
          }
          return checksum
        }
      }
    }
  }

  // MARK: Object-graph scope

  static var objectGraph: [Benchmark] {
    [
      Benchmark(
        name: "container/baseline/hand-diamond-10", group: "container", unit: "op",
        unitsPerIteration: 1
      ) {
        { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            let bottom = Leaf()
            let root = Diamond(middles: (0..<8).map { _ in Middle(bottom: bottom) })
            checksum &+= identity(root)
          }
          return checksum
        }
      },
      Benchmark(
        name: "container/object-graph/diamond-10", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/hand-diamond-10"
      ) {
        // One root, eight middles, one bottom shared by the whole resolution.
        let container = Container()
        container.addProvider(forName: "bottom", options: .objectGraph) { _ in Leaf() }
        let middles = (0..<8).map { "middle\($0)" }
        for middle in middles {
          container.addProvider(forName: middle, dependencies: ["bottom"]) { values in
            Middle(bottom: try values.value(forName: "bottom"))
          }
        }
        container.addProvider(forName: "root", dependencies: middles) { values in
          Diamond(middles: try middles.map { try values.value(forName: $0, as: Middle.self) })
        }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= identity(try? container.value(forName: "root", as: Diamond.self))
          }
          return checksum
        }
      },
    ]
  }

  // MARK: Threads

  /// Resolutions per iteration in the thread benchmarks.
  static let threadedResolutions = 200_000

  static var threads: [Benchmark] {
    [1, 2].map { threadCount in
      Benchmark(
        name: "container/threads/\(threadCount)", group: "container", unit: "op",
        unitsPerIteration: threadedResolutions,
        baseline: threadCount == 1 ? nil : "container/threads/1",
        // Two threads must do the same work in at most 1 / 1.6 of the time.
        targets: threadCount == 1 ? [] : [.ratioToBaseline(atMost: 1 / 1.6)]
      ) {
        // Each thread resolves its own 64 singletons, so the measurement is the
        // container's sharing, not contention on the objects it returns.
        let container = Container()
        let names = (0..<2).map { thread in (0..<64).map { "thread\(thread)singleton\($0)" } }
        for name in names.joined() {
          container.addProvider(forName: name, options: .singleton) { _ in Leaf() }
        }
        return { iterations in
          let total = Checksum()
          for _ in 0..<iterations {
            // A thread of its own for each share, so the shares really run at once.
            let finished = DispatchGroup()
            for thread in 0..<threadCount {
              finished.enter()
              Thread {
                let mine = names[thread]
                var checksum = 0
                for index in 0..<(threadedResolutions / threadCount) {
                  let name = mine[index & 63]
                  checksum &+= identity(try? container.value(forName: name, as: Leaf.self))
                }
                total.add(checksum)
                finished.leave()
              }.start()
            }
            finished.wait()
          }
          return total.value
        }
      }
    }
  }

  // MARK: Registering

  static let registrationCount = 10_000

  static var registration: [Benchmark] {
    [
      Benchmark(
        name: "container/baseline/dictionary-insert-10k", group: "container",
        unit: "registration", unitsPerIteration: registrationCount
      ) {
        let names = (0..<registrationCount).map { "provider\($0)" }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            var creators: [String: @Sendable () -> Leaf] = [:]
            for name in names {
              creators[name] = { Leaf() }
            }
            checksum &+= creators.count
          }
          return checksum
        }
      },
      // Registering records each registration; the first read of the container applies
      // them all (see the next row).
      registering(
        name: "container/register/10k",
        targets: [.timePerIteration(atMost: .nanoseconds(300) * registrationCount)]
      ) { identity($0) },
      // The same registrations, then one lookup, which applies them: what registering
      // costs in all, before anything is resolved.
      registering(name: "container/register/10k+first-lookup") {
        $0.isRegistered("provider0") ? 1 : 0
      },
    ] + duplicates
  }

  /// A new container per iteration, 10,000 providers registered in it, each depending
  /// on the one before, then `finish`, whose result goes into the checksum. An app
  /// keeps its container: freeing it is not part of registering.
  private static func registering(
    name: String, targets: [BenchmarkTarget] = [], finish: @escaping (Container) -> Int
  ) -> Benchmark {
    Benchmark(
      name: name, group: "container", unit: "registration", unitsPerIteration: registrationCount,
      baseline: "container/baseline/dictionary-insert-10k", targets: targets
    ) {
      let names = (0..<registrationCount).map { "provider\($0)" }
      return { iterations in
        var checksum = 0
        for _ in 0..<iterations {
          let container = Container()
          for (index, name) in names.enumerated() {
            container.addProvider(
              forName: name, dependencies: index == 0 ? [] : [names[index - 1]]
            ) { _ in Leaf() }
          }
          checksum &+= finish(container)
          keepAlive(container)
        }
        return checksum
      }
    }
  }

  /// One name registered 1k, 10k and 100k times, then checked: the cost per
  /// registration must stay flat (it grew with the number of duplicates before, and
  /// so did memory).
  static var duplicates: [Benchmark] {
    [("1k", 1_000, true), ("10k", 10_000, true), ("100k", 100_000, false)].map {
      label, count, isQuick in
      Benchmark(
        name: "container/register/duplicates/\(label)", group: "container",
        unit: "registration", unitsPerIteration: count,
        targets: [.flatAcrossSeries("container/register/duplicates", within: 2)],
        isQuick: isQuick
      ) {
        { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            let container = Container()
            for line in 0..<count {
              container.addProvider(forName: "duplicate", fileID: "App/Wiring.swift", line: line) {
                _ in Leaf()
              }
            }
            if case .duplicateName(_, let sites)? = container.validate().problems.first {
              checksum &+= sites.count
            }
          }
          return checksum
        }
      }
    }
  }

  // MARK: checkForErrors

  static var checks: [Benchmark] {
    GraphScenarios.sizes.flatMap { size in
      var targets: [BenchmarkTarget] = [.flatAcrossSeries("container/check", within: 2)]
      if size.nodeCount == 100_000 {
        targets.append(.timePerIteration(atMost: .milliseconds(150)))
      }
      return [
        Benchmark(
          name: "container/check/\(size.label)", group: "container", unit: "provider",
          unitsPerIteration: size.nodeCount, baseline: "graph/baseline/\(size.label)",
          targets: targets, isQuick: size.isQuick
        ) {
          // The graph benchmarks' random acyclic graphs: each provider depends on 4
          // earlier ones.
          let graph = RandomGraph(nodeCount: size.nodeCount)
          let names = (0..<size.nodeCount).map { "provider\($0)" }
          let container = Container()
          for (node, list) in graph.dependencyLists().enumerated() {
            container.addProvider(forName: names[node], dependencies: list.map { names[$0] }) {
              _ in 0
            }
          }
          // The first read applies the registrations (see `container/register/10k`); the
          // check is what is timed.
          _ = container.isRegistered(names[0])
          return { iterations in
            var checksum = 0
            for _ in 0..<iterations {
              do {
                try container.checkForErrors()
                checksum &+= 1
              } catch {
                checksum &+= 2
              }
            }
            return checksum
          }
        }
      ]
    }
  }
}

// MARK: The objects the scenarios make

final class Leaf: Sendable {}
final class OtherLeaf: Sendable {}
final class ThirdLeaf: Sendable {}

final class Service: Sendable {
  let a: Leaf
  let b: OtherLeaf
  let c: ThirdLeaf
  init(a: Leaf, b: OtherLeaf, c: ThirdLeaf) {
    self.a = a
    self.b = b
    self.c = c
  }
}

final class Link: Sendable {
  let next: Link?
  init(next: Link?) { self.next = next }
}

final class Middle: Sendable {
  let bottom: Leaf
  init(bottom: Leaf) { self.bottom = bottom }
}

final class Diamond: Sendable {
  let middles: [Middle]
  init(middles: [Middle]) { self.middles = middles }
}

/// A cheap checksum of an object: its address.
@inline(__always)
func identity(_ object: AnyObject?) -> Int {
  object.map { Int(bitPattern: UInt(bitPattern: ObjectIdentifier($0))) } ?? 0
}

/// Sums checksums from several threads.
final class Checksum: @unchecked Sendable {
  // Guarded by `lock`; touched once per thread per iteration.
  private var sum = 0
  private let lock = DispatchSemaphore(value: 1)

  func add(_ value: Int) {
    lock.wait()
    sum &+= value
    lock.signal()
  }

  var value: Int {
    lock.wait()
    defer { lock.signal() }
    return sum
  }
}
