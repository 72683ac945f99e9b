/// A type that hands each of its injectable properties to an injector: the
/// explicit, fastest way to be injected.
///
/// Conform in any file, for instance in the app's composition root, so that the
/// class itself imports nothing:
///
/// ```swift
/// extension RootViewController: Injectable {
///   func injectProperties(_ injector: inout PropertyInjector) throws {
///     try injector.inject(&productsService, named: "productsService")
///     try injector.inject(&detailsProvider, named: "detailsViewControllerProvider")
///   }
/// }
/// ```
///
/// A subclass overrides the method and calls `super` so the superclass's properties
/// are handed over too. Works with `T?` and `T!` properties. Because the
/// properties are passed `inout`, a property observer (`didSet`) runs for every
/// property handed over, even when nothing is injected into it.
///
/// A type may also use ``Inject`` properties; the container fills those after
/// calling this method.
public protocol Injectable: AnyObject {
  /// Hands each injectable property to the injector.
  ///
  /// - Parameter injector: Fills a property when it is nil and its name is allowed.
  /// - Throws: ``InjectionError`` when a value does not fit a property.
  func injectProperties(_ injector: inout PropertyInjector) throws
}
