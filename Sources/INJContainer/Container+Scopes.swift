import INJPrimitives

extension Container {
  /// Drops the products of every provider of the named scope `scope`
  /// (``ProviderOptions/For/scope(_:)``), here and in this container's ancestors: the
  /// next resolution of each makes a new one. The app's singletons, and other scopes,
  /// stay.
  ///
  /// ```swift
  /// container.addProvider(forName: "session", options: .scope("session")) { _ in
  ///   Session()
  /// }
  /// func signOut() throws {
  ///   try container.reset(scope: "session")   // the next "session" is a new one
  /// }
  /// ```
  ///
  /// Any thread may reset while others resolve:
  /// - A resolution gets the product from before the reset or one made after it, never
  ///   one half made.
  /// - A creation under way when the reset runs finishes, and its product goes to the
  ///   resolution that asked for it, but is not kept: it may have been made from
  ///   products of the scope from before the reset. The next resolution makes a new one.
  /// - Products already handed out stay with whoever holds them: a reset drops only the
  ///   container's own hold on them.
  ///
  /// - Parameter scope: The scope's name, as given to ``ProviderOptions/For/scope(_:)``.
  /// - Throws: ``ResetError`` when no provider here or in an ancestor has that scope,
  ///   with the closest scope name that one has, or the name's own reset when `scope`
  ///   is a registered name.
  public func reset(scope: String) throws(ResetError) {
    let providers = lineage.flatMap { container in
      container.withRegistry { $0.everyRegistration.compactMap(\.registration.provider) }
    }
    let scoped = providers.filter { $0.options.scopeName == scope }
    guard !scoped.isEmpty else {
      let fix =
        Suggestion.closest(to: scope, among: providers.compactMap(\.options.scopeName))
        .map { "Did you mean '\($0)'?" }
        ?? (isRegistered(scope)
          ? "'\(scope)' is a name, not a scope: reset(\"\(scope)\") resets one name."
          : "Give it to providers with options: .scope(\"\(scope)\").")
      throw ResetError("Cannot reset the scope '\(scope)': no provider has it. " + fix)
    }
    scoped.forEach { $0.reset() }
  }

  /// Drops the product that `name` keeps, a weak singleton's or a named scope's
  /// (``ProviderOptions/For/scope(_:)``): the next resolution makes a new one, as after a
  /// reset of its scope (see ``reset(scope:)``, which this is for one name).
  ///
  /// A weak singleton's product stays with those who hold it; the container forgets it,
  /// and shares the next one it makes instead.
  ///
  /// - Parameter name: A name registered here or in an ancestor.
  /// - Throws: ``ResetError`` for an unknown name (with the closest registered one), and
  ///   for a name that keeps no product a reset can drop: an instance, a transient or
  ///   object-graph provider, or a singleton, which lives as long as its container.
  public func reset(_ name: String) throws(ResetError) {
    guard let registration = lookup(name, hash: name.hashValue)?.retained else {
      throw ResetError(
        "Cannot reset '\(name)': nothing is registered under that name."
          + (suggestion(for: name).map { " Did you mean '\($0)'?" } ?? ""))
    }
    guard let provider = registration.provider, provider.resettable != nil else {
      let what = registration.provider.map { "a \($0.scope.name)" } ?? "not a provider"
      throw ResetError(
        "Cannot reset '\(name)': it is \(what), which keeps no product a reset can drop. "
          + "Give it a scope to reset, such as options: .scope(\"session\").")
    }
    provider.reset()
  }
}

extension Provider {
  /// Drops the product a weak singleton or a named scope keeps (see
  /// ``Container/reset(scope:)``); released after every lock.
  func reset() {
    withExtendedLifetime(Claims.shared.reset(self) { resettable?.clear() }) {}
  }
}
