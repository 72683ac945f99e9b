import Dispatch
import Foundation
import INJContainer
import INJReflection

/// Provider closures bound to an object graph, lazy dependencies and resets of a named
/// scope, each against the hand-written code that does the same work.
enum CapabilityScenarios {
  /// Every benchmark of the group.
  static var benchmarks: [Benchmark] {
    closures + lazies + resets
  }

  // MARK: Provider closures in an object graph

  static var closures: [Benchmark] {
    [
      // The floor: calling a closure that returns an object it holds.
      Benchmark(
        name: "container/baseline/hand-closure-call", group: "container", unit: "op",
        unitsPerIteration: 1
      ) {
        let parent = Leaf()
        let parentProvider: () -> Leaf = { parent }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations { checksum &+= identity(parentProvider()) }
          return checksum
        }
      },
      // A child's `parentProvider`, handed out while its parent was made: each call goes
      // on with that graph and gives the parent.
      Benchmark(
        name: "container/object-graph/provider-closure-call", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/hand-closure-call"
      ) {
        let container = Container()
        container.addProvider(
          forName: "parent", dependencies: ["child"], options: .objectGraph
        ) { values in
          GraphParent(child: try values.value(forName: "child"))
        }
        container.addProvider(
          forName: "child", dependencies: ["parentProvider"], options: .objectGraph
        ) { values in
          GraphChild(parentProvider: try values.value(forName: "parentProvider"))
        }
        let parent = try! container.value(forName: "parent", as: GraphParent.self)
        return { iterations in
          // The closures hold their container weakly.
          withExtendedLifetime(container) {
            var checksum = 0
            for _ in 0..<iterations { checksum &+= identity(parent.child.parentProvider()) }
            return checksum
          }
        }
      },
    ]
  }

  // MARK: Lazy dependencies

  static var lazies: [Benchmark] {
    [
      // The floor: a holder made with its dependency, then read.
      Benchmark(
        name: "container/baseline/hand-lazy-first-read", group: "container", unit: "op",
        unitsPerIteration: 1
      ) {
        { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            let holder = HandLazyHolder()
            checksum &+= identity(holder.leaf)
          }
          return checksum
        }
      },
      // Resolving a holder of a lazy dependency, then its first read: the product made.
      Benchmark(
        name: "container/lazy/first-read", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/hand-lazy-first-read"
      ) {
        let container = lazyContainer()
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            let holder = try? container.value(forName: "holder", as: LazyHolder.self)
            checksum &+= identity(try? holder?.leafProvider?.value)
          }
          return checksum
        }
      },
      // A later read: the kept product.
      Benchmark(
        name: "container/lazy/later-read", group: "container", unit: "op",
        unitsPerIteration: 1, baseline: "container/baseline/hand-closure-call"
      ) {
        let container = lazyContainer()
        let holder = try! container.value(forName: "holder", as: LazyHolder.self)
        _ = try? holder.leafProvider?.value
        return { iterations in
          withExtendedLifetime(container) {
            var checksum = 0
            for _ in 0..<iterations { checksum &+= identity(try? holder.leafProvider?.value) }
            return checksum
          }
        }
      },
    ]
  }

  static func lazyContainer() -> Container {
    let container = Container()
    container.addProvider(forName: "leaf") { _ in Leaf() }
    container.addProvider(forName: "holder", dependencies: ["leafProvider"]) { _ in LazyHolder() }
    return container
  }

  // MARK: Resets

  /// Resolutions per thread per iteration.
  static let resolutionsPerThread = 20_000

  static var resets: [Benchmark] {
    [false, true].map { resetting in
      Benchmark(
        name: resetting ? "container/scope/reset-under-load" : "container/scope/named-read",
        group: "container", unit: "op", unitsPerIteration: 2 * resolutionsPerThread,
        baseline: resetting ? "container/scope/named-read" : nil
      ) {
        // Two threads resolve a name of a named scope; with `resetting`, a third resets
        // the scope as fast as it can meanwhile.
        let container = Container()
        container.addProvider(forName: "account", options: .scope("session")) { _ in Leaf() }
        return { iterations in
          let total = Checksum()
          for _ in 0..<iterations {
            let finished = DispatchGroup()
            let stop = Checksum()
            if resetting {
              finished.enter()
              Thread {
                while stop.value == 0 { try? container.reset(scope: "session") }
                finished.leave()
              }.start()
            }
            let resolving = DispatchGroup()
            for _ in 0..<2 {
              resolving.enter()
              Thread {
                var checksum = 0
                for _ in 0..<resolutionsPerThread {
                  checksum &+= identity(try? container.value(forName: "account", as: Leaf.self))
                }
                total.add(checksum)
                resolving.leave()
              }.start()
            }
            resolving.wait()
            stop.add(1)
            finished.wait()
          }
          return total.value
        }
      }
    }
  }
}

final class GraphParent {
  let child: GraphChild
  init(child: GraphChild) { self.child = child }
}

final class GraphChild {
  let parentProvider: () -> GraphParent
  init(parentProvider: @escaping () -> GraphParent) { self.parentProvider = parentProvider }
}

final class LazyHolder {
  @Inject var leafProvider: Lazy<Leaf>?
}

final class HandLazyHolder {
  lazy var leaf = Leaf()
}
