import INJPrimitives
import INJReflection

/// What a container's writers share, guarded by the container's registry lock.
///
/// Readers never take the lock: they follow the name table's slots, each pointing
/// (unretained) at the registration its name resolves to. So a registration a slot
/// stops pointing at must stay alive as long as the container: it is kept in
/// `retired`. That list grows only when what a name resolves to changes kind (a
/// name becomes a duplicate, collides with a provider closure, is overridden), a
/// bounded number of times per registration, so a container's memory stays in
/// proportion to its registrations.
struct Registry {
  /// Registrations recorded and not yet applied, in the order they were made (see
  /// ``PendingMark``).
  var pending: [RecordedRegistration] = []
  /// Every registration made, in order.
  var registrations: [Registration] = []
  /// The registrations of each name, by slot id.
  var byName = RegistrationsByName()
  /// The provider-closure registration derived for a name, by the id of the
  /// `fooProvider` slot.
  var derived: [Int32: Registration] = [:]
  /// The registration that stands for the problem of a name (a duplicate, a
  /// collision), by slot id, reused while the problem stays the same.
  var problems: [Int32: Registration] = [:]
  /// The registration a collection name resolves to, by slot id: made the first
  /// time every registration of the name is a contribution.
  var collections: [Int32: Registration] = [:]
  /// Values that replace single contributions (a test container's override of one
  /// contributor), by the collection's slot id, then the contribution's position.
  var replacedContributions: [Int32: [Int: Resolved]] = [:]
  /// Registrations that replace whatever else a name has, by slot id (see
  /// `Container.override`).
  var overrides: [Int32: Registration] = [:]
  /// Registrations no slot points at any more, kept alive for the container's
  /// lifetime (see the type's summary).
  var retired: [Registration] = []
  /// Every registration and override, flattened for checks.
  var index = ValidationIndex()
  /// Where each module installed here was installed, by module name, in order; a
  /// module installed again registers nothing and adds a site (a problem the check
  /// reports).
  var installs: [String: [RegistrationSite]] = [:]
  /// The names of the modules installed here, in installation order.
  var moduleNames: [String] = []
  /// The hooks registered here, in order (see ``Container/addHook(_:)``).
  var hooks: [Hook] = []
  /// How many providers registered here (overrides included) are async, take an
  /// argument, or are isolated to an actor other than the main actor: the check of
  /// dependencies on such providers is skipped when none are, here or in an ancestor.
  var unusualProviderCount = 0

  /// What the app registered under a name here, if anything: its override, or else its
  /// first registration.
  func made(_ slotID: Int32) -> Registration? {
    overrides[slotID] ?? byName[slotID].first
  }

  /// Every registration made here, in order, then the overrides by name, each with
  /// whether it is an override.
  var everyRegistration: [(registration: Registration, isOverride: Bool)] {
    registrations.map { ($0, false) }
      + overrides.values.sorted { $0.name < $1.name }.map { ($0, true) }
  }

  /// Every name that resolves to something, in registration order; a name's
  /// provider closure follows it.
  var visibleNames: [String] {
    var seen = Set<String>()
    var names: [String] = []
    for (registration, _) in everyRegistration
    where !registration.name.isBlank && seen.insert(registration.name).inserted {
      names.append(registration.name)
      if seen.insert(registration.name + "Provider").inserted {
        names.append(registration.name + "Provider")
      }
    }
    return names
  }
}

