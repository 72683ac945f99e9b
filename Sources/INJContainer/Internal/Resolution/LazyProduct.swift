import INJPrimitives
import INJReflection

/// The product of one lazy value (``Lazy``, ``WeakLazy``): made once, the first time it
/// is read, then given on every read (while something holds it, when held weakly).
///
/// It is made under a claim (``Claims``), as a singleton is: a second thread reading it
/// meanwhile waits for that product, and a read that needs itself, or a wait that could
/// never end, is a cycle error instead of a deadlock.
final class LazyProduct: Sendable {
  private let cell: ResettableCell
  /// The name read, for a cycle's report.
  private let name: String

  init(name: String, weakly: Bool) {
    self.name = name
    cell = ResettableCell(weak: weakly)
  }

  /// The product, made by `make` on the first read; nil once a weakly held product is
  /// gone.
  func value(making make: () throws(ResolutionError) -> Resolved) throws(ResolutionError) -> Any? {
    if cell.wasStored { return cell.value?.anyValue }
    return try Resolver.nested { (resolver) throws(ResolutionError) -> Any? in
      let owner = resolver.outermost.pointee.claimOwner
      let outcome: Claims.Outcome?
      do throws(Claims.Refusal) {
        outcome = try Claims.shared.claim(self, name: name, for: owner) { cell.value }
      } catch {
        throw resolver.error(for: name, reason: error.reason)
      }
      if case .available(let value) = outcome { return value.anyValue }
      var product: Resolved?
      defer { Claims.shared.release(self) { product.map(cell.store) } }
      product = try make()
      return product?.anyValue
    }
  }
}
