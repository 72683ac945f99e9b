import Dispatch
import INJReflection

#if canImport(Darwin)
import Darwin
#else
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
// `Thread.isMainThread`: the C library hides `gettid`, and Foundation keeps the
// main thread's identity from start-up.
import Foundation
#endif

/// Thread facts the resolver needs.
enum Threads {
  /// Whether the caller runs where the main actor runs: on the main thread, or in
  /// a job of the main dispatch queue (which is where main-actor jobs run once the
  /// main thread has handed the queue over, as on Linux after `dispatchMain()`).
  static var isOnMainActor: Bool {
    #if canImport(Darwin)
    if pthread_main_np() != 0 { return true }
    #else
    if Thread.isMainThread { return true }
    #endif
    return DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }

  /// A key that only the main queue has a value for.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
}

/// Per-thread state of resolutions: the resolution in progress on the thread, so
/// that a creator calling back into a container continues it, and frame storage
/// kept between resolutions so a resolution allocates no stack of its own.
enum CurrentResolution {
  private static let currentKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Frees a thread's spare frames when the thread ends.
  private static let spareFramesKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    pthread_key_create(&key) { CurrentResolution.freeSpareFrames($0) }
    #else
    pthread_key_create(&key) { $0.map(CurrentResolution.freeSpareFrames) }
    #endif
    return key
  }()

  private static func freeSpareFrames(_ pointer: UnsafeMutableRawPointer) {
    let frames = pointer.assumingMemoryBound(to: ContiguousArray<Resolution.Frame>.self)
    frames.deinitialize(count: 1)
    frames.deallocate()
  }

  /// The resolution in progress on this thread, if any.
  static var pointer: UnsafeMutablePointer<Resolution>? {
    get { pthread_getspecific(currentKey)?.assumingMemoryBound(to: Resolution.self) }
    set { pthread_setspecific(currentKey, newValue) }
  }

  /// The thread's cell for spare frame storage, made on first use and freed when
  /// the thread ends.
  private static var spareFramesCell: UnsafeMutablePointer<ContiguousArray<Resolution.Frame>> {
    if let raw = pthread_getspecific(spareFramesKey) {
      return raw.assumingMemoryBound(to: ContiguousArray<Resolution.Frame>.self)
    }
    let cell = UnsafeMutablePointer<ContiguousArray<Resolution.Frame>>.allocate(capacity: 1)
    cell.initialize(to: [])
    pthread_setspecific(spareFramesKey, cell)
    return cell
  }

  static func takeSpareFrames() -> ContiguousArray<Resolution.Frame> {
    let cell = spareFramesCell
    let frames = cell.move()
    cell.initialize(to: [])
    return frames
  }

  static func keepSpareFrames(_ frames: ContiguousArray<Resolution.Frame>) {
    let cell = spareFramesCell
    if frames.capacity > cell.pointee.capacity {
      cell.pointee = frames
    }
  }
}

/// A mutex with a condition variable, for threads that wait until another thread
/// finishes creating a singleton.
final class ConditionLock: @unchecked Sendable {
  // The pthread primitives live at stable heap addresses owned by this object and
  // are themselves safe to use from any thread; that is what makes the class
  // Sendable.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    condition.deallocate()
  }

  /// Runs `body` with the mutex held.
  func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Releases the mutex until another thread broadcasts, then holds it again.
  /// Call only while holding the mutex, inside `withLock`.
  func wait() {
    pthread_cond_wait(condition, mutex)
  }

  /// Wakes every waiting thread. Call while holding the mutex.
  func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
