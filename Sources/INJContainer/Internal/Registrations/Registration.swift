import INJPrimitives
import INJReflection

/// One registration: a name, where it was made, and what the name resolves to.
///
/// Fixed when made, except for the provider-closure factory, made on first use.
final class Registration: @unchecked Sendable {
  // Sendable by construction: every stored property is a `let` of a Sendable type,
  // or `factoryWord`, read and written only through `factory`, a `OnceWord`, atomically.
  // What is not Sendable by type is the registered
  // instance, which the container hands to whichever thread resolves it: the
  // registering code decided that it may be shared, as it does for any value it
  // publishes.

  /// The word of `factory`, nil at first: the first stored property of this class,
  /// kept inside it (``ObjectWords``). Used only through `factory`.
  private var factoryWord = 0

  /// What the name resolves to, with what that needs.
  enum Kind {
    /// A ready value, and the type it was registered as.
    case instance(Resolved, type: Any.Type)
    /// A provider: resolving creates (or shares) its product.
    case provider(Provider)
    /// `fooProvider`, derived from `foo`: a closure making what the slot `foo`
    /// resolves to.
    case providerClosure(target: NameSlot)
    /// A name that resolves to an error. A provider registered with a problem
    /// (a blank name, conflicting scopes) keeps its provider, so the checks still
    /// see its dependencies.
    case invalid(Problem, provider: Provider?)
  }

  /// Why a name resolves to an error.
  enum Problem: Equatable {
    case blankName
    case conflictingScopes(ProviderOptions)
    /// The name is registered more than once; the sites are looked up when
    /// reported, so a registration made for the tenth duplicate costs no more than
    /// the one made for the second.
    case duplicateName
    /// The name clashes with the provider closure of another one.
    case nameCollision(with: String)
  }

  let name: String
  /// The id of the name's slot in the owner's table.
  let slotID: Int32
  let site: RegistrationSite
  /// The container the registration belongs to, which keeps it alive.
  unowned let owner: Container
  let kind: Kind
  /// Whether it is one contribution to the collection of its name (see
  /// `Container.contribute(to:dependencies:options:fileID:line:creator:_:)`).
  let isContribution: Bool
  /// What `fooProvider` gives for this registration `foo`, made on first use, and
  /// released with the registration.
  @inline(__always)
  private var factory: OnceWord<ProviderFactory> { OnceWord(ObjectWords.word(0, of: self)) }

  /// Makes a registration of the name of `slot`, a slot of `owner`'s table; call with
  /// the owner's registry lock held.
  init(
    slot: NameSlot, site: RegistrationSite, owner: Container, kind: Kind,
    isContribution: Bool = false
  ) {
    name = slot.name
    slotID = slot.id
    self.site = site
    self.owner = owner
    self.kind = kind
    self.isContribution = isContribution
  }

  deinit {
    factory.release()
  }

  /// The same registration for another container, with fresh shared products; call
  /// with `owner`'s registry lock held.
  func copy(for owner: Container, in registry: inout Registry) -> Registration {
    func slot(_ name: String) -> NameSlot { owner.slot(interning: name, in: &registry) }
    let copied: Kind =
      switch kind {
      // A registration made by the app is never a derived provider closure.
      case .instance, .providerClosure: kind
      case .provider(let provider): .provider(provider.copy(for: owner, slots: slot))
      case .invalid(let problem, let provider):
        .invalid(problem, provider: provider?.copy(for: owner, slots: slot))
      }
    return Registration(
      slot: owner.names.internSlot(named: name), site: site, owner: owner, kind: copied,
      isContribution: isContribution)
  }

  // MARK: What it is

  /// The provider, for a valid provider registration.
  var provider: Provider? {
    if case .provider(let provider) = kind { provider } else { nil }
  }

  /// The provider, unretained (``kind`` keeps it alive), for the resolution loop:
  /// reading it costs no reference counting.
  @inline(__always)
  var unretainedProvider: Unretained<Provider>? {
    if case .provider(let provider) = kind { Unretained(provider) } else { nil }
  }

  /// The provider as registered, valid or not.
  var registeredProvider: Provider? {
    switch kind {
    case .provider(let provider): provider
    case .invalid(_, let provider): provider
    case .instance, .providerClosure: nil
    }
  }

  /// Whether the app registered this name itself (not derived from another).
  var isMade: Bool {
    if case .providerClosure = kind { false } else { true }
  }

  /// The problem, for a name that resolves to an error.
  var problem: Problem? {
    if case .invalid(let problem, _) = kind { problem } else { nil }
  }

  /// The type the creator (or `addInstance`) declares.
  var productType: Any.Type {
    if case .instance(_, let type) = kind {
      type
    } else {
      registeredProvider?.productType ?? Any.self
    }
  }

