#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The package's locks. They wrap the operating system's locks rather than
// `Synchronization.Mutex`, which Apple platforms have only from iOS 18 and macOS 15,
// and because ThreadSanitizer sees these calls (it intercepts them) but not `Mutex`,
// whose lock lives in uninstrumented toolchain code: with `Mutex`, every test of code
// that registers from several threads reported false races.
//
// Each primitive lives at a stable heap address owned by its lock object (a lock must
// never move while it is in use), is initialised in `init` and destroyed in
// `deinit`, and is only ever used through the methods below. That is what makes the
// classes safe to share between threads (`@unchecked Sendable`); `LockTests` checks
// them under ThreadSanitizer.

/// A value guarded by a lock: the package's lock for state that threads share.
///
/// The lock is the platform's cheapest one that cannot be taken twice by one thread:
/// `os_unfair_lock` on Apple platforms, a default `pthread_mutex_t` elsewhere. Both
/// are released by the thread that took them, and neither is ever taken again by
/// the thread holding it (a body does not call back into its own lock).
package final class Locked<Value>: @unchecked Sendable {
  // `value` is read and written only inside `withLock`, with `lock` held: two
  // accesses never overlap (a body that asked for the lock again would wait for
  // itself before touching the value), so the run-time exclusivity check is skipped.
  @exclusivity(unchecked) @usableFromInline var value: Value
  private let lock = UnsafeMutablePointer<PlatformLock>.allocate(capacity: 1)

  /// Guards `value`.
  package init(_ value: Value) {
    self.value = value
    #if canImport(Darwin)
    lock.initialize(to: os_unfair_lock())
    #else
    pthread_mutex_init(lock, nil)
    #endif
  }

  deinit {
    #if canImport(Darwin)
    lock.deinitialize(count: 1)
    #else
    pthread_mutex_destroy(lock)
    #endif
    lock.deallocate()
  }

  /// Takes the lock, for ``withLock(_:)``.
  @usableFromInline
  func acquire() {
    #if canImport(Darwin)
    os_unfair_lock_lock(lock)
    #else
    pthread_mutex_lock(lock)
    #endif
  }

  /// Releases the lock, for ``withLock(_:)``.
  @usableFromInline
  func release() {
    #if canImport(Darwin)
    os_unfair_lock_unlock(lock)
    #else
    pthread_mutex_unlock(lock)
    #endif
  }
}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension Locked {
  /// Runs `body` on the value with the lock held. Inlinable, so that it is specialized
  /// where it is called: a generic call would look up the metadata of its types.
  @inlinable
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    acquire()
    defer { release() }
    return try body(&value)
  }
}

#if canImport(Darwin)
/// The lock behind ``Locked``: on Apple platforms, `os_unfair_lock`.
typealias PlatformLock = os_unfair_lock
#else
/// The lock behind ``Locked``: elsewhere, `pthread_mutex_t`.
typealias PlatformLock = pthread_mutex_t
#endif

/// A value guarded by a mutex, with a condition variable so that threads can wait
/// until another thread changes the value.
///
/// A `pthread_mutex_t` on every platform, Apple's included: a condition variable
/// waits with a pthread mutex, and `os_unfair_lock` has no condition variable.
///
/// Unlike ``Locked``, the body does not get the value `inout` for its whole run: a
/// thread that waits lets others change the value meanwhile, and an `inout` access
/// spanning the wait would let the compiler keep parts of the value in registers
/// across it (exclusive access promises that nothing else changes it). So the body
/// gets a ``Guard``, and reads or changes the value in short accesses, none of which
/// spans a wait.
package final class ConditionLocked<Value>: @unchecked Sendable {
  // `value` is read and written only through `Guard.access`, inside `withLock`, with
  // `mutex` held; `condition` is waited on and signalled only there too.
  private var value: Value
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// Guards `value`.
  package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    condition.deallocate()
  }

  /// What a body running under the lock can do. Use it only inside that body.
  package struct Guard {
    fileprivate let lock: ConditionLocked
  }
}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension ConditionLocked {
  /// Runs `body` with the mutex held; it reaches the value, and waits, through the
  /// ``Guard`` it receives.
  func withLock<Result, Failure: Error>(
    _ body: (Guard) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(Guard(lock: self))
  }
}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension ConditionLocked.Guard {
  /// Reads or changes the value. Do not wait inside `change`.
  func access<Result>(_ change: (inout Value) -> Result) -> Result {
    change(&lock.value)
  }

  /// Releases the mutex until another thread calls ``wakeAll()``, then holds it
  /// again. The value may have changed meanwhile, and a wait may also end
  /// spuriously: check the value again after it.
  func wait() {
    pthread_cond_wait(lock.condition, lock.mutex)
  }

  /// Wakes every thread waiting on this lock.
  func wakeAll() {
    pthread_cond_broadcast(lock.condition)
  }
}
