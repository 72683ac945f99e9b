import INJPrimitives
import INJReflection

/// Watches a container's resolutions; test support uses it to record what was
/// resolved and to refuse names a strict test did not allow.
package protocol ResolutionObserver: Sendable {
  /// Called before a name is resolved, directly or as a dependency.
  ///
  /// - Parameters:
  ///   - name: The name about to be resolved.
  ///   - path: The requested name down to `name`, inclusive.
  /// - Returns: Why the name must not be resolved, or nil to let it resolve.
  func willResolve(_ name: String, path: [String]) -> String?

  /// Called after a creator made a product, before its properties are injected.
  ///
  /// - Parameters:
  ///   - name: The provider's name.
  ///   - product: What the creator returned.
  ///   - path: The requested name down to `name`, inclusive.
  func didCreate(_ name: String, product: Any, path: [String])
}

extension Container {
  /// A container with the registrations `source` resolves (its own and its
  /// ancestors' that it does not shadow) and their hooks, in one flat container with
  /// fresh singletons, watched by `observer`.
  ///
  /// Registering in the copy, or overriding a name in it, never changes `source`.
  package convenience init(copying source: Container?, observer: (any ResolutionObserver)?) {
    self.init(parent: nil, observer: observer)
    guard let source else { return }
    var shadowed = Set<String>()
    var levels: [[(registration: Registration, isOverride: Bool)]] = []
    var hooks: [[Hook]] = []
    for container in source.lineage {
      let (level, levelHooks) = container.withRegistry { ($0.everyRegistration, $0.hooks) }
      levels.append(level.filter { !shadowed.contains($0.registration.name) })
      hooks.append(levelHooks.filter { !shadowed.contains($0.name) })
      shadowed.formUnion(level.map(\.registration.name))
    }
    withRegistry { registry in
      // Set first: each copy gets the hooks of its name as it is registered.
      registry.hooks = Array(hooks.reversed().joined())
      for (registration, isOverride) in levels.reversed().joined() {
        register(registration.copy(for: self, in: &registry), in: &registry, asOverride: isOverride)
      }
    }
  }

  /// The dependencies of what `name` resolves to here (or in an ancestor), without
  /// resolving anything: a provider's list as registered, none for an instance or a
  /// provider closure; or the error resolving `name` would throw for its
  /// registration (unknown, duplicated, colliding, blank).
  package func registeredDependencies(ofName name: String) -> Result<[String], ResolutionError> {
    guard let found = lookup(name, hash: name.hashValue) else {
      return .failure(
        ResolutionError(
          name: name, path: [name], suggestion: name.isBlank ? nil : suggestion(for: name),
          reason: name.isBlank ? .blankName : .unknownName))
    }
    let registration = found.retained
    if let problem = registration.problem {
      return .failure(
        ResolutionError(name: name, path: [name], reason: registration.failureReason(problem)))
    }
    return .success(registration.provider?.dependencies ?? [])
  }

  /// The name whose provider closure `name` resolves to here (or in an ancestor), such
  /// as `foo` for `fooProvider`; nil when `name` resolves to anything else, or nothing.
  package func baseOfProviderClosure(named name: String) -> String? {
    let found = lookup(name, hash: name.hashValue)?.retained
    guard case .providerClosure(let target)? = found?.kind else { return nil }
    return target.name
  }

  /// The names overridden here, sorted.
  package var overriddenNames: [String] {
    withRegistry { $0.overrides.values.map(\.name).sorted() }
  }

  /// The names registered here, in registration order, each once.
  package var registeredNames: [String] {
    var seen = Set<String>()
    return withRegistry { $0.registrations.map(\.name) }.filter { seen.insert($0).inserted }
  }
}