extension Container {
  /// Records a registration and updates what its name, its provider-closure name
  /// and (for a `fooProvider` name) its base name resolve to; an override in a child
  /// also copies the ancestors' providers that depend on its name, unless
  /// `copyingDependents` is false. Call with the registry lock held.
  func register(
    _ registration: Registration, in registry: inout Registry, asOverride: Bool = false,
    copyingDependents: Bool = true
  ) {
    let slot = names.slots[Int(registration.slotID)]
    registry.index.append(registration, slot: slot, isOverride: asOverride)
    if let provider = registration.registeredProvider,
      provider.asyncCreator != nil || provider.argument != nil || provider.isolation.isOtherActor
    {
      registry.unusualProviderCount += 1
    }
    if !registry.hooks.isEmpty, let provider = registration.registeredProvider {
      provider.attach(registry.hooks.filter { $0.name == registration.name })
    }
    if asOverride {
      if let replaced = registry.overrides[slot.id] {
        registry.retired.append(replaced)
      }
      registry.overrides[slot.id] = registration
    } else {
      registry.registrations.append(registration)
      registry.byName.append(registration, to: slot.id)
    }
    guard !slot.isBlank else {
      refresh(slot, in: &registry)
      return
    }
    // The slot of a provider-closure name is made when something first needs it (a
    // dependency, a lookup: see `slot(interning:in:)` and `providerClosureOnFirstUse`),
    // so only one that exists can change here. Most `fooProvider` names are never used.
    let closureSlot = slot.closureSlot
    refresh(slot, in: &registry)
    if let closureSlot {
      refresh(closureSlot, in: &registry)
    }
    if let base = slot.baseName, let baseSlot = names.slot(named: base, hash: base.hashValue) {
      refresh(baseSlot.retained, in: &registry)
    }
    if asOverride, copyingDependents { copyAncestorsDependents(of: slot.name, in: &registry) }
  }

  /// Copies here, as overrides, the ancestors' providers that depend on `name` (directly,
  /// through its provider closure, or through one another), as registered now, so that
  /// they resolve `name` here; names registered here are not copied. Each copy has
  /// shared products of its own. Call with the registry lock held.
  func copyAncestorsDependents(of name: String, in registry: inout Registry) {
    guard let parent else { return }
    // What each name resolves to from the parent (not a duplicate, nor what an override
    // or a nearer ancestor hides), by the names it depends on.
    var dependents: [String: [Registration]] = [:]
    for (made, _) in parent.lineage.flatMap({ $0.withRegistry { $0.everyRegistration } })
    where parent.lookup(made.name, hash: made.name.hashValue)?.retained === made {
      for used in made.provider?.dependencies ?? [] {
        dependents[Self.baseName(ofProviderClosure: used) ?? used, default: []].append(made)
      }
    }
    var (names, seen) = ([name], Set([name]))
    while let next = names.popLast() {
      for dependent in dependents[next, default: []] where seen.insert(dependent.name).inserted {
        names.append(dependent.name)
        if registry.made(slot(interning: dependent.name, in: &registry).id) == nil {
          register(
            dependent.copy(for: self, in: &registry), in: &registry, asOverride: true,
            copyingDependents: false)
        }
      }
    }
  }

  /// The slot for `name`, made if new; a new slot of a provider-closure name is set
  /// to what the name resolves to at once. Call with the registry lock held.
  func slot(interning name: String, in registry: inout Registry) -> NameSlot {
    if let existing = names.slot(named: name, hash: name.hashValue) {
      return existing.retained
    }
    let slot = names.internSlot(named: name)
    if slot.baseName != nil {
      refresh(slot, in: &registry)
    }
    return slot
  }

  /// What a provider-closure name no slot exists for yet resolves to here, made on
  /// its first lookup: nil unless its base name resolves to something here.
  @inline(never)
  func providerClosureOnFirstUse(_ name: String) -> Unretained<Registration>? {
    guard let base = Self.baseName(ofProviderClosure: name),
      let baseSlot = names.slot(named: base, hash: base.hashValue),
      baseSlot.read({ $0.registration }) != nil
    else { return nil }
    return withRegistry { registry in
      slot(interning: name, in: &registry).registration
    }
  }

  /// `foo` for `fooProvider`; nil for other names.
  static func baseName(ofProviderClosure name: String) -> String? {
    guard name.hasProviderClosureShape else { return nil }
    let base = String(name.dropLast("Provider".count))
    return base.isBlank ? nil : base
  }

