import INJPrimitives
import INJReflection

/// The product of one lazy value (``Lazy``, ``WeakLazy``): made once, the first time it
/// is read, then given on every read (while something holds it, when held weakly).
///
/// It is made under a claim (``Claims``), as a singleton is: a second thread reading it
/// meanwhile waits for that product, and a read that needs itself, or a wait that could
/// never end, is a cycle error instead of a deadlock.
final class LazyProduct: Sendable {
  private struct Held: @unchecked Sendable {
    // Guarded by the `Locked` that holds it; the product is shared as any product is.
    var isMade = false
    var product: Resolved?
    weak var object: AnyObject?
  }

  private let held = Locked(Held())
  private let holdsWeakly: Bool
  /// The name read, for a cycle's report.
  private let name: String

  init(name: String, weakly: Bool) {
    self.name = name
    holdsWeakly = weakly
  }

  /// The product, made by `make` on the first read; nil once a weakly held product is
  /// gone.
  func value(making make: () throws(ResolutionError) -> Resolved) throws(ResolutionError) -> Any? {
    if let (made, product) = made() { return made ? product?.anyValue : nil }
    return try Resolver.withClaimOwner { (owner) throws(ResolutionError) -> Any? in
      let outcome: Claims.Outcome?
      do throws(Claims.Refusal) {
        outcome = try Claims.shared.claim(self, name: name, for: owner) { self.made()?.1 }
      } catch {
        throw ThreadRequest().error(for: name, reason: error.reason)
      }
      if case .available(let value) = outcome { return value.anyValue }
      var product: Resolved?
      defer {
        Claims.shared.release(self) {
          guard let product else { return }
          held.withLock { held in
            held.isMade = true
            if !holdsWeakly {
              held.product = product
            } else if product.kind == .object {
              held.object = product.object
            }
          }
        }
      }
      product = try make()
      return product?.anyValue
    }
  }

  /// Whether the product was made, with it while it is held; nil before it is made.
  private func made() -> (Bool, Resolved?)? {
    held.withLock { held in
      guard held.isMade else { return nil }
      return (true, held.product ?? held.object.map { Resolved(object: $0) })
    }
  }
}
