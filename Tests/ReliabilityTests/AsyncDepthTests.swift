import Foundation
import INJContainer
import INJPrimitives
import TestUtilities
import Testing

/// Runs the jobs of the tasks that prefer it on one thread, whose stack the test
/// chooses: a deep async resolution run here proves that it keeps its depth in task
/// memory, not on the thread's stack.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class SmallStackExecutor: TaskExecutor, @unchecked Sendable {
  // `jobs` and `isStopped` are guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var isStopped = false
  /// The executor's thread, once it runs.
  private(set) var thread: pthread_t?

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Runs jobs until ``stop()``; call on the executor's thread.
  func run() {
    condition.lock()
    thread = pthread_self()
    condition.unlock()
    while true {
      condition.lock()
      while jobs.isEmpty, !isStopped {
        condition.wait()
      }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  func stop() {
    condition.lock()
    isStopped = true
    condition.signal()
    condition.unlock()
  }
}

@Suite("Async depth")
struct AsyncDepthTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aHundredThousandDeepAsyncChainRunsOnA512KBStack() async throws {
    let depth = 100_000
    let container = Container()
    // The first creator to run, at the bottom of the chain, notes its thread.
    let bottomThread = Locked<pthread_t?>(nil)
    container.addAsyncProvider(forName: "link0") { _ in
      bottomThread.withLock { $0 = pthread_self() }
      return 0
    }
    for index in 1..<depth {
      container.addAsyncProvider(forName: "link\(index)", dependencies: ["link\(index - 1)"]) {
        values in try values.value(forName: "link\(index - 1)", as: Int.self) + 1
      }
    }
    let executor = SmallStackExecutor()
    let thread = Task.detached {
      runOnThread(stackSize: 512 * 1024) { executor.run() }
    }
    let value = try await withTaskExecutorPreference(executor) {
      try await container.asyncValue(forName: "link\(depth - 1)", as: Int.self)
    }
    executor.stop()
    #expect(await thread.value)
    #expect(value == depth - 1)
    // The resolution ran on the small-stack thread, not elsewhere.
    let bottom = try #require(bottomThread.withLock { $0 })
    let small = try #require(executor.thread)
    #expect(pthread_equal(bottom, small) != 0)
  }

  @Test func aCycleDeepInAnAsyncChainIsFound() async throws {
    let container = Container()
    for index in 0..<1_000 {
      container.addAsyncProvider(forName: "link\(index)", dependencies: ["link\(index + 1)"]) {
        _ in index
      }
    }
    // The chain closes on itself far from where it starts.
    container.addAsyncProvider(forName: "link1000", dependencies: ["link900"]) { _ in 0 }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "link0", as: Int.self)
    }
    let cycle = try #require(error?.reason.cycleNames)
    #expect(cycle.count == 102)
    #expect(Set(cycle) == Set((900...1000).map { "link\($0)" }))
  }
}

extension ResolutionError.Reason {
  /// The cycle's names, for a cycle.
  var cycleNames: [String]? {
    if case .cycle(let names) = self { names } else { nil }
  }
}
