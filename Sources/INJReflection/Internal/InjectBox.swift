/// The reference storage behind one `@Inject` property.
///
/// Every copy of the wrapper shares the box, so the injector can fill the property
/// through a read-only view of the object that holds it.
final class InjectBox<Value> {
  var value: Value?

  /// For provider-closure properties: turns a factory into a closure of the
  /// property's exact type. The closure's result type is known statically here
  /// (it is chosen by the wrapper's initializer), which is what makes a closure
  /// typed with a supertype of the product possible.
  let closureMaker: ((ProviderFactory) -> Value)?

  init(closureMaker: ((ProviderFactory) -> Value)?) {
    self.closureMaker = closureMaker
  }

  /// Sets the value from what a source offers.
  ///
  /// - Throws: ``InjectionError`` when the offered value does not fit the property.
  func fill(
    with offered: InjectionValue, propertyName: String, ownerType: Any.Type
  ) throws(InjectionError) {
    value = try InjectionValue.convert(
      offered, to: Value.self, closureMaker: closureMaker,
      propertyName: propertyName, ownerType: ownerType)
  }
}
