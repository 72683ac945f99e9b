/// What a source offers for one injectable property.
public enum InjectionValue {
  /// A ready value, set as it is (after a cast to the property's type).
  case value(Any)
  /// A factory, for a provider-closure property: the property receives a closure
  /// that makes a new product on each call.
  case providerClosure(ProviderFactory)
}

extension InjectionValue {
  /// Converts an offered value to a property's type.
  @inlinable
  static func convert<Value>(
    _ offered: InjectionValue, to valueType: Value.Type,
    closureMaker: ((ProviderFactory) throws(InjectionError) -> Value)?,
    propertyName: String, ownerType: Any.Type
  ) throws(InjectionError) -> Value {
    switch offered {
    case .value(let value):
      if let typed = value as? Value {
        return typed
      }
      throw InjectionError.typeMismatch(
        propertyName: propertyName, ownerType: ownerType,
        expected: Value.self, actual: String(describing: type(of: value)))
    case .providerClosure(let factory):
      if let closureMaker {
        do throws(InjectionError) {
          return try closureMaker(factory)
        } catch {
          // The factory's products can never be a `Value`'s result: say so about the
          // property.
          throw InjectionError.typeMismatch(
            propertyName: propertyName, ownerType: ownerType,
            expected: Value.self, actual: factory.closureTypeDescription)
        }
      }
      if let exact = factory.exactClosure(as: Value.self) {
        return exact
      }
      throw InjectionError.typeMismatch(
        propertyName: propertyName, ownerType: ownerType,
        expected: Value.self, actual: factory.closureTypeDescription)
    }
  }
}
