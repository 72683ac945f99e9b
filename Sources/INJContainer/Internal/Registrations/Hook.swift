import INJPrimitives

/// A decorator of a name (``Container/decorate(_:as:fileID:line:_:_:)``), with the type it
/// takes erased.
struct Hook: Sendable {
  let name: String
  let site: RegistrationSite
  /// The type the hook takes: a product of another type passes it by.
  let type: Any.Type
  /// The actor of the code that registered it: it runs only there, as a creator does.
  let isolation: CreatorIsolation
  /// The product the hook makes of `product`; nil when `product` is not of ``type``.
  let run: @Sendable (Resolved, ResolvedValues) throws -> Resolved?
}

/// A hook's closure, which Swift cannot prove `Sendable`: sound as an
/// ``UncheckedCreator`` is, since the resolver runs it only where its ``Hook/isolation``
/// runs.
struct UncheckedHook<T>: @unchecked Sendable {
  let run: (T, ResolvedValues) throws -> T
}

extension Container {
  /// Records a hook; applied, it runs on every product of the providers registered
  /// under its name here, those registered before it and those registered after.
  func addHook(_ hook: Hook) {
    record { _, registry in
      registry.hooks.append(hook)
      for (registration, _) in registry.everyRegistration where registration.name == hook.name {
        registration.registeredProvider?.attach([hook])
      }
    }
  }
}

extension Provider {
  /// Adds hooks to run, after those it has. Call with the registry lock held.
  func attach(_ hooks: [Hook]) {
    guard !hooks.isEmpty else { return }
    hookList.setIfEmpty(Locked([])).withLock { $0 += hooks }
  }

  /// Whether the provider has hooks: one atomic load, what a creation asks.
  @inline(__always)
  var hasHooks: Bool {
    hookList.withObject { _ in true } ?? false
  }

  /// The hooks to run on each product, in registration order.
  var hooks: [Hook] {
    hookList.withObject { $0.withLock { $0 } } ?? []
  }
}

/// Why a hook did not run: it is isolated to an actor its product was not made on.
struct HookOffItsActor: Error, CustomStringConvertible {
  let hook: Hook

  var description: String {
    let actor =
      hook.isolation == .mainActor ? "the main actor" : Validation.name(of: hook.isolation)
    return "it was registered from code isolated to \(actor), so it runs only there, and "
      + "'\(hook.name)' was made elsewhere. Register it from nonisolated code (such as a "
      + "nonisolated function), or resolve '\(hook.name)' on \(actor)."
  }
}
