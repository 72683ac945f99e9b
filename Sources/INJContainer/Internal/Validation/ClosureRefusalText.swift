import INJReflection

/// How the check words why a provider closure cannot fill a closure slot.
enum ClosureRefusalText {
  /// The clause saying why `closure`, the provider closure of `base` (registered at
  /// `baseSite`), cannot have the slot's type, and the closure type to use instead.
  /// `needsMainActorBelow`: `base` is made anywhere, but a dependency of it on the main
  /// actor.
  static func clause(
    _ refusal: InjectionError.Reason, closure: String, base: String, baseSite: RegistrationSite,
    offer: ClosureOffer, requested: ClosureType?, needsMainActorBelow: Bool = false
  ) -> (problem: String, offered: String) {
    let made = "'\(base)' (\(baseSite))"
    // The clause of a refusal that follows from what the creator of `base` does.
    func creator(_ does: String, _ offered: String) -> (String, String) {
      ("the creator of \(made) \(does), so its provider closure is \(offered)", offered)
    }
    switch refusal {
    case .mainActorClosure(_, let offered):
      return (
        "\(made) \(needsMainActorBelow ? "needs" : "is made on") the main actor, so its provider "
          + "closure is \(offered), which only the main actor can call", offered
      )
    case .asyncClosure(_, let offered):
      return creator("is async", offered)
    case .argumentClosure(_, let offered):
      let argument = offer.argumentType.map { String(describing: $0) } ?? ""
      return creator("takes an argument of type \(argument)", offered)
    case .unexpectedArgument(_, let offered):
      return creator("takes no argument", offered)
    case .unsupportedClosure(_, let feature, let offered):
      return ("a provider closure cannot have \(feature)", offered)
    case .closureResultMismatch(let expected, let actual):
      let offered = requested.map { offer.suggestion(for: $0).description } ?? actual
      return (
        "\(made) provides \(actual), which a closure returning \(expected) cannot return", offered
      )
    case .providerClosureProperty(_, let offered), .typeMismatch(_, let offered):
      return (
        "'\(closure)' is the provider closure of \(made), \(offered) (depend on '\(base)' "
          + "for the value itself)", offered
      )
    case .valueType:
      let offered = offer.closureType.description
      return ("'\(closure)' is the provider closure of \(made), \(offered)", offered)
    }
  }
}
