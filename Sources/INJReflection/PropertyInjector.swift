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
  public init(source: any InjectionSource, ownerType: Any.Type) {
    self.source = source
    self.ownerType = ownerType
  }

  /// Fills `property` when it is nil and the source offers a value for `name`.
  ///
  /// - Parameters:
  ///   - property: The property, passed `inout`; `T?` and `T!` both work.
  ///   - name: The dependency name the property takes its value from.
  /// - Throws: ``InjectionError`` when the offered value is not a `T`.
  public mutating func inject<T>(_ property: inout T?, named name: String) throws {
    try fill(&property, named: name, closureMaker: nil)
  }

  /// Fills a provider-closure property when it is nil and the source offers a
  /// value for `name`.
  ///
  /// `Product` may be a supertype of what the provider makes; each call casts.
  /// The closure stops the program with the full error text when making a product
  /// fails; use a `() throws -> Product` property to get the error instead.
  ///
  /// - Parameters:
  ///   - property: The property, passed `inout`.
  ///   - name: The dependency name, such as `"fooProvider"`.
  /// - Throws: ``InjectionError`` when the offered value is not such a closure.
  public mutating func inject<Product>(
    _ property: inout (() -> Product)?, named name: String
  ) throws {
    try fill(&property, named: name) { (factory) throws(InjectionError) in
      try factory.closure(returning: Product.self)
    }
  }

  /// Fills a throwing provider-closure property when it is nil and the source
  /// offers a value for `name`.
  ///
  /// `Product` may be a supertype of what the provider makes; each call casts.
  ///
  /// - Parameters:
  ///   - property: The property, passed `inout`.
  ///   - name: The dependency name, such as `"fooProvider"`.
  /// - Throws: ``InjectionError`` when the offered value is not such a closure.
  public mutating func inject<Product>(
    _ property: inout (() throws -> Product)?, named name: String
  ) throws {
    try fill(&property, named: name) { (factory) throws(InjectionError) in
      try factory.throwingClosure(returning: Product.self)
    }
  }

  /// Fills a main-actor provider-closure property when it is nil and the source
  /// offers a value for `name`: the closure type of a provider whose products are
  /// made on the main actor, and usable for any other.
  ///
  /// - Parameters:
  ///   - property: The property, passed `inout`.
  ///   - name: The dependency name, such as `"fooProvider"`.
  /// - Throws: ``InjectionError`` when the offered value is not such a closure.
  public mutating func inject<Product>(
    _ property: inout (@MainActor () -> Product)?, named name: String
  ) throws {
    try fill(&property, named: name) { (factory) throws(InjectionError) in
      try factory.mainActorClosure(returning: Product.self)
    }
  }

  /// Fills a throwing main-actor provider-closure property when it is nil and the
  /// source offers a value for `name`.
  ///
  /// - Parameters:
  ///   - property: The property, passed `inout`.
  ///   - name: The dependency name, such as `"fooProvider"`.
  /// - Throws: ``InjectionError`` when the offered value is not such a closure.
  public mutating func inject<Product>(
    _ property: inout (@MainActor () throws -> Product)?, named name: String
  ) throws {
    try fill(&property, named: name) { (factory) throws(InjectionError) in
      try factory.mainActorThrowingClosure(returning: Product.self)
    }
  }

  /// Fills an async provider-closure property when it is nil and the source offers
  /// a value for `name`: the closure type of an async provider.
  ///
  /// - Parameters:
  ///   - property: The property, passed `inout`.
  ///   - name: The dependency name, such as `"fooProvider"`.
  /// - Throws: ``InjectionError`` when the offered value is not such a closure.
  public mutating func inject<Product>(
    _ property: inout (() async throws -> Product)?, named name: String
  ) throws {
    try fill(&property, named: name) { (factory) throws(InjectionError) in
      try factory.asyncClosure(returning: Product.self)
    }
  }

  private mutating func fill<T>(
    _ property: inout T?, named name: String,
    closureMaker: ((ProviderFactory) throws(InjectionError) -> T)?
  ) throws(InjectionError) {
    handedNames?.append(name)
    guard property == nil, let offered = source.injectionValue(forProperty: name) else {
      return
    }
    property = try InjectionValue.convert(
      offered, to: T.self, closureMaker: closureMaker, propertyName: name, ownerType: ownerType)
    injectedCount += 1
  }
}
