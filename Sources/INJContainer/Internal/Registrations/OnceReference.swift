import INJPrimitives
import INJReflection

/// A reference that is set at most once, then read by any thread without a lock, in a
/// word of its own: a ``OnceWord`` over an ``AtomicReference``, released when the
/// reference goes.
///
/// Invariant: that of ``OnceWord``, whose owner this is: `deinit`, which runs once (the
/// type is noncopyable), releases the object. `OnceReferenceTests` sets and reads cells
/// from many threads under ThreadSanitizer.
struct OnceReference<Object: AnyObject>: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: the word is an `AtomicReference`, and the object
  // is shared only as its owner decided it may be.
  private let slot = AtomicReference<Object>()

  init() {}

  private var once: OnceWord<Object> {
    OnceWord(slot.word)
  }

  /// The object, once set.
  var object: Object? {
    once.object
  }

  /// Runs `body` with the object borrowed, without reference counting; nil before the
  /// object is set.
  @inline(__always)
  func withObject<Result>(_ body: (Object) -> Result) -> Result? {
    once.withObject(body)
  }

  /// Sets the object unless one is set already; returns the one set.
  func setIfEmpty(_ object: Object) -> Object {
    once.setIfEmpty(object)
  }

  deinit {
    once.release()
  }
}
