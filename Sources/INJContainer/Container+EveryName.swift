import INJPrimitives

extension Container {
  /// A name that did not resolve where it runs, and the error.
  package struct UnresolvedName: Sendable {
    /// The name, or the launch call that failed.
    package let name: String
    /// Why.
    package let error: any Error
  }

  /// Resolves every name registered here and in the ancestors, each where it runs, and
  /// returns those that fail: the work of INJTestSupport's `assertEveryNameResolves`.
  ///
  /// First the singletons made at launch are made, as an app's launch makes them. Then
  /// each name, once, in registration order: a main-actor provider on the main actor;
  /// an async provider, a provider isolated to another actor and an async collection
  /// with `asyncValue`; a provider whose creator takes an argument by handing out its
  /// provider closure and resolving its dependencies; anything else off the main actor,
  /// and on it when it needs the main actor below (a nonisolated provider over a
  /// main-actor one runs where the main actor does).
  ///
  /// Runs off the main actor (a nonisolated async function), so that the names that may
  /// run anywhere are tried on a thread that is not the main one.
  package func resolveEveryName() async -> [UnresolvedName] {
    let registered = registrations()
    var failures: [UnresolvedName] = []
    let launched = registered.filter { $0.options.contains(.madeAtLaunch) }.map(\.name)
    if !launched.isEmpty, let error = await failure({ try await makeSingletons(named: launched) }) {
      failures.append(UnresolvedName(name: "makeSingletons(named:)", error: error))
    }
    var seen: Set<String> = []
    for name in registered.map(\.name) where seen.insert(name).inserted {
      if let error = await resolveWhereItRuns(name, handingOutArgumentProviders: true) {
        failures.append(UnresolvedName(name: name, error: error))
      }
    }
    return failures
  }

  /// Resolves `name` where it runs (see ``resolveEveryName()``); the error, if any. A
  /// provider whose creator takes an argument is tried by handing out its closure and
  /// resolving its dependencies, when `handingOutArgumentProviders`.
  private func resolveWhereItRuns(
    _ name: String, handingOutArgumentProviders: Bool
  ) async -> (any Error)? {
    let provider = lookup(name, hash: name.hashValue)?.retained.provider
    if let provider, provider.argument != nil, handingOutArgumentProviders {
      for next in [name + "Provider"] + provider.dependencies {
        if let error = await resolveWhereItRuns(next, handingOutArgumentProviders: false) {
          return error
        }
      }
      return nil
    }
    if let provider, provider.asyncCreator != nil || provider.isolation.isOtherActor {
      return await failure { _ = try await asyncValue(forName: name, as: Any.self) }
    }
    // Synchronously, off the main actor unless it needs it.
    if provider?.isolation != .mainActor {
      let error = await failure { _ = try value(forName: name) }
      guard case .notOnMainActor? = (error as? ResolutionError)?.reason else { return error }
    }
    return await failure { try await MainActor.run { _ = try self.value(forName: name) } }
  }

  /// The error `body` throws, if any.
  private func failure(_ body: () async throws -> Void) async -> (any Error)? {
    do {
      try await body()
      return nil
    } catch {
      return error
    }
  }
}
