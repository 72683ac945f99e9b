/// What a provider's closures can be: the facts about a provider that decide which
/// closure types its `fooProvider` name can be handed out as.
///
/// One decision serves every path: a resolution handing out a closure
/// (`ProviderFactory.closure(as:)`), the injector filling an `@Inject` property, and
/// the container's check, which asks before anything is made. So a closure type the
/// check accepts is one resolution makes, and one resolution refuses is one the check
/// reports.
///
/// The rules, for a requested closure type:
/// - it is a function type the container can make (no typed throws, no
///   `@isolated(any)`, at most one parameter, Swift's calling convention);
/// - it takes the provider's argument, of exactly its type, when the creator takes one,
///   and none otherwise;
/// - it is `async` when the creator is (a synchronous creator serves both);
/// - it is `@MainActor` when the product is made on the main actor: a closure callable
///   elsewhere could not make it (a provider made anywhere serves main-actor closures
///   too);
/// - its result is a type the products can have: ``CastCheck`` does not answer
///   ``CastCheck/Verdict/never``. Each product is cast to it when the result is not the
///   declared product type.
///
/// Whether it throws and whether it says `@Sendable` are the caller's choice: a plain
/// closure stops the program with the full error text where a throwing one throws.
package struct ClosureOffer {
  /// The product type the creator declares.
  package let productType: Any.Type
  /// Whether the products are made on the main actor.
  package let isMainActor: Bool
  /// Whether the creator is async.
  package let isAsync: Bool
  /// The type of the argument the creator takes, if any.
  package let argumentType: Any.Type?

  /// The facts of one provider.
  package init(productType: Any.Type, isMainActor: Bool, isAsync: Bool, argumentType: Any.Type?) {
    self.productType = productType
    self.isMainActor = isMainActor
    self.isAsync = isAsync
    self.argumentType = argumentType
  }

  /// Why the provider's closures cannot have the type `requested`, or nil when they
  /// can.
  package func refusal(of requested: ClosureType) -> InjectionError.Reason? {
    let expected = requested.description
    let offered = suggestion(for: requested).description
    if argumentType == nil, requested.parameterCount > 0 {
      return .unexpectedArgument(expected: expected, offered: offered)
    }
    if let feature = requested.unsupportedFeature {
      return .unsupportedClosure(expected: expected, feature: feature, offered: offered)
    }
    if argumentType.map(ObjectIdentifier.init) != requested.argument.map(ObjectIdentifier.init) {
      return argumentType == nil
        ? .unexpectedArgument(expected: expected, offered: offered)
        : .argumentClosure(expected: expected, offered: offered)
    }
    if isAsync && !requested.isAsync {
      return .asyncClosure(expected: expected, offered: offered)
    }
    if isMainActor && !requested.isMainActor {
      return .mainActorClosure(expected: expected, offered: offered)
    }
    if !canReturn(requested.result) {
      return .closureResultMismatch(
        expected: String(describing: requested.result), actual: String(describing: productType))
    }
    return nil
  }

  /// The closure type to ask for instead of `requested`: the same with the provider's
  /// argument, effects and isolation, and its product type as the result where
  /// `requested`'s can never be.
  package func suggestion(for requested: ClosureType) -> ClosureType {
    if let lazy = requested.lazyType {
      return ClosureType(lazy: lazy, result: productType)
    }
    return ClosureType(
      argument: argumentType, result: canReturn(requested.result) ? requested.result : productType,
      isThrowing: requested.isThrowing || isAsync, isAsync: isAsync || requested.isAsync,
      isMainActor: isMainActor || (requested.isMainActor && !requested.isAsync))
  }

  /// The closure type of the provider itself: `() -> Product`, with its argument,
  /// effects and isolation.
  package var closureType: ClosureType {
    ClosureType(
      argument: argumentType, result: productType, isThrowing: isAsync, isAsync: isAsync,
      isMainActor: isMainActor)
  }

  private func canReturn(_ result: Any.Type) -> Bool {
    CastCheck.verdict(castingProductsOf: productType, to: result) != .never
  }
}
