/// Something ``Container/validate()`` found that works but is probably not meant.
///
/// Warnings never make ``Container/checkForErrors()`` throw. Each
/// ``description`` is one line saying what is wrong, where, and how to fix it.
public enum ValidationWarning: Hashable, Sendable, CustomStringConvertible {
  /// A shared provider (singleton, weak singleton or named scope) depends directly on a
  /// shorter-lived one (transient or object graph, or for a singleton, a named scope), so it
  /// keeps one of its products alive for as long as it lives: a captive dependency.
  case captiveDependency(
    name: String, site: RegistrationSite, scope: String, dependency: String,
    dependencyScope: String)
  /// A provider makes an object with an `@Inject` property that it never fills,
  /// because the provider does not list the property's name.
  case unlistedInjectProperty(
    provider: String, site: RegistrationSite, type: String, property: String)

  /// One line: what is wrong, where, and how to fix it.
  public var description: String {
    switch self {
    case .captiveDependency(let name, let site, let scope, let dependency, let dependencyScope):
      "The \(scope) '\(name)' (\(site)) depends on the \(dependencyScope) '\(dependency)', "
        + "so it keeps one '\(dependency)' alive as long as it lives. Depend on "
        + "'\(dependency)Provider' to get a new one when needed, or give '\(dependency)' "
        + "a longer-lived scope."
    case .unlistedInjectProperty(let provider, let site, let type, let property):
      "'\(provider)' (\(site)) makes \(type), whose @Inject property '\(property)' is "
        + "never filled: the container fills an @Inject property only from the dependency of "
        + "its own name, and '\(provider)' does not list '\(property)'. List it among the "
        + "dependencies, rename the property after a dependency '\(provider)' lists, or remove "
        + "the property."
    }
  }
}
