extension ProviderFactory {
  /// A closure of type `Closure` that makes a new product on each call: any closure
  /// type the factory's products fit.
  ///
  /// ```swift
  /// let makeScreen = try factory.closure(as: (@MainActor () throws -> any Screen).self)
  /// ```
  ///
  /// `Closure` may take the factory's argument (of exactly its type) or none, when
  /// the factory takes none; be `async` or not (not, only for a synchronous factory);
  /// throw or not; be `@MainActor` (required for a factory whose products are made on
  /// the main actor) or `nonisolated(nonsending)` when async; be `@Sendable` or not;
  /// and return the product type or any type a product can be cast to, each product
  /// then cast. A plain closure stops the program with the full error text when making
  /// a product fails or a product does not fit; a throwing one throws.
  ///
  /// - Parameter closureType: The closure type.
  /// - Returns: The closure.
  /// - Throws: ``InjectionError`` when `Closure` is not a function type, or the
  ///   factory's closures can never have this type (see ``InjectionError/Reason``).
  @usableFromInline
  package func closure<Closure>(
    as closureType: Closure.Type = Closure.self
  ) throws(InjectionError) -> Closure {
    if let exact = exactClosure(as: Closure.self) {
      return exact
    }
    guard let requested = ClosureType(Closure.self) else {
      throw InjectionError(
        reason: .providerClosureProperty(
          expected: String(describing: Closure.self), offered: offer.closureType.description),
        propertyName: nil, typeName: String(describing: offer.productType))
    }
    if let reason = offer.refusal(of: requested) {
      throw InjectionError(
        reason: reason, propertyName: nil, typeName: String(describing: offer.productType))
    }
    return maker.make(requested, as: Closure.self)
  }
}

/// Makes the closures of one factory: one function per closure shape, each generic
/// over the result (and the argument), which ``ClosureType`` reads from the requested
/// type and the calls below open.
struct ClosureMaker: Sendable {
  /// The type the creator declares as its result.
  let productType: Any.Type
  /// Makes one product from the argument (`()` for closures without one); nil for an
  /// async creator, whose synchronous closures the offer refuses.
  var create: (@Sendable (PassedArgument) throws -> Any)? = nil
  /// Makes one product without blocking a thread: the async creator, or what a
  /// synchronous one was given to suspend instead of waiting; nil without either.
  var asyncCreate: (@Sendable (PassedArgument) async throws -> Any)? = nil
  /// Makes the reading of one lazy value (held weakly or not): a product made once,
  /// then given on every read. Set for a synchronous factory without an argument.
  var lazilyReading: (@Sendable (_ weakly: Bool) -> @Sendable () throws -> Any?)? = nil

  /// A closure of the requested type, which ``ClosureOffer/refusal(of:)`` accepted, or
  /// a lazy value of it.
  func make<Closure>(_ requested: ClosureType, as closureType: Closure.Type) -> Closure {
    if let lazy = requested.lazyType, let lazilyReading {
      return lazy.init(reading: lazilyReading(lazy.holdsWeakly)) as! Closure
    }
    guard let argument = requested.argument else {
      return make(requested, returning: requested.result, as: Closure.self)
    }
    return make(requested, taking: argument, returning: requested.result, as: Closure.self)
  }

  // MARK: Without an argument

  private func make<Result, Closure>(
    _ requested: ClosureType, returning: Result.Type, as closureType: Closure.Type
  ) -> Closure {
    func adopt<Made>(_ made: Made) -> Closure { ClosureType.adopt(made, as: Closure.self) }
    switch (requested.isAsync, requested.isThrowing) {
    case (false, false) where requested.isMainActor:
      return adopt({ productOrStop(()) } as @MainActor () -> Result)
    case (false, true) where requested.isMainActor:
      return adopt({ try product(()) } as @MainActor () throws -> Result)
    case (false, false):
      return adopt({ productOrStop(()) } as @Sendable () -> Result)
    case (false, true):
      return adopt({ try product(()) } as @Sendable () throws -> Result)
    case (true, false) where requested.isMainActor:
      return adopt({ await asyncProductOrStop(()) } as @MainActor () async -> Result)
    case (true, true) where requested.isMainActor:
      return adopt({ try await asyncProduct(()) } as @MainActor () async throws -> Result)
    case (true, false) where requested.runsOnCallersActor:
      return adopt(
        { await asyncProductOrStop(()) } as nonisolated(nonsending) @Sendable () async -> Result)
    case (true, true) where requested.runsOnCallersActor:
      return adopt(
        { try await asyncProduct(()) }
          as nonisolated(nonsending) @Sendable () async throws -> Result)
    case (true, false):
      return adopt({ await asyncProductOrStop(()) } as @Sendable () async -> Result)
    case (true, true):
      return adopt({ try await asyncProduct(()) } as @Sendable () async throws -> Result)
    }
  }