  /// The sites of the first registrations of `name` here, in registration order (as
  /// many as a report lists: a resolution's error costs the same however many there
  /// are), and how many registrations it has.
  func sitesRegistered(_ name: String) -> (first: [RegistrationSite], count: Int) {
    withRegistry { registry in
      guard let slot = names.slot(named: name, hash: name.hashValue) else { return ([], 0) }
      let own = registry.byName[slot.read { $0.id }]
      return (own.prefix(ResolutionError.listedSiteLimit).map(\.site), own.count)
    }
  }

  /// Puts in effect what `slot`'s name resolves to now.
  private func refresh(_ slot: NameSlot, in registry: inout Registry) {
    slot.setRegistration(registration(of: slot, &registry))
  }

  /// What `slot`'s name resolves to now: its override, its collection, its one
  /// registration, its derived provider closure, or the registration of its problem.
  private func registration(of slot: NameSlot, _ registry: inout Registry) -> Registration? {
    if let override = registry.overrides[slot.id] {
      return override
    }
    let own = registry.byName[slot.id]
    if !own.isEmpty, own.allSatisfy(\.isContribution) {
      return collection(of: slot, &registry)
    }
    if own.count > 1 {
      return problem(.duplicateName, of: slot, at: own[0].site, &registry)
    }
    if let registration = own.first {
      guard registration.problem == nil, let (other, _) = collision(of: slot, in: registry) else {
        return registration
      }
      return problem(.nameCollision(with: other), of: slot, at: registration.site, &registry)
    }
    guard let baseSlot = slot.baseName.flatMap({ names.slot(named: $0, hash: $0.hashValue) }),
      case let baseSlot = baseSlot.retained, registry.made(baseSlot.id) != nil
    else { return nil }
    if let ancestral = madeInAncestors(slot.name) {
      // The base, registered here, would shadow an ancestor's `fooProvider`.
      return problem(.nameCollision(with: baseSlot.name), of: slot, at: ancestral.site, &registry)
    }
    let derived =
      registry.derived[slot.id]
      ?? Registration(
        slot: slot, site: RegistrationSite(fileID: "", line: 0), owner: self,
        kind: .providerClosure(target: baseSlot))
    registry.derived[slot.id] = derived
    return derived
  }

  /// The name that the name of `slot`, registered here, clashes with, and what the app
  /// registered under it: its base (`foo` for `fooProvider`), or its provider-closure
  /// name, registered here or in an ancestor. `registry` is this container's.
  func collision(of slot: NameSlot, in registry: Registry) -> (name: String, made: Registration)? {
    if let base = slot.baseName,
      let made = names.slot(named: base, hash: base.hashValue).flatMap({
        registry.made($0.read { $0.id })
      }) ?? madeInAncestors(base)
    {
      return (base, made)
    }
    if let made = slot.closureSlot.flatMap({ registry.made($0.id) }) {
      return (slot.name + "Provider", made)
    }
    guard parent != nil, case let closure = slot.name + "Provider",
      let made = madeInAncestors(closure)
    else { return nil }
    return (closure, made)
  }

  /// What an ancestor registered under `name` itself (not a provider closure it
  /// derived), if any.
  func madeInAncestors(_ name: String) -> Registration? {
    guard let found = parent?.lookup(name, hash: name.hashValue)?.retained,
      found.isMade
    else { return nil }
    return found
  }

  /// The registration standing for `problem` of the slot's name: the one made
  /// before for the same problem, or a new one (the old one retired).
  private func problem(
    _ problem: Registration.Problem, of slot: NameSlot, at site: RegistrationSite,
    _ registry: inout Registry
  ) -> Registration {
    if let existing = registry.problems[slot.id] {
      if existing.problem == problem {
        return existing
      }
      registry.retired.append(existing)
    }
    let made = Registration(
      slot: slot, site: site, owner: self, kind: .invalid(problem, provider: nil))
    registry.problems[slot.id] = made
    return made
  }
}
