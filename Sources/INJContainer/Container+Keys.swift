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
  /// The creator is isolated to the actor of the registering code, as for
  /// ``Container/addProvider(forName:dependencies:options:fileID:line:isolation:creator:)-(_,[String],_,_,_,_,_)``.
  ///
  /// - Parameters:
  ///   - key: The key: its name is what dependents use.
  ///   - dependencies: The names the creator needs.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - isolation: The actor of the registering code; leave the default.
  ///   - creator: Makes the product from the resolved dependencies.
  @inlinable
  public func addProvider<T>(
    for key: Key<T>, dependencies: [String] = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    creator: @escaping (ResolvedValues) throws -> T
  ) {
    addProvider(
      forName: key.name, dependencies: dependencies, options: options, fileID: fileID,
      line: line, isolation: isolation, creator: creator)
  }

  /// Registers a provider whose creator runs on the main actor, under a key.
  ///
  /// - Parameters:
  ///   - key: The key: its name is what dependents use.
  ///   - dependencies: The names the creator needs.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the product on the main actor.
  public func addMainActorProvider<T>(
    for key: Key<T>, dependencies: [String] = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping @MainActor (ResolvedValues) throws -> T
  ) {
    addMainActorProvider(
      forName: key.name, dependencies: dependencies, options: options, fileID: fileID,
      line: line, creator: creator)
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

  /// Resolves a provider-closure key (``Key/provider``) and returns its closure.
  ///
  /// - Parameter key: The provider key of a registered key.
  /// - Returns: A closure making a new `T` on each call; it stops the program with
  ///   the full error text when that fails.
  /// - Throws: ``ResolutionError`` when the name does not resolve to such a closure.
  public func value<T>(for key: Key<() -> T>) throws -> () -> T {
    try value(forName: key.name, as: (() -> T).self)
  }
}

extension Container {
  /// Resolves a main-actor provider-closure key (``Key/mainActorProvider``) and
  /// returns its closure.
  ///
  /// - Parameter key: The main-actor provider key of a registered key.
  /// - Returns: A closure making a new `T` on each call, on the main actor.
  /// - Throws: ``ResolutionError`` when the name does not resolve to such a closure.
  public func value<T>(for key: Key<@MainActor () -> T>) throws -> @MainActor () -> T {
    try value(forName: key.name, as: (@MainActor () -> T).self)
  }
}

extension Key {
  /// The name's hash, for the container's inlined fast path.
  @usableFromInline
  var hashValueOfName: Int { hash }
}
