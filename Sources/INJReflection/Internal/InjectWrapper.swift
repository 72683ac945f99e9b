/// What the injector needs from an ``Inject`` property, without knowing its value
/// type.
protocol InjectWrapper {
  /// Fills the wrapper stored at `address` (inside an object) when it is nil and the
  /// source offers a value for `name`; returns whether it was filled.
  static func fillStoredWrapper(
    at address: UnsafeRawPointer, named name: String, from source: any InjectionSource,
    ownerType: Any.Type
  ) throws(InjectionError) -> Bool

  /// Fills this wrapper when it is nil and the source offers a value for `name`;
  /// returns whether it was filled.
  func fill(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool
}

extension Inject: InjectWrapper {
  static func fillStoredWrapper(
    at address: UnsafeRawPointer, named name: String, from source: any InjectionSource,
    ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    // Reads the wrapper (a single reference to its box) out of the object; the
    // object's memory itself is never written.
    try address.load(as: Inject<Value>.self).fill(named: name, from: source, ownerType: ownerType)
  }

  func fill(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    guard box.value == nil, let offered = source.injectionValue(forProperty: name) else {
      return false
    }
    try box.fill(with: offered, propertyName: name, ownerType: ownerType)
    return true
  }
}
