extension Container {
  /// Overrides a name with a ready value: whatever resolves the name through this
  /// container gets exactly this value, the providers of its ancestors included.
  ///
  /// ```swift
  /// let preview = app.makeChild()
  /// preview.override("api", with: MockAPI() as any API)
  /// ```
  ///
  /// An override replaces whatever else the name has here (it is never a duplicate), and
  /// a later override replaces it. In a child, it also replaces the name for the
  /// providers of the ancestors that depend on it, directly, through its provider
  /// closure or through one another: each is copied into this container as it is
  /// registered when the override is made, with shared products of its own, so that
  /// neither the ancestors nor their singletons see the override. A provider an
  /// ancestor registers later keeps the ancestor's name. See the article Overrides for
  /// Previews, Debug Builds and UI Tests.
  ///
  /// Give the value the type dependents ask for (`as any API`): provider closures
  /// (`apiProvider`) are typed by it. ``checkForErrors()`` reports an override of a name
  /// nothing registers here or in an ancestor, and one whose type is never the
  /// registered one.
  ///
  /// - Parameters:
  ///   - name: The registered name to override.
  ///   - instance: The value.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - line: The overriding line, for reports; leave the default.
  public func override<T: Sendable>(
    _ name: String, with instance: T, fileID: String = #fileID, line: Int = #line
  ) {
    addInstance(instance, name, fileID: fileID, line: line, asOverride: true)
  }

  /// Overrides a name with a provider: a creator with its own dependencies and options,
  /// as for ``override(_:with:fileID:line:)``.
  ///
  /// ```swift
  /// preview.override("api", dependencies: ["baseURL"]) { values -> any API in
  ///   MockAPI(baseURL: try values.value(forName: "baseURL"))
  /// }
  /// ```
  ///
  /// The creator is isolated to the actor of the registering code, as for
  /// ``addProvider(forName:dependencies:options:fileID:line:creator:_:)-(_,[String],_,_,_,_,_)``.
  ///
  /// - Parameters:
  ///   - name: The registered name to override.
  ///   - dependencies: The names and keys the creator needs, resolved here.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - line: The overriding line, for reports; leave the default.
  ///   - creator: Makes the product; its declared result type types the provider
  ///     closure `nameProvider`.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  public func override<T>(
    _ name: String, dependencies: DependencyList = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line, creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addProvider(
      name, dependencies.names, options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self, creator: .erasing(creator),
      dependencyKeyTypes: dependencies.keyTypes, asOverride: true)
  }

  /// Overrides a name with an async provider, resolved with ``asyncValue(forName:as:)``,
  /// as for ``override(_:with:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - name: The registered name to override.
  ///   - dependencies: The names and keys the creator needs, resolved here.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - line: The overriding line, for reports; leave the default.
  ///   - isolation: The actor of the registering code; leave the default.
  ///   - creator: Makes the product.
  public func overrideAsync<T>(
    _ name: String, dependencies: DependencyList = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line, isolation: isolated (any Actor)? = #isolation,
    creator: @escaping @Sendable (ResolvedValues) async throws -> T
  ) {
    addProvider(
      name, dependencies.names, options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self,
      asyncCreator: Creator.erasingAsync(creator), dependencyKeyTypes: dependencies.keyTypes,
      asOverride: true)
  }
}
