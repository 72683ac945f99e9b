extension ProviderFactory {
  /// What the factory's closures can be, for the container's check.
  package var offer: ClosureOffer {
    ClosureOffer(
      productType: productType, isMainActor: isMainActor, isAsync: isAsync,
      argumentType: argumentType)
  }

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
  package func closure<Closure>(
    as closureType: Closure.Type = Closure.self
  ) throws(InjectionError) -> Closure {
    if let exact = exactClosure(as: Closure.self) {
      return exact
    }
    guard let requested = ClosureType(Closure.self) else {
      throw InjectionError(
        reason: .typeMismatch(
          expected: String(describing: Closure.self), actual: closureTypeDescription),
        propertyName: nil, typeName: String(describing: productType))
    }
    if let reason = offer.refusal(of: requested) {
      throw InjectionError(
        reason: reason, propertyName: nil, typeName: String(describing: productType))
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
    switch (requested.isAsync, requested.isThrowing) {
    case (false, false) where requested.isMainActor:
      let closure: @MainActor () -> Result = { productOrStop(()) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (false, true) where requested.isMainActor:
      let closure: @MainActor () throws -> Result = { try product(()) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (false, false):
      let closure: @Sendable () -> Result = { productOrStop(()) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (false, true):
      let closure: @Sendable () throws -> Result = { try product(()) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, false) where requested.isMainActor:
      let closure: @MainActor () async -> Result = { await asyncProductOrStop(()) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, true) where requested.isMainActor:
      let closure: @MainActor () async throws -> Result = { try await asyncProduct(()) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, false) where requested.runsOnCallersActor:
      let closure: nonisolated(nonsending) @Sendable () async -> Result = {
        await asyncProductOrStop(())
      }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, true) where requested.runsOnCallersActor:
      let closure: nonisolated(nonsending) @Sendable () async throws -> Result = {
        try await asyncProduct(())
      }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, false):
      let closure: @Sendable () async -> Result = { await asyncProductOrStop(()) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, true):
      let closure: @Sendable () async throws -> Result = { try await asyncProduct(()) }
      return ClosureType.adopt(closure, as: Closure.self)
    }
  }

  // MARK: With an argument

  private func make<Argument, Result, Closure>(
    _ requested: ClosureType, taking: Argument.Type, returning: Result.Type,
    as closureType: Closure.Type
  ) -> Closure {
    switch (requested.isAsync, requested.isThrowing) {
    case (false, false) where requested.isMainActor:
      let closure: @MainActor (Argument) -> Result = { productOrStop($0) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (false, true) where requested.isMainActor:
      let closure: @MainActor (Argument) throws -> Result = { try product($0) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (false, false):
      let closure: @Sendable (Argument) -> Result = { productOrStop($0) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (false, true):
      let closure: @Sendable (Argument) throws -> Result = { try product($0) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, false) where requested.isMainActor:
      let closure: @MainActor (Argument) async -> Result = { await asyncProductOrStop($0) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, true) where requested.isMainActor:
      let closure: @MainActor (Argument) async throws -> Result = { try await asyncProduct($0) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, false) where requested.runsOnCallersActor:
      let closure: nonisolated(nonsending) @Sendable (Argument) async -> Result = {
        await asyncProductOrStop($0)
      }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, true) where requested.runsOnCallersActor:
      let closure: nonisolated(nonsending) @Sendable (Argument) async throws -> Result = {
        try await asyncProduct($0)
      }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, false):
      let closure: @Sendable (Argument) async -> Result = { await asyncProductOrStop($0) }
      return ClosureType.adopt(closure, as: Closure.self)
    case (true, true):
      let closure: @Sendable (Argument) async throws -> Result = { try await asyncProduct($0) }
      return ClosureType.adopt(closure, as: Closure.self)
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
