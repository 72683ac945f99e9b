import INJPrimitives

/// A dependency made on first use, then kept for its holder: the first read of
/// ``value`` resolves it, and every later read gives that one product.
///
/// It is declared like a provider closure, on the name `fooProvider`, with `Lazy<Foo>`
/// as its type:
///
/// ```swift
/// final class Checkout {
///   @Inject var paymentsProvider: Lazy<Payments>?
///
///   func pay() throws {
///     try paymentsProvider?.value.charge()   // made here, the first time
///   }
/// }
/// ```
///
/// The name is the provider closure's, so the container's check counts it as a
/// deferred edge, which breaks a cycle as `fooProvider` does, and reports a misspelt
/// base name or a product type that can never be `Foo`. Handed out during a resolution,
/// it resolves object-graph names within that resolution's graph, as provider closures
/// do. Two threads reading it at once get the same product: the product is made once.
public final class Lazy<Value>: LazyValue {
  /// Reads the product, making it on the first read.
  private let read: @Sendable () throws -> Any?
  /// The product, once read.
  private let product = Locked<Value?>(nil)

  /// A lazy value read by `read`, which makes the product once and then gives it.
  package init(reading read: @escaping @Sendable () throws -> Any?) {
    self.read = read
  }

  /// The product, made by the first read.
  ///
  /// - Throws: What resolving it threw (``InjectionError`` for a product that is not a
  ///   `Value`); a read after a failure tries again.
  public var value: Value {
    get throws {
      if let known = product.withLock({ $0 }) { return known }
      let made: Value = try Self.cast(read())
      product.withLock { $0 = made }
      return made
    }
  }

  package static var valueType: Any.Type { Value.self }
  package static var holdsWeakly: Bool { false }
  package static func spelling(of result: Any.Type) -> String { "Lazy<\(result)>" }
}

/// A ``Lazy`` dependency held weakly: made on first use, then shared while something
/// else holds it. After the last holder lets go, ``value`` is `nil`; it is not made again.
///
/// A child's back reference to its parent is one use: `@Inject var parentProvider:
/// WeakLazy<Parent>?` gives the parent the child was made for, and keeps it alive no
/// longer than its other holders do.
public final class WeakLazy<Value: AnyObject>: LazyValue {
  private let read: @Sendable () throws -> Any?

  /// A lazy value read by `read`, which makes the product once and then gives it
  /// while something holds it.
  package init(reading read: @escaping @Sendable () throws -> Any?) {
    self.read = read
  }

  /// The product while something holds it, made by the first read; `nil` after its
  /// last holder let it go.
  ///
  /// - Throws: What resolving it threw (``InjectionError`` for a product that is not a
  ///   `Value`).
  public var value: Value? {
    get throws { try read().map { try Self.cast($0) } }
  }

  package static var valueType: Any.Type { Value.self }
  package static var holdsWeakly: Bool { true }
  package static func spelling(of result: Any.Type) -> String { "WeakLazy<\(result)>" }
}

extension Lazy: Sendable where Value: Sendable {}
extension WeakLazy: Sendable where Value: Sendable {}

/// What ``Lazy`` and ``WeakLazy`` have in common, for the factory that makes them and
/// the check: each is read as the closure `@MainActor () throws -> Value`.
package protocol LazyValue {
  /// The product type.
  static var valueType: Any.Type { get }
  /// Whether the product is held weakly.
  static var holdsWeakly: Bool { get }
  /// The type as Swift spells it with `result` as its product type: `Lazy<Payments>`.
  static func spelling(of result: Any.Type) -> String
  /// A lazy value read by `read`.
  init(reading read: @escaping @Sendable () throws -> Any?)
}

/// An optional lazy value is made as one: a creator may ask for `Lazy<Foo>?`, as an
/// `@Inject` property holds it.
extension Optional: LazyValue where Wrapped: LazyValue {
  package static var valueType: Any.Type { Wrapped.valueType }
  package static var holdsWeakly: Bool { Wrapped.holdsWeakly }
  package static func spelling(of result: Any.Type) -> String {
    "Optional<\(Wrapped.spelling(of: result))>"
  }
  package init(reading read: @escaping @Sendable () throws -> Any?) {
    self = .some(Wrapped(reading: read))
  }
}

extension LazyValue {
  /// `product` as the lazy value's product type.
  static func cast<Value>(_ product: Any?) throws(InjectionError) -> Value {
    if let value = product as? Value { return value }
    throw InjectionError(
      reason: .closureResultMismatch(
        expected: String(describing: Value.self),
        actual: product.map { String(describing: type(of: $0)) } ?? "nil"),
      propertyName: nil, typeName: String(describing: Self.self))
  }
}
