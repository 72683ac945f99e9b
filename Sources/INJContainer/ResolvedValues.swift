public import INJReflection

/// What a creator receives: the resolved dependencies of its provider.
///
/// It holds exactly the names the provider lists, resolved before the creator
/// runs. Constructor injection is reading them:
///
/// ```swift
/// container.addProvider(
///   forName: "weatherReportViewController",
///   dependencies: ["weatherClient", "rootViewControllerProvider"]
/// ) { values in
///   WeatherReportViewController(
///     client: try values.value(forName: "weatherClient", as: WeatherClient.self),
///     root: try values.value(forName: "rootViewControllerProvider",
///                            as: (@MainActor () -> RootViewController).self))
/// }
/// ```
///
/// A creator may keep its values, for example in a closure that reads them later:
/// they stay as they were when the creator ran.
public struct ResolvedValues {
  /// The names the provider depends on, in the order it lists them.
  public var names: [String] { storage.names }
  /// The name of the provider whose creator receives the values.
  var providerName: String { storage.providerName }
  /// The names and their values.
  @usableFromInline let storage: Storage

  init(storage: consuming Storage) {
    self.storage = storage
  }

  /// The value of the dependency at `index`.
  @usableFromInline
  func value(at index: Int) -> Resolved {
    storage.items[index]
  }

  /// The resolved value of a dependency, or nil when `name` is not one of the
  /// provider's dependencies.
  ///
  /// For a provider-closure dependency (`fooProvider`) the value is a closure
  /// `() -> Foo` whose result type is exactly what `foo`'s creator declares
  /// (`@MainActor () -> Foo` when `foo` is made on the main actor); ask
  /// ``value(forName:as:)`` for any other closure type.
  public subscript(name: String) -> Any? {
    value(named: name)?.anyValue
  }

  /// The value of the dependency `name`, or nil when the provider does not list it.
  func value(named name: String) -> Resolved? {
    names.firstIndex(of: name).map(value(at:))
  }

  /// The resolved value of a dependency, as `type`.
  ///
  /// ```swift
  /// let client: WeatherClient = try values.value(forName: "weatherClient")
  /// let makeRoot: @MainActor () throws -> RootViewController =
  ///   try values.value(forName: "rootViewControllerProvider")
  /// ```
  ///
  /// For a provider-closure dependency (`fooProvider`), `type` may be any closure
  /// type the provider's products fit, given with `as:` or by the annotation of the
  /// result: throwing or not, `@MainActor` (required when `foo` is made on the main
  /// actor), `@Sendable` or not, async (required for an async provider), taking the
  /// argument of a provider registered with one, and returning the product's type or
  /// any type a product can be cast to. See the Provider Closures and Cycles article.
  ///
  /// - Parameters:
  ///   - name: One of the provider's dependencies.
  ///   - type: The type to return: the value's type, a protocol or superclass of it,
  ///     or for a provider closure, a closure type as above.
  /// - Returns: The value.
  /// - Throws: ``ResolutionError`` when `name` is not a dependency of the
  ///   provider or its value is not a `T`.
  @inlinable
  public func value<T>(forName name: String, as type: T.Type = T.self) throws -> T {
    // Inlined so the cast is to the caller's concrete type.
    let names = storage.names
    for index in names.indices where names[index] == name {
      if let typed = storage.items[index].cast(to: T.self) {
        return typed
      }
      break
    }
    return try cast(resolved(name), to: T.self, name: name)
  }

  /// The resolved value of a dependency, typed by its key.
  ///
  /// - Parameter key: The key of one of the provider's dependencies.
  /// - Returns: The value.
  /// - Throws: ``ResolutionError`` when the key's name is not a dependency of the
  ///   provider or its value is not of the key's type.
  @inlinable
  public func value<T>(for key: Key<T>) throws -> T {
    try value(forName: key.name, as: T.self)
  }

  /// The value of the dependency at `index`, as `type`.
  ///
  /// Typed wiring calls it once per key of a parameter pack, where it runs unspecialized
  /// (a pack's elements are visited in a loop): an object of exactly the class asked for
  /// is returned without making an optional of `T`, whose metadata the runtime would
  /// look up on every call (even one that does not use it reserves room for it).
  @inlinable
  func value<T>(at index: Int, as type: T.Type) throws(ResolutionError) -> T {
    let resolved = value(at: index)
    if let object = resolved.classInstance, Swift.type(of: object) == T.self {
      return unsafeBitCast(object, to: T.self)
    }
    return try cast(resolved, to: T.self, name: names[index])
  }

  /// The value of the dependency `name`, or the error, marked local to the creator,
  /// when the provider does not list it.
  @usableFromInline
  func resolved(_ name: String) throws(ResolutionError) -> Resolved {
    guard let value = value(named: name) else {
      var error = ResolutionError(
        name: name, path: [providerName, name],
        suggestion: Suggestion.closest(to: name, among: names),
        reason: .notADependency(
          provider: providerName, dependencies: names))
      error.isLocalToCreator = true
      throw error
    }
    return value
  }

  /// `value` as `type`, or the error, marked local to the creator: its path is
  /// completed with the resolution's when the creator rethrows it. Never inlined: the
  /// inlined reads above call it only past their own fast cast.
  @usableFromInline @inline(never)
  func cast<T>(
    _ value: Resolved, to type: T.Type, name: String
  ) throws(ResolutionError) -> T {
    do {
      return try value.cast(to: type, name: name, path: [providerName, name])
    } catch {
      var error = error
      error.isLocalToCreator = true
      throw error
    }
  }
}

extension ResolvedValues: InjectionSource {
  /// The value of a dependency named like the property, or nil when the provider
  /// does not list that name.
  public func injectionValue(forProperty name: String) -> InjectionValue? {
    value(named: name)?.injectionValue
  }
}
