import INJPrimitives

extension Container {
  /// Replaces each product that `name`'s provider makes in this container with what
  /// `decorator` returns, after its properties are injected: a logging proxy, a cache in
  /// front of a service, or the product itself once the decorator has set it up
  /// (Swinject's `initCompleted`).
  ///
  /// ```swift
  /// container.decorate("weatherClient", as: (any WeatherClient).self) { client, _ in
  ///   LoggingWeatherClient(wrapping: client)
  /// }
  /// container.decorate("cart", as: Cart.self) { cart, values in
  ///   cart.subscribe(to: try values.value(forName: "notifications"))
  ///   return cart
  /// }
  /// ```
  ///
  /// The decorator runs once per product, where its creator ran, with no lock held: for a
  /// singleton once, and what it returns is what is shared; for an object-graph provider
  /// once per resolution. Several hooks of one name run in registration order, each on
  /// what the one before returned. A product that is not a `T` passes the decorator by.
  /// Like a creator, the decorator is isolated to the actor of the code that registers
  /// it, and runs only there.
  ///
  /// Registering never throws: a decorator of a name no provider here is registered
  /// under, or of a type its products never have, is reported by ``checkForErrors()``.
  /// A decorator that throws fails the resolution with its site
  /// (``ResolutionError/Reason/hookFailed(site:_:)``).
  ///
  /// - Parameters:
  ///   - name: The provider's name.
  ///   - type: The type the decorator takes and returns: the product's type, or one of
  ///     its protocols or superclasses.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - decorator: Makes the product handed out from the product made and the values
  ///     of the provider's dependencies.
  ///   - isolation: The actor of the registering code; leave the default.
  public func decorate<T>(
    _ name: String, as type: T.Type = T.self, fileID: String = #fileID, line: Int = #line,
    _ decorator: @escaping (T, ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    let decorator = UncheckedHook(run: decorator)
    addHook(
      Hook(
        name: name, site: RegistrationSite(fileID: fileID, line: line), type: T.self,
        isolation: CreatorIsolation(isolation),
        run: { product, values in
          guard let typed = product.cast(to: T.self) else { return nil }
          return Resolved(try decorator.run(typed, values))
        }))
  }
}
