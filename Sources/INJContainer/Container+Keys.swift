extension Container {
  /// Registers a ready value under a key; the compiler checks that the value is of
  /// the key's type.
  ///
  /// - Parameters:
  ///   - instance: The value.
  ///   - key: The key: its name is what dependents use.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  public func addInstance<T: Sendable>(
    _ instance: T, for key: Key<T>, fileID: String = #fileID, line: Int = #line
  ) {
    addInstance(instance, forName: key.name, fileID: fileID, line: line)
  }

  /// Registers a provider under a key; the compiler checks that the creator makes
  /// the key's type.
  ///
  /// ```swift
  /// extension Key where Value == any WeatherClient {
  ///   static var weatherClient: Self { Self("weatherClient") }
  /// }
  ///
  /// container.addProvider(for: .weatherClient, options: .singleton) { _ in StubWeatherClient() }
  /// ```
  ///
  /// Declare keys in a constrained extension, as above (`extension Key where Value ==
  /// T`): a creator of another type then gets the compiler's plain message, *cannot
  /// convert value of type 'String' to closure result type 'Int'*. For a key declared
  /// in an unconstrained `extension Key` the Swift 6.3 compiler gives up on that
  /// mistake with *failed to produce diagnostic for expression*, whatever function it
  /// is passed to.
  ///
  /// The creator is isolated to the actor of the registering code, as for
  /// ``Container/addProvider(forName:dependencies:options:fileID:line:creator:_:)-(_,[String],_,_,_,_,_)``.
  ///
  /// - Parameters:
  ///   - key: The key: its name is what dependents use.
  ///   - dependencies: The names the creator needs.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the product from the resolved dependencies.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  @inlinable
  public func addProvider<T>(
    for key: Key<T>, dependencies: [String] = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addProvider(
      forName: key.name, dependencies: dependencies, options: options, fileID: fileID,
      line: line, creator: creator, isolation)
  }

  /// Resolves a key and returns its value, typed by the key.
  ///
  /// ```swift
  /// let client = try container.value(for: .weatherClient)
  /// ```
  ///
  /// - Parameter key: A registered key.
  /// - Returns: The value.
  /// - Throws: ``ResolutionError`` when resolving fails, or when the name was
  ///   registered (as a string) with a value of another type.
  /// - Complexity: O(1) for an existing singleton or an instance; the name is not
  ///   hashed again.
  @inlinable
  public func value<T>(for key: Key<T>) throws -> T {
    let resolved = try resolve(key.name, hash: key.hashValueOfName)
    if let typed = resolved.cast(to: T.self) {
      return typed
    }
    return try mismatch(resolved, to: T.self, name: key.name)
  }
}

extension Key {
  /// The name's hash, for the container's inlined fast path.
  @usableFromInline
  var hashValueOfName: Int { hash }
}
