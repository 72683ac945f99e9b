/// A provider's dependency list that holds keys as well as names: the list of the
/// registration methods that accept ``Dependency/key(_:)``: `addProvider` and
/// `addAsyncProvider`, by name and by key, and a test container's `add` and
/// `override`.
///
/// Write it as an array literal of names and keys:
///
/// ```swift
/// container.addProvider(
///   forName: "forecastScreen", dependencies: [.key(.weatherClient), "theme"]
/// ) { values in
///   ForecastScreen(client: try values.value(for: .weatherClient))
/// }
/// ```
///
/// It is a type of its own, not `[Dependency]`, so that a list of names alone (`[]`,
/// `["a", "b"]`, or a `[String]` variable) always means the `[String]` form of
/// ``Container/addProvider(forName:dependencies:options:fileID:line:creator:_:)-(_,[String],_,_,_,_,_)``:
/// an array literal is an `Array` unless nothing else fits, so the compiler never
/// has two equal choices. A list built at run time is made with
/// ``init(_:)``: `DependencyList(names.map(Dependency.init))` for names alone.
public struct DependencyList: Hashable, Sendable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// The names and keys, in order.
  public var dependencies: [Dependency]

  /// A list of names and keys.
  ///
  /// - Parameter dependencies: The names and keys, in order.
  public init(_ dependencies: some Sequence<Dependency>) {
    self.dependencies = Array(dependencies)
  }

  /// A list written as an array literal: `[.key(.weatherClient), "theme"]`.
  ///
  /// - Parameter elements: The names and keys, in order.
  public init(arrayLiteral elements: Dependency...) {
    dependencies = elements
  }

  /// The names, in order.
  public var names: [String] { dependencies.map(\.name) }

  /// The type of each dependency's key, or nil when none was made from a key.
  @usableFromInline
  var keyTypes: [Any.Type?]? {
    dependencies.contains { $0.keyType != nil } ? dependencies.map(\.keyType) : nil
  }

  /// The dependencies as an array literal: `[Key<Int>("port"), "host"]`.
  public var description: String {
    "[" + dependencies.map(\.description).joined(separator: ", ") + "]"
  }
}
