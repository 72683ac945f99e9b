/// The reference storage behind one `@Inject` property.
///
/// Every copy of the wrapper shares the box, so the injector can fill the property
/// through a read-only view of the object that holds it.
///
/// The code that depends on `Value` (reading and writing the value, converting an
/// offered one) is inlinable and reached through `filler`, a function chosen where
/// the wrapper is created, so it is specialized for the property's own type: the
/// injector itself never works with the generic `Value`.
@usableFromInline
final class InjectBox<Value> {
  /// Whether `value` is nil; kept in step with it so the injector can test it
  /// without knowing `Value`.
  @usableFromInline var isEmpty = true
  @usableFromInline var value: Value?
  /// Converts an offered value to `Value` and stores it.
  @usableFromInline let filler: Filler

  @usableFromInline
  typealias Filler = (
    InjectBox<Value>, InjectionValue, _ propertyName: String, _ ownerType: Any.Type
  ) throws(InjectionError) -> Void

  @inlinable
  init(filler: @escaping Filler) {
    self.filler = filler
  }

  @inlinable
  func set(_ newValue: Value?) {
    value = newValue
    isEmpty = newValue == nil
  }

  /// Stores a plain value offered for a property of type `Value`.
  @inlinable
  static func fillValue(
    _ box: InjectBox<Value>, _ offered: InjectionValue, _ propertyName: String,
    _ ownerType: Any.Type
  ) throws(InjectionError) {
    box.set(
      try InjectionValue.convert(
        offered, to: Value.self, closureMaker: nil, propertyName: propertyName,
        ownerType: ownerType))
  }

  /// Sets the value from what `source` offers for `name`, unless the value is
  /// set already or nothing is offered; returns whether it was set.
  ///
  /// - Throws: ``InjectionError`` when the offered value does not fit the property.
  func fillIfEmpty(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    guard isEmpty, let offered = source.injectionValue(forProperty: name) else {
      return false
    }
    try filler(self, offered, name, ownerType)
    return true
  }
}

extension InjectBox {
  /// Stores the closure made from an offered factory (or a ready closure) for a
  /// property of type `() -> Product`.
  @inlinable
  static func fillClosure<Product>(
    _ box: InjectBox<Value>, _ offered: InjectionValue, _ propertyName: String,
    _ ownerType: Any.Type
  ) throws(InjectionError) where Value == () -> Product {
    box.set(
      try InjectionValue.convert(
        offered, to: Value.self, closureMaker: { $0.closure(returning: Product.self) },
        propertyName: propertyName, ownerType: ownerType))
  }

  /// Stores the closure made from an offered factory (or a ready closure) for a
  /// property of type `() throws -> Product`.
  @inlinable
  static func fillThrowingClosure<Product>(
    _ box: InjectBox<Value>, _ offered: InjectionValue, _ propertyName: String,
    _ ownerType: Any.Type
  ) throws(InjectionError) where Value == () throws -> Product {
    box.set(
      try InjectionValue.convert(
        offered, to: Value.self,
        closureMaker: { $0.throwingClosure(returning: Product.self) },
        propertyName: propertyName, ownerType: ownerType))
  }
}
