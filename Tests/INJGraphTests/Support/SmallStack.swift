#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The closure a thread runs, carried across `pthread_create`.
private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void

  init(_ run: @escaping @Sendable () -> Void) {
    self.run = run
  }
}

/// A value written by one thread and read by another after a join.
final class ThreadResult<Value>: @unchecked Sendable {
  /// The value; set by the thread before it ends.
  var value: Value?
}

/// The entry point of a thread: runs the body whose retained reference is `context`.
private func threadMain(_ context: UnsafeMutableRawPointer) {
  let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
  body.run()
}

/// Runs `body` on a new thread whose stack is `stackSize` bytes, and waits for it to end.
///
/// Any recursion over graph size would overflow such a stack, so this proves the algorithms
/// iterative.
///
/// - Returns: Whether the thread could be started with that stack size.
func runOnThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
  var attributes = pthread_attr_t()
  guard pthread_attr_init(&attributes) == 0 else { return false }
  defer { pthread_attr_destroy(&attributes) }
  guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
  let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Darwin)
  var thread: pthread_t?
  let created = pthread_create(
    &thread, &attributes,
    { context in
      threadMain(context)
      return nil
    }, context)
  #else
  var thread = pthread_t()
  let created = pthread_create(
    &thread, &attributes,
    { context in
      threadMain(context!)
      return nil
    }, context)
  #endif
  guard created == 0 else {
    Unmanaged<ThreadBody>.fromOpaque(context).release()
    return false
  }
  #if canImport(Darwin)
  guard let thread else { return false }
  #endif
  pthread_join(thread, nil)
  return true
}
