/// A dependency on a name that nothing registers: usually a typo.
public struct MissingDependency: Hashable, Sendable {
  /// The name nobody registered.
  public var name: String
  /// The provider that depends on it.
  public var requiredBy: String
  /// The closest registered name, if any is close.
  public var suggestion: String?
  /// Where the provider that depends on it was registered.
  public var site: RegistrationSite?
  /// The module checked alone (``ContainerModule/checkForErrors()``) when the name was
  /// found missing: the name may belong to another module, which the module's `needs`
  /// should then declare.
  var moduleCheckedAlone: String?

  /// Creates a missing dependency.
  ///
  /// - Parameters:
  ///   - name: The name nobody registered.
  ///   - requiredBy: The provider that depends on it.
  ///   - suggestion: The closest registered name, if any is close.
  ///   - site: Where the provider was registered.
  package init(
    name: String, requiredBy: String, suggestion: String? = nil, site: RegistrationSite? = nil
  ) {
    self.name = name
    self.requiredBy = requiredBy
    self.suggestion = suggestion
    self.site = site
  }
}

extension MissingDependency {
  /// The description of ``ValidationProblem/missingDependency(_:)``.
  var problemDescription: String {
    let site = site.map { " (\($0))" } ?? ""
    var line = "'\(requiredBy)'\(site) depends on '\(name)', "
    if name.hasSuffix("Provider"), name.count > "Provider".count {
      line += "a provider closure for '\(name.dropLast("Provider".count))', "
    }
    guard let module = moduleCheckedAlone else {
      return line + "which is not registered."
        + (suggestion.map { " Did you mean '\($0)'?" }
          ?? " Register it, or remove it from the dependencies of '\(requiredBy)'.")
    }
    line += "which \(module) does not register."
    if let suggestion {
      return line + " Did you mean '\(suggestion)'? If another module registers '\(name)', add "
        + "it to \(module)'s needs."
    }
    return line + " If another module registers it, add it to \(module)'s needs; if none does, "
      + "register it, or remove it from the dependencies of '\(requiredBy)'."
  }
}
