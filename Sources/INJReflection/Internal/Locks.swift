#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The package's locks. Both wrap POSIX primitives rather than
// `Synchronization.Mutex`, because ThreadSanitizer sees the pthread calls (it
// intercepts them) but not `Mutex`, whose lock lives in uninstrumented toolchain
// code: with `Mutex`, every test of code that registers from several threads
// reported false races.
//
// Each primitive lives at a stable heap address owned by its lock object, is
// initialised in `init` and destroyed in `deinit`, and is only ever used through
// the methods below. That is what makes the classes safe to share between threads
// (`@unchecked Sendable`); `LockTests` checks them under ThreadSanitizer.

/// A value guarded by a mutex: the package's lock for state that threads share.
package final class Locked<Value>: @unchecked Sendable {
  // `value` is read and written only inside `withLock`, with `mutex` held: two
  // accesses never overlap (a body that asked for the lock again would wait for
  // itself before touching the value), so the run-time exclusivity check is skipped.
  @exclusivity(unchecked) private var value: Value
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  /// Guards `value`.
  package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value with the mutex held.
  @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

/// A value guarded by a mutex, with a condition variable so that threads can wait
/// until another thread changes the value.
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

  /// Runs `body` with the mutex held; it reaches the value, and waits, through the
  /// ``Guard`` it receives.
  package func withLock<Result, Failure: Error>(
    _ body: (Guard) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(Guard(lock: self))
  }

  /// What a body running under the lock can do. Use it only inside that body.
  package struct Guard {
    fileprivate let lock: ConditionLocked

    /// Reads or changes the value. Do not wait inside `change`.
    package func access<Result>(_ change: (inout Value) -> Result) -> Result {
      change(&lock.value)
    }

    /// Releases the mutex until another thread calls ``wakeAll()``, then holds it
    /// again. The value may have changed meanwhile, and a wait may also end
    /// spuriously: check the value again after it.
    package func wait() {
      pthread_cond_wait(lock.condition, lock.mutex)
    }

    /// Wakes every thread waiting on this lock.
    package func wakeAll() {
      pthread_cond_broadcast(lock.condition)
    }
  }
}