  // MARK: With an argument

  private func make<Argument, Result, Closure>(
    _ requested: ClosureType, taking: Argument.Type, returning: Result.Type,
    as closureType: Closure.Type
  ) -> Closure {
    func adopt<Made>(_ made: Made) -> Closure { ClosureType.adopt(made, as: Closure.self) }
    switch (requested.isAsync, requested.isThrowing) {
    case (false, false) where requested.isMainActor:
      return adopt({ productOrStop($0) } as @MainActor (Argument) -> Result)
    case (false, true) where requested.isMainActor:
      return adopt({ try product($0) } as @MainActor (Argument) throws -> Result)
    case (false, false):
      return adopt({ productOrStop($0) } as @Sendable (Argument) -> Result)
    case (false, true):
      return adopt({ try product($0) } as @Sendable (Argument) throws -> Result)
    case (true, false) where requested.isMainActor:
      return adopt({ await asyncProductOrStop($0) } as @MainActor (Argument) async -> Result)
    case (true, true) where requested.isMainActor:
      return adopt({ try await asyncProduct($0) } as @MainActor (Argument) async throws -> Result)
    case (true, false) where requested.runsOnCallersActor:
      return adopt(
        { await asyncProductOrStop($0) }
          as nonisolated(nonsending) @Sendable (Argument) async -> Result)
    case (true, true) where requested.runsOnCallersActor:
      return adopt(
        { try await asyncProduct($0) }
          as nonisolated(nonsending) @Sendable (Argument) async throws -> Result)
    case (true, false):
      return adopt({ await asyncProductOrStop($0) } as @Sendable (Argument) async -> Result)
    case (true, true):
      return adopt({ try await asyncProduct($0) } as @Sendable (Argument) async throws -> Result)
    }
  }

  // MARK: Products

  /// A product made from `argument` (`()` for a closure without one), as the closure's
  /// result type. The offer hands out only async closures of an async creator, so a
  /// synchronous product is made only by a synchronous one.
  private func product<Result>(_ argument: Any) throws -> Result {
    try cast(create!(PassedArgument(value: argument)))
  }

  // The async helpers run on their caller's actor, as the closures that call them do:
  // a main-actor closure makes its product there.
  private nonisolated(nonsending) func asyncProduct<Result>(_ argument: Any) async throws -> Result
  {
    guard let asyncCreate else { return try product(argument) }
    return try cast(await asyncCreate(PassedArgument(value: argument)))
  }

  /// A product as the closure's result type.
  private func cast<Result>(_ product: Any) throws(InjectionError) -> Result {
    if let result = product as? Result {
      return result
    }
    throw InjectionError(
      reason: .closureResultMismatch(
        expected: String(describing: Result.self), actual: String(describing: type(of: product))),
      propertyName: nil, typeName: String(describing: productType))
  }

  /// A product as ``product(_:)`` makes it, for a closure that cannot report a failure:
  /// stops the program with the full error text instead.
  private func productOrStop<Result>(_ argument: Any) -> Result {
    ProviderFactory.stopOnFailure { try product(argument) }
  }

  /// A product as ``asyncProduct(_:)`` makes it, for a closure that cannot report a
  /// failure: stops the program with the full error text instead.
  private nonisolated(nonsending) func asyncProductOrStop<Result>(_ argument: Any) async -> Result {
    do {
      return try await asyncProduct(argument)
    } catch {
      fatalError(String(describing: error))
    }
  }
}

/// The argument of a provider closure, on its way to the creator: `()` for a closure
/// without one.
///
/// `@unchecked Sendable` because `Any` is not: the value is of the creator's own
/// argument type (``ClosureOffer`` accepts no other). That type is `Sendable` for an
/// async creator; a synchronous creator's need not be, but the closure's caller hands
/// the value over (the compiler lets it pass a non-`Sendable` value to a nonisolated
/// async closure only when nothing else can reach it) and awaits the product while the
/// one creation its call resolves reads it. Nothing else reads it, nothing writes it.
package struct PassedArgument: @unchecked Sendable {
  let value: Any
}
