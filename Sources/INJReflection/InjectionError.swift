/// Why an object's properties could not be injected.
///
/// Its ``description`` says what happened, where, and how to fix it, for example:
///
/// ```
/// Cannot inject 'productsService' into ProductsListViewController: the property
/// holds ProductsService, but the dependency 'productsService' is of type String.
/// Change the property's type, or register a value of type ProductsService under
/// 'productsService'.
/// ```
public struct InjectionError: Error, CustomStringConvertible, Hashable {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// The value offered for a property is not of the property's type.
    case typeMismatch(expected: String, actual: String)
    /// The object is a value type with `@Inject` properties; its copies would share
    /// them, so it is not injected.
    case valueType(injectProperties: [String])
    /// A provider closure's product cannot be cast to the closure's result type.
    case closureResultMismatch(expected: String, actual: String)
    /// A provider closure that could be called off the main actor was asked for, but
    /// the provider makes its products on the main actor: the closure type asked
    /// for, and the main-actor closure type offered instead.
    case mainActorClosure(expected: String, offered: String)
    /// A synchronous provider closure was asked for, but the provider's creator is
    /// async: the closure type asked for, and the async closure type offered instead.
    case asyncClosure(expected: String, offered: String)
    /// A provider closure without the argument its provider's creator takes (named
    /// `expected`) was asked for; its closures take one (`offered`).
    case argumentClosure(expected: String, offered: String)
    /// A provider closure taking an argument was asked for, but the provider's creator
    /// takes none: the closure type asked for, and the one offered instead.
    case unexpectedArgument(expected: String, offered: String)
    /// A provider closure of a type the container cannot make was asked for: the
    /// closure type, what it has that provider closures cannot (`feature`, such as
    /// "typed throws"), and the closure type offered instead.
    case unsupportedClosure(expected: String, feature: String, offered: String)
    /// A property that holds no closure (of type `expected`) depends on a provider
    /// closure name, whose closure (`offered`) it cannot hold.
    case providerClosureProperty(expected: String, offered: String)
  }

  /// What went wrong.
  public var reason: Reason
  /// The name of the property concerned, when one is.
  public var propertyName: String?
  /// The type of the object being injected, or, for an error about a provider closure
  /// with no property concerned, the type its provider declares.
  public var typeName: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What went wrong.
  ///   - propertyName: The property concerned, if any.
  ///   - typeName: The type of the object being injected.
  @usableFromInline
  package init(reason: Reason, propertyName: String?, typeName: String) {
    self.reason = reason
    self.propertyName = propertyName
    self.typeName = typeName
  }

  /// A sentence saying what happened, where, and how to fix it. About a property that
  /// cannot hold the closure of its dependency, the text names the property and that
  /// dependency: `base`, the property's name without `Provider`.
  public var description: String {
    let property = propertyName ?? ""
    let base = property.hasSuffix("Provider") ? String(property.dropLast(8)) : property
    let start = "Cannot inject '\(property)' into \(typeName): the property holds"
    // A provider closure refused for what its provider does: the closure type asked for,
    // the one to declare instead, and why, said of the provider's closures and of the
    // closure of `base`.
    let (expected, offered, why, whyOfBase): (String, String, String, String)
    // The refusal for a creator that `does` something, so that its closures `are` so.
    func creator(
      _ asked: String, _ closure: String, does: String, are: String
    ) -> (String, String, String, String) {
      (
        asked, closure, "its provider's creator \(does), so its closures \(are)",
        "the creator of '\(base)' \(does), so its provider closure is \(closure)"
      )
    }
    switch reason {
    case .typeMismatch(let expected, let actual):
      return "Cannot inject '\(property)' into \(typeName): the property holds \(expected), "
        + "but the dependency '\(property)' is of type \(actual). Change the property's "
        + "type, or register a value of type \(expected) under '\(property)'."
    case .valueType(let names):
      return "Cannot inject into \(typeName): it is a value type, and its copies would share "
        + "its @Inject properties \(names.map { "'\($0)'" }.joined(separator: ", ")). Pass the "
        + "dependencies to its initializer in the creator, or make \(typeName) a class."
    case .closureResultMismatch(let expected, let actual):
      return propertyName == nil
        ? "A provider closure returning \(expected) cannot return \(actual), the type of a "
          + "value made by a provider of \(typeName). Declare the closure's result as "
          + "\(actual) or one of its protocols or superclasses."
        : "\(start) a closure returning \(expected), but '\(base)' provides \(actual), which "
          + "such a closure cannot return. Make it return \(actual) or one of its protocols "
          + "or superclasses."
    case .providerClosureProperty(let expected, let offered):
      return propertyName == nil
        ? "A value of type \(expected) cannot be made from a provider closure of type "
          + "\(offered). Ask for \(offered)."
        : "\(start) \(expected), but '\(property)' is the provider closure of '\(base)', "
          + "\(offered). Make the property hold \(offered), or depend on '\(base)' for "
          + "the value itself."
    case .mainActorClosure(let asked, let closure):
      (expected, offered, why, whyOfBase) = (
        asked, closure,
        "its provider runs on the main actor, so its closures are main-actor closures",
        "'\(base)' is made on the main actor, so its provider closure is \(closure), which "
          + "only the main actor can call"
      )
    case .asyncClosure(let asked, let closure):
      (expected, offered, why, whyOfBase) = creator(
        asked, closure, does: "is async", are: "are async")
    case .argumentClosure(let asked, let closure):
      (expected, offered, why, whyOfBase) = creator(
        asked, closure, does: "takes an argument", are: "take one")
    case .unexpectedArgument(let asked, let closure):
      (expected, offered, why, whyOfBase) = creator(
        asked, closure, does: "takes no argument", are: "take none")
    case .unsupportedClosure(let asked, let feature, let closure):
      (expected, offered, why, whyOfBase) = (
        asked, closure, "provider closures cannot have \(feature)",
        "a provider closure cannot have \(feature)"
      )
    }
    return propertyName == nil
      ? "A provider closure of type \(expected) cannot make \(typeName): \(why). Declare the "
        + "closure as \(offered)."
      : "\(start) \(expected), but \(whyOfBase). Make the property hold \(offered)."
  }
}
