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

/// Runs `body` on a new thread whose stack is `stackSize` bytes, and waits for it to
/// end.
///
/// Any recursion over the size of a graph would overflow such a stack, so running
/// an algorithm here proves it iterative.
///
/// - Parameters:
///   - stackSize: The thread's stack size in bytes, such as `512 * 1024`.
///   - body: What the thread runs.
/// - Returns: Whether the thread could be started with that stack size.
@discardableResult
public func runOnThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
  guard let thread = startThread(stackSize: stackSize, body) else { return false }
  join(thread)
  return true
}

/// Runs `body(0)`, `body(1)`, … `body(count - 1)` each on a thread of its own, all
/// at once, and returns when every thread has ended: by then each has also
/// released its closure and whatever the closure held.
///
/// - Parameters:
///   - count: How many threads.
///   - body: What thread `index` runs.
public func runConcurrently(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) {
  let threads = (0..<count).map { index in
    guard let thread = startThread(stackSize: nil, { body(index) }) else {
      preconditionFailure("could not start thread \(index)")
    }
    return thread
  }
  threads.forEach(join)
}

private typealias ThreadHandle = pthread_t

/// Starts a thread running `body`, with the given stack size or the default one.
private func startThread(
  stackSize: Int?, _ body: @escaping @Sendable () -> Void
) -> ThreadHandle? {
  let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
  defer { attributes.deallocate() }
  guard pthread_attr_init(attributes) == 0 else { return nil }
  defer { pthread_attr_destroy(attributes) }
  if let stackSize, pthread_attr_setstacksize(attributes, stackSize) != 0 {
    return nil
  }
  let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Darwin)
  var thread: pthread_t?
  let created = pthread_create(
    &thread, attributes,
    { context in
      Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
      return nil
    }, context)
  guard created == 0, let thread else {
    Unmanaged<ThreadBody>.fromOpaque(context).release()
    return nil
  }
  return thread
  #else
  var thread = pthread_t()
  let created = pthread_create(
    &thread, attributes,
    { context in
      Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
      return nil
    }, context)
  guard created == 0 else {
    Unmanaged<ThreadBody>.fromOpaque(context).release()
    return nil
  }
  return thread
  #endif
}

/// Waits for a thread to end.
private func join(_ thread: ThreadHandle) {
  pthread_join(thread, nil)
}

/// A value written by one thread and read by another after joining it.
public final class ThreadResult<Value>: @unchecked Sendable {
  // Written by the thread before it ends and read only after `pthread_join`, which
  // orders the two.

  /// The value; set by the thread before it ends.
  public var value: Value?

  /// Creates an empty result.
  public init() {}
}
