/// Fills the properties an ``Injectable`` object hands to it.
///
/// A property is filled only when it is still nil and its source offers a value
/// for its name; a property that holds a value is never overwritten.
///
/// ```swift
/// func injectProperties(_ injector: inout PropertyInjector) throws {
///   try injector.inject(&productsService, named: "productsService")
/// }
/// ```
public struct PropertyInjector {
  private let source: any InjectionSource
  private let ownerType: Any.Type
  /// How many properties this injector has filled.
  public private(set) var injectedCount = 0
  /// Every name handed to the injector, when it is listing names.
  var handedNames: [String]?

  /// Creates an injector that fills properties from `source`.
  ///
  /// - Parameters:
  ///   - source: Offers a value for each property name that may be injected.
  ///   - ownerType: The type of the object being injected, named in errors.
  package init(source: any InjectionSource, ownerType: Any.Type) {
    self.source = source
    self.ownerType = ownerType
  }

  /// Fills `property` when it is nil and the source offers a value for `name`.
  ///
  /// A provider-closure dependency (`fooProvider`) fills a closure property of any
  /// type its provider's products fit: `() -> Foo`, `() throws -> any Screen`,
  /// `@MainActor () -> Foo`, `(String) -> Foo` for a creator taking an argument, and
  /// the like.
  ///
  /// - Parameters:
  ///   - property: The property, passed `inout`; `T?` and `T!` both work.
  ///   - name: The dependency name the property takes its value from.
  /// - Throws: ``InjectionError`` when the offered value is not a `T`, or a provider
  ///   closure cannot be one.
  public mutating func inject<T>(_ property: inout T?, named name: String) throws {
    handedNames?.append(name)
    guard property == nil, let offered = source.injectionValue(forProperty: name) else {
      return
    }
    property = try InjectionValue.convert(
      offered, to: T.self, propertyName: name, ownerType: ownerType)
    injectedCount += 1
  }
}
