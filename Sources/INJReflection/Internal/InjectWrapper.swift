/// What the injector needs from an ``Inject`` property found by `Mirror` in an
/// instance, without knowing its value type.
protocol InjectWrapper {
  /// Fills this wrapper when it is nil and the source offers a value for `name`;
  /// returns whether it was filled.
  func fill(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool
}

extension Inject: InjectWrapper {
  func fill(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    try box.fillIfEmpty(named: name, from: source, ownerType: ownerType)
  }
}
