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
///
/// Both live in one cell per thread, found with one thread-specific read and
/// written in place, so starting and ending a resolution costs no system call.
enum CurrentResolution {
  struct Cell {
    var pointer: UnsafeMutablePointer<Resolution>?
    var spareFrames: ContiguousArray<Resolution.Frame>
    /// The hashes of names this thread looked up recently (see `NameHashes`);
    /// `NameHashes.entryCount` entries, owned by the cell.
    let nameHashes: UnsafeMutablePointer<NameHashes.Entry>
    /// Emptied dependency storage of finished creations, for the next creations
    /// of the same providers: most resolutions then allocate nothing but the
    /// products. `valueStoreCount` entries, owned by the cell, each for the
    /// providers whose identity falls on it (`valueStoreIndex(of:)`).
    let valueStores: UnsafeMutablePointer<DependencyValues?>
  }

  /// The number of dependency storages a thread keeps.
  static let valueStoreCount = 32

  /// The entry of `valueStores` for a provider: bits of its address above the
  /// allocator's alignment.
  @inline(__always)
  static func valueStoreIndex(of registration: Registration) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(registration)) >> 4)
      & (valueStoreCount - 1)
  }

  /// Frees a thread's cell when the thread ends.
  private static let cellKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    pthread_key_create(&key) { CurrentResolution.freeCell($0) }
    #else
    pthread_key_create(&key) { $0.map(CurrentResolution.freeCell) }
    #endif
    return key
  }()

  private static func freeCell(_ pointer: UnsafeMutableRawPointer) {
    let cell = pointer.assumingMemoryBound(to: Cell.self)
    let nameHashes = cell.pointee.nameHashes
    let valueStores = cell.pointee.valueStores
    cell.deinitialize(count: 1)
    cell.deallocate()
    nameHashes.deallocate()
    valueStores.deinitialize(count: valueStoreCount)
    valueStores.deallocate()
  }

  /// The thread's cell, made on first use and freed when the thread ends.
  @inline(__always)
  static var cell: UnsafeMutablePointer<Cell> {
    if let raw = pthread_getspecific(cellKey) {
      return raw.assumingMemoryBound(to: Cell.self)
    }
    return makeCell()
  }

  private static func makeCell() -> UnsafeMutablePointer<Cell> {
    let cell = UnsafeMutablePointer<Cell>.allocate(capacity: 1)
    let nameHashes = UnsafeMutablePointer<NameHashes.Entry>.allocate(
      capacity: NameHashes.entryCount)
    nameHashes.initialize(repeating: NameHashes.Entry(), count: NameHashes.entryCount)
    let valueStores = UnsafeMutablePointer<DependencyValues?>.allocate(capacity: valueStoreCount)
    valueStores.initialize(repeating: nil, count: valueStoreCount)
    cell.initialize(
      to: Cell(pointer: nil, spareFrames: [], nameHashes: nameHashes, valueStores: valueStores))
    pthread_setspecific(cellKey, cell)
    return cell
  }

  /// The resolution in progress on this thread, if any.
  static var pointer: UnsafeMutablePointer<Resolution>? {
    pthread_getspecific(cellKey)?.assumingMemoryBound(to: Cell.self).pointee.pointer
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
