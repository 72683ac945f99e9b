#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a POSIX mutex: the package's lock for state that threads
/// share.
///
/// It takes a `pthread_mutex_t` rather than `Synchronization.Mutex` because
/// ThreadSanitizer sees the former (it intercepts the pthread calls) but not the
/// latter, whose lock lives in uninstrumented toolchain code: with `Mutex`, every
/// test of code that registers from several threads reported false races.
package final class Locked<Value>: @unchecked Sendable {
  // `value` is read and written only inside `withLock`, with `mutex` held; the mutex
  // lives at a stable heap address owned by this object. That is what makes the
  // class safe to share between threads.
  private var value: Value
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
