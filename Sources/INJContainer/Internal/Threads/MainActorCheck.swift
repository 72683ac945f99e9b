import Dispatch

#if canImport(Darwin)
import Darwin
#else
// `Thread.isMainThread`: the C library hides `gettid`, and Foundation keeps the
// main thread's identity from start-up.
import Foundation
#endif

/// Whether the caller runs where the main actor runs: the check that lets a
/// main-actor creator run synchronously, and only there.
enum MainActorCheck {
  /// Whether the caller runs on the main thread, or in a job of the main dispatch
  /// queue (which is where main-actor jobs run once the main thread has handed the
  /// queue over, as on Linux after `dispatchMain()`).
  ///
  /// Whether the thread is the main thread is remembered per thread (in
  /// ``ThreadState``): on Linux asking costs two system calls (`getpid` and `gettid`),
  /// more than the rest of a creation, and a thread never becomes or stops being the
  /// main thread.
  static var isOnMainActor: Bool {
    ThreadState.current.pointee.isMainThread
      || DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }

  /// Whether the calling thread is the main thread, asked of the system.
  static var isMainThreadAskingTheSystem: Bool {
    #if canImport(Darwin)
    pthread_main_np() != 0
    #else
    Thread.isMainThread
    #endif
  }

  /// A key that only the main queue has a value for.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
}