  /// Why resolving this registration fails, for an invalid one.
  func failureReason(_ problem: Problem) -> ResolutionError.Reason {
    switch problem {
    case .blankName: return .blankName
    case .conflictingScopes(let options): return .conflictingScopes(options)
    case .nameCollision(let other): return .nameCollision(with: other)
    case .duplicateName:
      let (sites, count) = owner.sitesRegistered(name)
      return .duplicateName(sites: sites, count: count)
    }
  }

  // MARK: Provider closures

  /// What this registration's provider closure can be made as, for the check: the
  /// same facts its ``providerFactory(slot:graph:)`` is made from. Nil for a name in error
  /// and for a collection, whose product type no registration declares.
  var closureOffer: ClosureOffer? {
    switch kind {
    case .instance(_, let type):
      return ClosureOffer(productType: type, isMainActor: false, isAsync: false, argumentType: nil)
    case .provider(let provider) where !isContribution:
      // An async provider's closures resolve through `asyncValue`, which runs a
      // main-actor creator there: they may be called anywhere.
      let isAsync = provider.asyncCreator != nil
      return ClosureOffer(
        productType: provider.productType, isMainActor: isMainActor && !isAsync,
        isAsync: isAsync, argumentType: provider.argument?.type)
    case .provider, .invalid, .providerClosure:
      return nil
    }
  }

  /// What `fooProvider` gives for this registration `foo`: a factory whose
  /// closures resolve `foo` through `slot` on every call. Made on first use and kept;
  /// or, when `foo` reaches an object-graph provider, made for each hand-out, with
  /// closures that go on with `graph`, the object graph they were handed out in.
  func providerFactory(
    slot: NameSlot, graph: () -> ObjectGraph? = { nil }
  ) -> ProviderFactory {
    if let existing = factory.withObject({ $0 }) {
      return existing
    }
    // Two threads may make one at once: the first one set is kept.
    if let argument = provider?.argument {
      return factory.setIfEmpty(argument.makeFactory(owner, slot, argument.token))
    }
    let isAsync = provider?.asyncCreator != nil
    // One whose closures resolve in the graph they are handed out in is never kept.
    let isInGraph = !isAsync && provider?.reachesObjectGraph == true
    let made = Self.makeFactory(
      productType, isAsync: isAsync, isMainActor: !isAsync && isMainActor, owner: owner,
      slot: slot, graph: isInGraph ? graph() : nil)
    return isInGraph ? made : factory.setIfEmpty(made)
  }

  /// Whether the registration's products are made on the main actor, or need it
  /// further down, so that its provider closures are main-actor closures: one that
  /// could be called elsewhere would fail there.
  private var isMainActor: Bool {
    guard case .provider(let provider) = kind else { return false }
    return provider.isolation == .mainActor || provider.needsMainActorBelow
  }

  /// The factory of the provider closures of `slot`'s name, whose products are
  /// `productType`. Its async closures resolve the name as `asyncValue` does, which waits
  /// for another thread's creation without blocking this one; an async provider's
  /// closures are async only.
  private static func makeFactory<Made>(
    _ productType: Made.Type, isAsync: Bool, isMainActor: Bool, owner: Container,
    slot: NameSlot, graph: ObjectGraph? = nil
  ) -> ProviderFactory {
    // The closures hold the container weakly: a singleton keeping one must not
    // keep its container alive.
    let suspending: @Sendable () async throws -> Made = { [weak owner] in
      try await Container.calledByClosure(owner, of: slot).asyncResolveAndCast(
        slot.name, hash: slot.hash, as: productType, inGraph: graph)
    }
    if isAsync {
      return ProviderFactory(asyncMaking: productType, suspending)
    }
    let lazilyReading: @Sendable (Bool) -> @Sendable () throws -> Any? = { [weak owner] weakly in
      let product = LazyProduct(name: slot.name + "Provider", weakly: weakly)
      return { [weak owner] in
        try product.value { () throws(ResolutionError) in
          try Container.calledByClosure(owner, of: slot).resolve(slot, inGraph: graph)
        }
      }
    }
    return ProviderFactory(
      making: productType, isMainActor: isMainActor, suspending: suspending,
      lazilyReading: lazilyReading
    ) { [weak owner] () throws -> Made in
      try Container.calledByClosure(owner, of: slot).resolveForProviderClosure(
        slot: slot, as: productType, graph: graph)
    }
  }
}

extension Container {
  /// The container of a provider closure being called, which the closure holds weakly;
  /// the error of a call made after the container is gone.
  static func calledByClosure(
    _ container: Container?, of slot: NameSlot
  ) throws(ResolutionError) -> Container {
    guard let container else {
      throw ResolutionError(name: slot.name, path: [slot.name], reason: .containerReleased)
    }
    return container
  }
}
