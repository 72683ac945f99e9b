import INJPrimitives
import INJReflection

/// The product of a singleton: stored once, then read by any thread without a lock.
///
/// It is set once, by the one thread that claimed the creation (see ``Claims``); the
/// ``OnceWord`` it is kept in, one of its provider's words, lets any thread read it
/// borrowed. The provider releases it as it goes (``OnceWord/release()``).
typealias SingletonCell = OnceWord<SingletonProduct>

extension SingletonCell {
  /// The product, once stored.
  @inline(__always)
  var value: Resolved? {
    withObject { $0.value }
  }

  /// Stores the product. Call once, from the thread that claimed the creation.
  func store(_ value: Resolved) {
    let box = SingletonProduct(value)
    precondition(setIfEmpty(box) === box, "a singleton's product is stored once")
  }
}

/// A product kept by a singleton's cell.
///
/// A type of its own rather than nested in a cell type: a private class nested in a
/// noncopyable struct crashes the 6.3 compiler when other files are optimized without
/// whole-module optimization (as the fuzzer builds them).
final class SingletonProduct: @unchecked Sendable {
  // A `let`, shared as the registering code decided the product may be.
  let value: Resolved
  init(_ value: Resolved) { self.value = value }
}

/// The product of a weak singleton, held weakly: shared while something else holds
/// it, made again after it goes.
///
/// Loading and storing a weak reference are not atomic, so the reference is read and
/// written only with its lock held.
struct WeakSingletonCell: Sendable {
  private let reference = Locked(WeakReference())

  // Guarded by the `Locked` that holds it; the object itself is shared as any
  // product is.
  private struct WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
  }

  /// The product, if something still holds it.
  var value: Resolved? {
    reference.withLock { $0.object }.map { Resolved(object: $0) }
  }

  /// Keeps `object` weakly.
  func store(_ object: AnyObject) {
    reference.withLock { $0.object = object }
  }
}
