/// A name together with the type registered under it, so that the compiler checks
/// registration and resolution.
///
/// Declare keys once, in the composition root, each in an extension constrained to
/// its type:
///
/// ```swift
/// extension Key where Value == any WeatherClient {
///   static var weatherClient: Self { Self("weatherClient") }
/// }
///
/// container.addProvider(for: .weatherClient, options: .singleton) { StubWeatherClient() }
/// let client = try container.value(for: .weatherClient)   // any WeatherClient
/// ```
///
/// The constraint is what lets the compiler explain a creator of the wrong type
/// (*cannot convert value of type 'String' to closure result type 'Int'*). A key
/// declared in an unconstrained `extension Key` is found by `.weatherClient` as well,
/// but for that mistake the Swift 6.3 compiler gives up with *failed to produce
/// diagnostic for expression*, whatever function the key is passed to.
///
/// A key is only a name and a type: the name can still be used as a string, and the
/// two meet at run time, where a value of another type is a ``ResolutionError``. In a
/// dependency list write `.key(.weatherClient)` (``Dependency/key(_:)``):
/// ``Container/checkForErrors()`` then checks the key's type against the type the
/// name's registration declares. A key hashes its name once, so resolving through
/// a key skips hashing the name.
public struct Key<Value>: Hashable, Sendable, CustomStringConvertible {
  /// The name the key registers and resolves.
  public let name: String
  /// The name's hash, computed once.
  let hash: Int

  /// Creates a key for a name.
  ///
  /// - Parameter name: The name the key registers and resolves.
  public init(_ name: String) {
    self.name = name
    hash = name.hashValue
  }

  /// The key of this key's provider closure: `fooProvider` for `foo`, giving a
  /// closure that makes a new `Value` on each call, for a `Value` made off the main
  /// actor (registered from nonisolated code).
  ///
  /// A product made on the main actor (registered from main-actor code) refuses
  /// this plain closure, which could be called anywhere: use ``mainActorProvider``
  /// for it.
  public var provider: Key<() -> Value> { .init(name + "Provider") }

  /// The key of this key's provider closure as a main-actor closure: `fooProvider`
  /// for `foo`, for a `Value` made on the main actor (registered from main-actor
  /// code). Any product offers this closure.
  public var mainActorProvider: Key<@MainActor () -> Value> { .init(name + "Provider") }

  /// The key of this key's provider closure as an async closure: `fooProvider` for
  /// `foo`, for a `Value` made by an async provider.
  public var asyncProvider: Key<() async throws -> Value> { .init(name + "Provider") }

  /// The key of the provider closure of a provider whose creator takes an argument:
  /// `fooProvider`, a closure `(Argument) -> Value`, made off the main actor.
  ///
  /// ```swift
  /// container.addProvider(for: .list, using: Key.detail.provider(taking: Int.self)) {
  ///   makeDetail in ListScreen(makeDetail: makeDetail)
  /// }
  /// ```
  ///
  /// - Parameter argumentType: The type of the argument the creator takes.
  /// - Returns: The key of the closure.
  public func provider<Argument>(taking argumentType: Argument.Type) -> Key<(Argument) -> Value> {
    .init(name + "Provider")
  }

  /// The key of the provider closure of a provider whose creator takes an argument, as a
  /// main-actor closure: `fooProvider`, a `@MainActor (Argument) -> Value`, for a `Value`
  /// made on the main actor.
  ///
  /// - Parameter argumentType: The type of the argument the creator takes.
  /// - Returns: The key of the closure.
  public func mainActorProvider<Argument>(
    taking argumentType: Argument.Type
  ) -> Key<@MainActor (Argument) -> Value> {
    .init(name + "Provider")
  }

  /// `Key<Value>("name")`.
  public var description: String { "Key<\(Value.self)>(\"\(name)\")" }
}
