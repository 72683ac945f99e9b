#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it.
func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
  final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
  let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
  defer { attributes.deallocate() }
  pthread_attr_init(attributes)
  pthread_attr_setstacksize(attributes, stackSize)
  let context = Unmanaged.passRetained(Body(body)).toOpaque()
  #if canImport(Darwin)
  var thread: pthread_t?
  #else
  var thread = pthread_t()
  #endif
  let created = pthread_create(
    &thread, attributes,
    { context in
      Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
      return nil
    }, context)
  precondition(created == 0, "pthread_create failed: \(created)")
  pthread_attr_destroy(attributes)
  #if canImport(Darwin)
  pthread_join(thread!, nil)
  #else
  pthread_join(thread, nil)
  #endif
}
