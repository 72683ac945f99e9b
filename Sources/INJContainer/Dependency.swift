/// One entry of a provider's dependency list (a ``DependencyList``): a name, or a
/// ``Key`` whose type ``Container/checkForErrors()`` checks against what the name
/// provides.
///
/// A string literal is a dependency by name; `.key(_:)` makes one from a key:
///
/// ```swift
/// container.addProvider(
///   forName: "forecastScreen", dependencies: [.key(.weatherClient), "theme"]
/// ) { values in
///   ForecastScreen(client: try values.value(for: .weatherClient))
/// }
/// ```
public struct Dependency: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The name the provider depends on.
  public let name: String
  /// The key's value type, by identity: two dependencies are equal when their names
  /// and key types are.
  private var keyTypeIdentity: TypeIdentity?

  /// The value type of the key this dependency was made from, if any.
  package var keyType: Any.Type? { keyTypeIdentity?.type }

  /// A dependency by name.
  ///
  /// - Parameter name: The name.
  public init(_ name: String) {
    self.name = name
  }

  /// A dependency by name, written as a string literal.
  ///
  /// - Parameter value: The name.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// A dependency on a key's name, whose type the check compares with the type the
  /// name's registration declares.
  ///
  /// - Parameter key: The key.
  /// - Returns: The dependency.
  public static func key<Value>(_ key: Key<Value>) -> Dependency {
    var dependency = Dependency(key.name)
    dependency.keyTypeIdentity = TypeIdentity(type: Value.self)
    return dependency
  }

  /// The name, or `Key<Type>("name")` for a dependency made from a key.
  public var description: String { keyType.map { "Key<\($0)>(\"\(name)\")" } ?? "\"\(name)\"" }
}

/// A type, compared and hashed by identity.
private struct TypeIdentity: Hashable {
  let type: Any.Type

  static func == (lhs: TypeIdentity, rhs: TypeIdentity) -> Bool {
    ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
  }
}
