import Dispatch
import Foundation
import INJPrimitives
import INJReflection

/// Two threads of the harness's own that run the tasks of its async resolutions, which
/// a harness thread waits for: on the cooperative pool, a harness blocking one of its
/// few threads to wait for a task that needs another could wait forever when every
/// pool thread does the same. (Task executors exist from iOS 18 and macOS 15; before,
/// ``ModelTasks`` runs the task on the cooperative pool.)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ModelExecutor: TaskExecutor, Sendable {
  static let shared = ModelExecutor(threads: 2)

  private let jobs = ConditionLocked([UnownedJob]())

  private init(threads: Int) {
    for _ in 0..<threads {
      Thread { [self] in work() }.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { jobs in
      jobs.access { $0.append(job) }
      jobs.wakeAll()
    }
  }

  private func work() {
    let executor = asUnownedTaskExecutor()
    while true {
      let job = jobs.withLock { jobs -> UnownedJob in
        while true {
          if let job = jobs.access({ $0.isEmpty ? nil : $0.removeFirst() }) { return job }
          jobs.wait()
        }
      }
      job.runSynchronously(on: executor)
    }
  }

  /// Runs `body` in a task on these threads and waits for it on the calling thread.
  func wait<Value>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome<Value>()
    Task(executorPreference: self) {
      do {
        outcome.result = .success(try await body())
      } catch {
        outcome.result = .failure(error)
      }
      done.signal()
    }
    done.wait()
    return try outcome.result!.get()
  }

  /// The result of a task, written by the task before it signals and read after the
  /// wait, which orders the two.
  private final class Outcome<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
  }
}

/// Runs a harness's async work in a task and waits for it on the calling thread: on
/// ``ModelExecutor``'s threads where task executors exist, and otherwise in a detached
/// task, which waiting from a harness thread (not one of the pool's) cannot starve.
enum ModelTasks {
  static func wait<Value>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      return try ModelExecutor.shared.wait(body)
    }
    let done = DispatchSemaphore(value: 0)
    let outcome = Locked<Result<Value, any Error>?>(nil)
    Task.detached {
      let result: Result<Value, any Error>
      do { result = .success(try await body()) } catch { result = .failure(error) }
      outcome.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    return try outcome.withLock { $0 }!.get()
  }
}
