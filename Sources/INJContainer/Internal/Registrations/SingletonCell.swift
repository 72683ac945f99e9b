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
/// it, made again after it goes; or of a named scope, held until the scope is reset.
///
/// Loading and storing a weak reference are not atomic, so the product is read and
/// written only with its lock held; and since a reset may drop it at any time, a reader
/// retains it with the lock held.
struct ResettableCell: Sendable {
  private let content = Locked(Content())
  /// Whether the product is held weakly.
  private let isWeak: Bool

  // Guarded by the `Locked` that holds it; the product itself is shared as any
  // product is.
  private struct Content: @unchecked Sendable {
    weak var object: AnyObject?
    var product: Resolved?
    var wasStored = false
  }

  init(weak isWeak: Bool) {
    self.isWeak = isWeak
  }

  /// The product, if it is still held.
  var value: Resolved? {
    content.withLock { $0.product ?? $0.object.map { Resolved(object: $0) } }
  }

  /// Keeps `product`: weakly, for a weak singleton, and only when it is an object (a
  /// `nil` of an optional product is not kept).
  func store(_ product: Resolved) {
    content.withLock { content in
      content.wasStored = true
      if !isWeak {
        content.product = product
      } else if product.kind == .object {
        content.object = product.object
      }
    }
  }

  /// Whether a product was stored, even one no longer held.
  var wasStored: Bool { content.withLock { $0.wasStored } }

  /// Drops the product: the next resolution makes a new one.
  ///
  /// - Returns: The product dropped, for the caller to release after its own locks: its
  ///   deinit may resolve something.
  func clear() -> Resolved? {
    content.withLock { content -> Resolved? in
      content.object = nil
      return content.product.take()
    }
  }
}
