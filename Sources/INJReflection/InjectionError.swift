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

  /// A sentence saying what happened, where, and how to fix it.
  public var description: String {
    if let propertyName, let text = closurePropertyText(propertyName) {
      return text
    }
    let property = propertyName ?? ""
    return switch reason {
    case .typeMismatch(let expected, let actual):
      "Cannot inject '\(property)' into \(typeName): the property holds \(expected), "
        + "but the dependency '\(property)' is of type \(actual). Change the property's "
        + "type, or register a value of type \(expected) under '\(property)'."
    case .valueType(let names):
      "Cannot inject into \(typeName): it is a value type, and its copies would share "
        + "its @Inject properties \(names.map { "'\($0)'" }.joined(separator: ", ")). Pass "
        + "the dependencies to its initializer in the creator, or make \(typeName) a class."
    case .closureResultMismatch(let expected, let actual):
      "A provider closure returning \(expected) cannot return \(actual), the type of a "
        + "value made by a provider of \(typeName). Declare the closure's result as "
        + "\(actual) or one of its protocols or superclasses."
    case .mainActorClosure(let expected, let offered):
      "A provider closure of type \(expected) cannot make \(typeName): its provider runs "
        + "on the main actor, so its closures are main-actor closures. Declare the closure "
        + "as \(offered)."
    case .asyncClosure(let expected, let offered):
      "A provider closure of type \(expected) cannot make \(typeName): its provider's "
        + "creator is async, so its closures are async. Declare the closure as \(offered)."
    case .argumentClosure(let expected, let offered):
      "A provider closure of type \(expected) cannot make \(typeName): its provider's "
        + "creator takes an argument, so its closures take one. Declare the closure as "
        + "\(offered)."
    case .unexpectedArgument(let expected, let offered):
      "A provider closure of type \(expected) cannot make \(typeName): its provider's "
        + "creator takes no argument, so its closures take none. Declare the closure as "
        + "\(offered)."
    case .unsupportedClosure(let expected, let feature, let offered):
      "A provider closure of type \(expected) cannot make \(typeName): provider closures "
        + "cannot have \(feature). Declare the closure as \(offered)."
    case .providerClosureProperty(let expected, let offered):
      "A value of type \(expected) cannot be made from a provider closure of type "
        + "\(offered). Ask for \(offered)."
    }
  }

  /// The text of a provider-closure property that cannot hold its dependency's
  /// closure, or nil for other reasons.
  private func closurePropertyText(_ property: String) -> String? {
    let base = property.hasSuffix("Provider") ? String(property.dropLast(8)) : property
    let start = "Cannot inject '\(property)' into \(typeName): the property holds"
    return switch reason {
    case .typeMismatch, .valueType:
      nil
    case .closureResultMismatch(let expected, let actual):
      "\(start) a closure returning \(expected), but '\(base)' provides \(actual), which "
        + "such a closure cannot return. Make it return \(actual) or one of its protocols "
        + "or superclasses."
    case .mainActorClosure(let expected, let offered):
      "\(start) \(expected), but '\(base)' is made on the main actor, so its provider "
        + "closure is \(offered), which only the main actor can call. Make the property "
        + "hold \(offered)."
    case .asyncClosure(let expected, let offered):
      "\(start) \(expected), but the creator of '\(base)' is async, so its provider "
        + "closure is \(offered). Make the property hold \(offered)."
    case .argumentClosure(let expected, let offered):
      "\(start) \(expected), but the creator of '\(base)' takes an argument, so its "
        + "provider closure is \(offered). Make the property hold \(offered)."
    case .unexpectedArgument(let expected, let offered):
      "\(start) \(expected), but the creator of '\(base)' takes no argument, so its "
        + "provider closure is \(offered). Make the property hold \(offered)."
    case .unsupportedClosure(let expected, let feature, let offered):
      "\(start) \(expected), but a provider closure cannot have \(feature). Make the "
        + "property hold \(offered)."
    case .providerClosureProperty(let expected, let offered):
      "\(start) \(expected), but '\(property)' is the provider closure of '\(base)', "
        + "\(offered). Make the property hold \(offered), or depend on '\(base)' for "
        + "the value itself."
    }
  }
}
