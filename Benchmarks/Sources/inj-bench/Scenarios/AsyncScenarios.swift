import Dispatch
import INJContainer

/// Async providers: resolving with `asyncValue`, and making independent async
/// singletons at the same time.
enum AsyncScenarios {
  static var benchmarks: [Benchmark] {
    [
      // An existing singleton through `asyncValue`, against `value(forName:)`.
      Benchmark(
        name: "async/singleton/existing", group: "async", unit: "op", unitsPerIteration: 1,
        baseline: "container/singleton/by-name", targets: [.ratioToBaseline(atMost: 3)]
      ) {
        let name = String("service".reversed())
        let container = Container()
        container.addAsyncProvider(forName: name, options: .singleton) { _ in Leaf() }
        _ = waitFor {
          (try? await container.asyncValue(forName: name, as: Leaf.self)) != nil ? 1 : 0
        }
        return { iterations in
          waitFor {
            var checksum = 0
            for _ in 0..<iterations {
              checksum &+= identity(try? await container.asyncValue(forName: name, as: Leaf.self))
            }
            return checksum
          }
        }
      },
      // The floor for an async transient with three async transient dependencies: the same
      // objects made by awaiting four async functions in a row.
      Benchmark(
        name: "async/baseline/await-chain", group: "async", unit: "op", unitsPerIteration: 1
      ) {
        { iterations in
          waitFor {
            var checksum = 0
            for _ in 0..<iterations {
              checksum &+= identity(await makeAsyncService())
            }
            return checksum
          }
        }
      },
      // The same four objects, each made the way any async container must at the least: a
      // creation context allocated and bound to a task-local (so that a creator asking the
      // container again joins the resolution), the creator called through a type-erased
      // closure, and the dependencies' values handed over in an array. A floor for the row
      // below, not a target.
      Benchmark(
        name: "async/baseline/await-chain-with-context", group: "async", unit: "op",
        unitsPerIteration: 1, baseline: "async/baseline/await-chain"
      ) {
        { iterations in
          waitFor {
            var checksum = 0
            for _ in 0..<iterations {
              checksum &+= identity(try? await ErasedAsyncChain.makeService())
            }
            return checksum
          }
        }
      },
      Benchmark(
        name: "async/transient/3-async-dependencies", group: "async", unit: "op",
        unitsPerIteration: 1, baseline: "async/baseline/await-chain-with-context",
        targets: [.ratioToBaseline(atMost: 3)]
      ) {
        let container = Container()
        container.addAsyncProvider(forName: "a") { _ in await makeLeaf() }
        container.addAsyncProvider(forName: "b") { _ in await makeOtherLeaf() }
        container.addAsyncProvider(forName: "c") { _ in await makeThirdLeaf() }
        container.addAsyncProvider(forName: "service", dependencies: ["a", "b", "c"]) { values in
          Service(
            a: try values.value(forName: "a"), b: try values.value(forName: "b"),
            c: try values.value(forName: "c"))
        }
        return { iterations in
          waitFor {
            var checksum = 0
            for _ in 0..<iterations {
              checksum &+= identity(
                try? await container.asyncValue(forName: "service", as: Service.self))
            }
            return checksum
          }
        }
      },
      // Start-up: 20 independent async singletons, each awaiting 20 ms, made by
      // `makeSingletons()` in a new container: at the same time, not one after another
      // (which would take 400 ms).
      Benchmark(
        name: "async/make-singletons/20x20ms", group: "async", unit: "launch",
        unitsPerIteration: 1, targets: [.timePerIteration(atMost: .milliseconds(60))]
      ) {
        { iterations in
          waitFor {
            var checksum = 0
            for _ in 0..<iterations {
              let container = Container()
              for index in 0..<20 {
                container.addAsyncProvider(forName: "service\(index)", options: .singleton) { _ in
                  try await Task.sleep(for: .milliseconds(20))
                  return Leaf()
                }
              }
              do {
                try await container.makeSingletons()
                checksum &+= 1
              } catch {
                checksum &+= 0
              }
            }
            return checksum
          }
        }
      },
    ]
  }
}

// MARK: Hand-written async construction

@inline(never)
func makeLeaf() async -> Leaf { Leaf() }

@inline(never)
func makeOtherLeaf() async -> OtherLeaf { OtherLeaf() }

@inline(never)
func makeThirdLeaf() async -> ThirdLeaf { ThirdLeaf() }

@inline(never)
func makeAsyncService() async -> Service {
  Service(a: await makeLeaf(), b: await makeOtherLeaf(), c: await makeThirdLeaf())
}

/// The floor of an async container's transient resolution: per creation, a context bound to
/// a task-local, a type-erased creator and the values in an array.
enum ErasedAsyncChain {
  /// One creation in progress, as a container's task-local would name it.
  final class Creation: Sendable {
    let outer: Creation?
    let name: String

    init(outer: Creation?, name: String) {
      self.outer = outer
      self.name = name
    }
  }

  @TaskLocal static var current: Creation?

  typealias Creator = @Sendable ([AnyObject]) async throws -> AnyObject

  static let leaf: Creator = { _ in await makeLeaf() }
  static let otherLeaf: Creator = { _ in await makeOtherLeaf() }
  static let thirdLeaf: Creator = { _ in await makeThirdLeaf() }
  static let service: Creator = { values in
    guard let a = values[0] as? Leaf, let b = values[1] as? OtherLeaf,
      let c = values[2] as? ThirdLeaf
    else { throw WrongValues() }
    return Service(a: a, b: b, c: c)
  }

  /// The values are not the dependencies' types.
  struct WrongValues: Error {}

  @inline(never)
  static func create(
    _ name: String, with creator: Creator, values: [AnyObject]
  ) async throws -> AnyObject {
    let creation = Creation(outer: current, name: name)
    return try await $current.withValue(creation) { try await creator(values) }
  }

  static func makeService() async throws -> AnyObject {
    let values = [
      try await create("a", with: leaf, values: []),
      try await create("b", with: otherLeaf, values: []),
      try await create("c", with: thirdLeaf, values: []),
    ]
    return try await create("service", with: service, values: values)
  }
}

/// Runs `body` in a task and waits for its result: the harness times synchronous
/// bodies, so an async benchmark runs all its iterations in one task.
func waitFor(_ body: @escaping @Sendable () async -> Int) -> Int {
  let done = DispatchSemaphore(value: 0)
  let result = ResultBox()
  Task {
    result.value = await body()
    done.signal()
  }
  done.wait()
  return result.value
}

/// The result of a task, written by the task before it signals and read after the wait.
final class ResultBox: @unchecked Sendable {
  // Written once by the task, before `DispatchSemaphore.signal`; read by the waiting
  // thread after `wait` returns, which orders the two.
  var value = 0
}
