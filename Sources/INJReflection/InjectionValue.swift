/// What a source offers for one injectable property: a value, set after a cast to the
/// property's type.
///
/// A closure offered as a value fills a property of exactly its type: offer
/// `{ Foo() } as () -> Foo` for `@Inject var fooProvider: (() -> Foo)?`.
public struct InjectionValue {
  @usableFromInline
  package enum Offer {
    /// A ready value, set as it is (after a cast to the property's type).
    case value(Any)
    /// A factory, for a provider-closure property: the property receives a closure
    /// that makes a new product on each call.
    case providerClosure(ProviderFactory)
  }

  @usableFromInline
  package let offer: Offer

  /// A ready value, set as it is (after a cast to the property's type).
  public static func value(_ value: Any) -> InjectionValue {
    InjectionValue(offer: .value(value))
  }

  /// A factory, for a provider-closure property: the property receives a closure of
  /// its own type that makes a new product on each call.
  package static func providerClosure(_ factory: ProviderFactory) -> InjectionValue {
    InjectionValue(offer: .providerClosure(factory))
  }
}

extension InjectionValue {
  /// Converts an offered value to a property's type: a ready value by a cast, a
  /// factory into a closure of the property's type.
  @inlinable
  static func convert<Value>(
    _ offered: InjectionValue, to valueType: Value.Type, propertyName: String,
    ownerType: Any.Type
  ) throws(InjectionError) -> Value {
    switch offered.offer {
    case .value(let value):
      if let typed = value as? Value {
        return typed
      }
      throw InjectionError(
        reason: .typeMismatch(
          expected: String(describing: Value.self), actual: String(describing: type(of: value))),
        propertyName: propertyName, typeName: String(describing: ownerType))
    case .providerClosure(let factory):
      // Why the factory has no such closure, said about the property.
      do {
        return try factory.closure(as: Value.self)
      } catch {
        throw InjectionError(
          reason: error.reason, propertyName: propertyName, typeName: String(describing: ownerType))
      }
    }
  }
}
