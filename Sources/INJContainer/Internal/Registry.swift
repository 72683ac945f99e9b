/// What a container's writers share, guarded by the container's registry lock.
struct Registry {
  /// Every registration made, in order.
  var registrations: [Registration] = []
  /// The registrations of each name, by slot id.
  var byName: [Int32: [Registration]] = [:]
  /// The provider-closure registration derived for a name, by the id of the
  /// `fooProvider` slot.
  var derived: [Int32: Registration] = [:]
  /// Registrations made to stand for errors (duplicates, collisions), kept alive
  /// for the container's lifetime because slots point at them unretained.
  var synthesized: [Registration] = []
  /// Registrations that replace whatever else a name has, by slot id (see
  /// `Container.override`); earlier overrides stay alive in `synthesized`.
  var overrides: [Int32: Registration] = [:]
  /// Every registration and override, flattened for checks.
  var index = ValidationIndex()

  /// Whether a name has a registration (or an override) made by the app.
  func isRegistered(_ slotID: Int32) -> Bool {
    overrides[slotID] != nil || !(byName[slotID] ?? []).isEmpty
  }

  /// Every name that resolves to something, in registration order; a name's
  /// provider closure follows it.
  var visibleNames: [String] {
    var seen = Set<String>()
    var names: [String] = []
    for registration in registrations + overrides.values.sorted(by: { $0.name < $1.name })
    where !registration.name.isBlank {
      guard seen.insert(registration.name).inserted else { continue }
      names.append(registration.name)
      let closureName = registration.name + "Provider"
      if seen.insert(closureName).inserted {
        names.append(closureName)
      }
    }
    return names
  }
}

extension Container {
  /// Records a registration and updates what its name, its provider-closure name
  /// and (for a `fooProvider` name) its base name resolve to. Call with the
  /// registry lock held.
  func register(
    _ registration: Registration, in registry: inout Registry, asOverride: Bool = false
  ) {
    let name = registration.name
    let slot = names.slots[Int(registration.slotID)]
    registry.index.append(registration, isOverride: asOverride)
    if asOverride {
      if let replaced = registry.overrides[slot.id] {
        registry.synthesized.append(replaced)
      }
      registry.overrides[slot.id] = registration
    } else {
      registry.registrations.append(registration)
      registry.byName[slot.id, default: []].append(registration)
    }
    refresh(slot, in: &registry)
    guard !name.isBlank else { return }
    refresh(names.internSlot(named: name + "Provider"), in: &registry)
    if let base = Self.baseName(ofProviderClosure: name) {
      refresh(names.internSlot(named: base), in: &registry)
    }
  }

  /// `foo` for `fooProvider`; nil for other names.
  static func baseName(ofProviderClosure name: String) -> String? {
    guard name.hasSuffix("Provider") else { return nil }
    let base = String(name.dropLast("Provider".count))
    return base.isBlank ? nil : base
  }

  /// Puts in effect what `slot`'s name resolves to now.
  private func refresh(_ slot: NameSlot, in registry: inout Registry) {
    if let override = registry.overrides[slot.id] {
      slot.setRegistration(override)
      return
    }
    let own = registry.byName[slot.id] ?? []
    let name = slot.name
    let baseSlot = Self.baseName(ofProviderClosure: name).flatMap {
      names.slot(named: $0, hash: $0.hashValue)?.takeUnretainedValue()
    }
    let baseIsRegistered = baseSlot.map { registry.isRegistered($0.id) } ?? false
    switch own.count {
    case 0:
      guard baseIsRegistered, let baseSlot else {
        slot.setRegistration(nil)
        return
      }
      if let ancestral = madeInAncestors(name) {
        // The base, registered here, would shadow an ancestor's `fooProvider`.
        slot.setRegistration(
          synthesize(name, .nameCollision(with: baseSlot.name), like: ancestral, &registry))
        return
      }
      if registry.derived[slot.id] == nil {
        registry.derived[slot.id] = Registration.providerClosure(
          name: name, target: baseSlot, owner: self)
      }
      slot.setRegistration(registry.derived[slot.id])
    case 1:
      let registration = own[0]
      let closureSlot = names.slot(named: name + "Provider", hash: (name + "Provider").hashValue)
      let closureIsRegistered =
        closureSlot.map { registry.isRegistered($0.takeUnretainedValue().id) } ?? false
      if registration.role == .invalid {
        slot.setRegistration(registration)
      } else if baseIsRegistered, let baseSlot {
        slot.setRegistration(
          synthesize(name, .nameCollision(with: baseSlot.name), like: registration, &registry))
      } else if let base = Self.baseName(ofProviderClosure: name), madeInAncestors(base) != nil {
        slot.setRegistration(
          synthesize(name, .nameCollision(with: base), like: registration, &registry))
      } else if closureIsRegistered || madeInAncestors(name + "Provider") != nil {
        slot.setRegistration(
          synthesize(name, .nameCollision(with: name + "Provider"), like: registration, &registry))
      } else {
        slot.setRegistration(registration)
      }
    default:
      slot.setRegistration(
        synthesize(name, .duplicateName(sites: own.map(\.site)), like: own[0], &registry))
    }
  }

  /// What an ancestor registered under `name` itself (not a provider closure it
  /// derived), if any.
  func madeInAncestors(_ name: String) -> Registration? {
    guard let found = parent?.lookup(name, hash: name.hashValue)?.takeUnretainedValue(),
      found.role != .providerClosure
    else { return nil }
    return found
  }

  private func synthesize(
    _ name: String, _ reason: ResolutionError.Reason, like registration: Registration,
    _ registry: inout Registry
  ) -> Registration {
    let synthesized = Registration.invalid(
      reason, name: name, site: registration.site, owner: self)
    registry.synthesized.append(synthesized)
    return synthesized
  }
}
