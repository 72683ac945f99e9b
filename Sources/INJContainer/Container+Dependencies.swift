extension Container {
  /// Registers a provider whose dependency list holds keys as well as names; the
  /// check compares each key's type with the type its name's registration declares.
  ///
  /// ```swift
  /// container.addProvider(
  ///   forName: "forecastScreen", dependencies: [.key(.weatherClient), "theme"]
  /// ) { values in
  ///   ForecastScreen(client: try values.value(for: .weatherClient))
  /// }
  /// ```
  ///
  /// Everything else is as for
  /// ``addProvider(forName:dependencies:options:fileID:line:creator:_:)-(_,[String],_,_,_,_,_)``.
  ///
  /// - Parameters:
  ///   - name: The name dependents use.
  ///   - dependencies: The names and keys the creator needs.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the product from the resolved dependencies.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  @inlinable
  public func addProvider<T>(
    forName name: String, dependencies: DependencyList, options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addProvider(
      name, dependencies.names, options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self, creator: .erasing(creator),
      dependencyKeyTypes: dependencies.keyTypes)
  }

  /// Registers a provider whose creator is `async`, with keys as well as names among
  /// its dependencies.
  ///
  /// ```swift
  /// container.addAsyncProvider(
  ///   forName: "store", dependencies: [.key(.settings), "cacheFolder"], options: .madeAtLaunch
  /// ) { values in
  ///   try await Store.open(with: values.value(for: .settings))
  /// }
  /// ```
  ///
  /// Everything else is as for
  /// ``addAsyncProvider(forName:dependencies:options:fileID:line:isolation:creator:)-(_,[String],_,_,_,_,_)``.
  ///
  /// - Parameters:
  ///   - name: The name dependents use.
  ///   - dependencies: The names and keys the creator needs.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - isolation: The actor of the registering code; leave the default.
  ///   - creator: Makes the product from the resolved dependencies.
  @inlinable
  public func addAsyncProvider<T>(
    forName name: String, dependencies: DependencyList, options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    creator: @escaping @Sendable (ResolvedValues) async throws -> T
  ) {
    addProvider(
      name, dependencies.names, options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self,
      asyncCreator: Creator.erasingAsync(creator),
      dependencyKeyTypes: dependencies.keyTypes)
  }
}
