import INJGraph
import INJPrimitives
import INJReflection

/// One run of the checks over a snapshot of a container's registrations.
///
/// It reads the registry's ``ValidationIndex``: flat arrays indexed by entry and
/// by slot id, so a check costs a few array reads per registration and
/// dependency, whatever the size of the container. Registration objects are
/// visited only to describe a problem.
struct Validation {
  let container: Container
  let registry: Registry
  let slots: [NameSlot]
  /// How many slots have blank names (``NameSlot/isBlank``): a dependency on one is
  /// a problem even when a blank name is registered.
  let blankSlotCount: Int
  let index: ValidationIndex
  /// Whether each entry's dependencies count: every registration, except those of
  /// a name an override replaces, and the override in effect for each name.
  let isEffective: [Bool]
  /// The entry of each slot's name here: ``noEntry`` when the name has none,
  /// ``severalEntries`` when it has more than one (an override counts as one).
  let entryOfSlot: [Int32]
  /// Whether each slot's name has a registration here: ``entryOfSlot`` as one byte per
  /// slot, which the pass over every dependency reads in random order.
  let isRegisteredHere: [Bool]
  var problems: [ValidationProblem] = []
  var warnings: [ValidationWarning] = []
  /// The names a missing dependency's suggestion is chosen from: those registered in
  /// the ancestors, then here.
  private lazy var candidates =
    (container.parent?.suggestionCandidates() ?? []) + registry.visibleNames

  /// ``entryOfSlot`` for a name with no registration here.
  private static let noEntry: Int32 = -1
  /// ``entryOfSlot`` for a name registered more than once here.
  private static let severalEntries: Int32 = -2

  /// A check of `container`'s registrations as they are now.
  init(container: Container) {
    self.container = container
    (registry, slots, blankSlotCount) = container.withRegistry { registry in
      (registry, container.names.slots, container.names.blankSlotCount)
    }
    index = registry.index
    var entryOfSlot = [Int32](repeating: Self.noEntry, count: slots.count)
    var effective = [Bool](repeating: true, count: index.count)
    for entry in 0..<index.count {
      let id = index.slotIDs[entry]
      let override = registry.overrides[id]
      if index.flags[entry].contains(.override) {
        effective[entry] = override === index.entries[entry]
        if effective[entry] { entryOfSlot[Int(id)] = Int32(entry) }
      } else if override != nil {
        effective[entry] = false
      } else {
        let isFirst = entryOfSlot[Int(id)] == Self.noEntry
        entryOfSlot[Int(id)] = isFirst ? Int32(entry) : Self.severalEntries
      }
    }
    self.entryOfSlot = entryOfSlot
    isRegisteredHere = entryOfSlot.map { $0 != Self.noEntry }
    isEffective = effective
  }

  /// Runs every check, each adding its problems after those of the checks before it.
  mutating func run() -> ValidationReport {
    // Modules installed more than once.
    problems = registry.moduleNames.compactMap { name in
      registry.installs[name].flatMap { $0.count > 1 ? .duplicateModule(name, sites: $0) : nil }
    }
    checkNames()
    checkOverrides()
    let (onProviders, truncated) = checkDependencies()
    checkProducts()
    problems += onProviders
    checkHooks()
    return ValidationReport(
      problems: problems, warnings: warnings, isCycleListTruncated: truncated)
  }

  /// The registrations of a slot's name made here.
  private func own(_ id: Int32) -> [Registration] {
    registry.overrides[id].map { [$0] } ?? Array(registry.byName[id])
  }

  /// The slot id of a name, if the snapshot knows it. The name table is read live, so
  /// it may hold slots made after the snapshot (another thread registering, or asking
  /// for a provider closure for the first time); ids are handed out in order, so those
  /// are the ids past the snapshot's slots, and the check sees them as unknown.
  private func slotID(of name: String) -> Int32? {
    guard
      let id = container.names.slot(named: name, hash: name.hashValue)?.read({ $0.id }),
      Int(id) < slots.count
    else { return nil }
    return id
  }

  // MARK: Names

  /// Blank names, duplicates, provider-closure collisions and conflicting scopes.
  private mutating func checkNames() {
    var reported = [Bool](repeating: false, count: slots.count)
    var conflicting: [ValidationProblem] = []
    for entry in 0..<index.count where !index.flags[entry].contains(.override) {
      // The registration object is read only when there may be something to report.
      let flags = index.flags[entry]
      if flags.contains(.conflictingScopes), case let registration = index.entries[entry],
        case .conflictingScopes(let options) = registration.problem
      {
        conflicting.append(
          .conflictingScopes(registration.name, site: registration.site, options: options))
      }
      let id = Int(index.slotIDs[entry])
      if blankSlotCount > 0, slots[id].isBlank {
        let registration = index.entries[entry]
        problems.append(.blankName(registration.name, site: registration.site))
        continue
      }
      guard !reported[id] else { continue }
      reported[id] = true
      if entryOfSlot[id] == Self.severalEntries {
        let registrations = own(Int32(id))
        // Contributions to one collection are many registrations of its name by design.
        if !registrations.allSatisfy(\.isContribution) {
          problems.append(
            .duplicateName(registrations[0].name, sites: registrations.map(\.site)))
        }
      }
      if flags.contains(.providerClosureName) || container.parent != nil,
        let (other, made) = container.collision(of: slots[id], in: registry)
      {
        let registration = index.entries[entry]
        if other == slots[id].baseName {
          problems.append(
            .nameCollision(
              registration.name, site: registration.site, baseName: other, baseSite: made.site))
        } else if made.owner !== container {
          // Within one container the `fooProvider` registration reports the collision.
          problems.append(
            .nameCollision(
              other, site: made.site, baseName: registration.name, baseSite: registration.site))
        }
      }
    }
    problems += conflicting
  }

  /// Overrides of names nothing registers here or in an ancestor (but in a test
  /// container, which reports them where they are made), and overrides whose type is
  /// never the one of the registration they replace; by name.
  private mutating func checkOverrides() {
    for made in registry.overrides.values.sorted(by: { $0.name < $1.name }) {
      let replaced = registry.byName[made.slotID].first ?? container.madeInAncestors(made.name)
      if replaced == nil, !container.isObserved {
        let suggestion = Suggestion.closest(to: made.name, among: candidates)
        problems.append(.unknownOverride(made.name, site: made.site, suggestion: suggestion))
      } else if let replaced, !replaced.isContribution, replaced.problem == nil,
        CastCheck.verdict(castingProductsOf: made.productType, to: replaced.productType) == .never
      {
        problems.append(
          .overrideTypeMismatch(
            made.name, site: made.site, type: "\(made.productType)", overriddenSite: replaced.site,
            overriddenType: "\(replaced.productType)"))
      }
    }
  }

  // MARK: Dependencies

  /// Blank and missing dependencies, every elementary cycle of direct dependencies
  /// between this container's names, and each dependency on a provider (see
  /// ``checkDependency(of:at:on:into:)``), in one pass; returns the problems of
  /// dependencies on providers, reported after those of products, and whether the list
  /// of cycles was cut at the limit.
  private mutating func checkDependencies() -> (onProviders: [ValidationProblem], truncated: Bool) {
    var missing: [ValidationProblem] = []
    // On async providers, on isolated ones, on ones taking an argument, in this order;
    // not checked when no provider of those kinds is registered here or in an ancestor,
    // as in most containers.
    var onProviders: [[ValidationProblem]]? =
      container.lineage.contains { $0.withRegistry { $0.unusualProviderCount > 0 } }
      ? [[], [], []] : nil
    // The edges between names registered here.
    var sources: [Int32] = []
    var targets: [Int32] = []
    sources.reserveCapacity(index.dependencyIDs.count)
    targets.reserveCapacity(index.dependencyIDs.count)
    for entry in 0..<index.count
    where isEffective[entry] && index.flags[entry].contains(.provider) {
      let source = index.slotIDs[entry]
      // The registration object is read only when a check of its dependencies needs it.
      let dependent =
        onProviders != nil || index.flags[entry].contains(.shared) ? index.entries[entry] : nil
      var reported: [Int32] = []
      for (position, id) in index.dependencies(of: entry).enumerated() {
        if let dependent {
          checkDependency(of: dependent, at: position, on: id, into: &onProviders)
        }
        if blankSlotCount > 0, slots[Int(id)].isBlank {
          missingOrBlank(id, of: entry, into: &missing)
        } else if isRegisteredHere[Int(id)] {
          sources.append(source)
          targets.append(id)
        } else if registry.derived[id] == nil, !reported.contains(id) {
          reported.append(id)
          missingOrBlank(id, of: entry, into: &missing)
        }
      }
    }
    problems += missing
    let providerProblems = Array((onProviders ?? []).joined())
    guard !targets.isEmpty else { return (providerProblems, false) }
    let graph = CompactDigraph(nodeCount: slots.count, edgeSources: sources, edgeTargets: targets)
    let (found, truncated) = graph.elementaryCycles(limit: DependencyGraph<String>.cycleListLimit)
    let cycles = found.map { CycleText.normalized(($0 + [$0[0]]).map { slots[Int($0)].name }) }
    problems += cycles.sorted { $0.lexicographicallyPrecedes($1) }.map { cycle in
      // Each member is registered here: its site is its first registration's.
      let sites = cycle.dropLast().map { name in
        slotID(of: name).flatMap { own($0).first?.site } ?? RegistrationSite(fileID: "", line: 0)
      }
      return .cycle(
        cycle, sites: sites, property: CycleText.property(fixing: cycle) { registered(named: $0) })
    }
    return (providerProblems, truncated)
  }

  /// Reports a blank dependency (at once, once per provider, whatever is registered
  /// under the blank name), or a dependency that resolves to nothing here or in an
  /// ancestor (later, with the other missing names).
  private mutating func missingOrBlank(
    _ id: Int32, of entry: Int, into missing: inout [ValidationProblem]
  ) {
    let slot = slots[Int(id)]
    guard slot.isBlank || container.parent?.lookup(slot.name, hash: slot.hash) == nil else {
      return
    }
    let registration = index.entries[entry]
    if slot.isBlank {
      let blank = ValidationProblem.blankDependency(
        requiredBy: registration.name, site: registration.site)
      if !problems.contains(blank) {
        problems.append(blank)
      }
    } else {
      var dependency = MissingDependency(
        name: slot.name, requiredBy: registration.name,
        suggestion: Suggestion.closest(to: slot.name, among: candidates), site: registration.site)
      dependency.moduleCheckedAlone = container.moduleCheckedAlone
      missing.append(.missingDependency(dependency))
    }
  }

  /// Checks `registration`'s direct dependency at `position`, on the name of slot `id`,
  /// when it is a provider: a warning when a shared provider depends on a shorter-lived
  /// one; and into `onProviders`, when given, the problem of a dependency on a provider
  /// whose creator takes an argument, which only its provider closure can pass, and, for
  /// a synchronous provider, of one on an async provider or on one whose creator never
  /// runs where its own resolution does (see ``neverRunsUnder(_:_:)``). Singletons made
  /// at launch exist before synchronous resolutions need them.
  private mutating func checkDependency(
    of registration: Registration, at position: Int, on id: Int32,
    into onProviders: inout [[ValidationProblem]]?
  ) {
    guard let provider = registration.registeredProvider, let dependency = registered(slotID: id),
      let made = dependency.provider
    else { return }
    // A singleton outlives a named scope's products too: it would keep one past a reset.
    if registration.provider != nil, provider.scope.isShared,
      !provider.options.contains(.allowsCaptiveDependencies), !dependency.standsForNeed,
      !made.scope.isShared || (provider.scope == .singleton && made.scope == .named)
    {
      warnings.append(
        .captiveDependency(
          name: registration.name, site: registration.site, scope: provider.scopeDescription,
          dependency: made.name, dependencyScope: made.scopeDescription))
    }
    guard onProviders != nil else { return }
    let name = provider.dependencies[position]
    if let argument = made.argument {
      onProviders?[2].append(
        .dependsOnProviderWithArgument(
          registration.name, site: registration.site, dependency: name,
          dependencySite: dependency.site, argumentType: argument.typeName))
    }
    guard provider.asyncCreator == nil, registration.provider != nil, !made.isMadeAtLaunch
    else { return }
    if made.asyncCreator != nil {
      onProviders?[0].append(
        .synchronousDependsOnAsync(
          registration.name, site: registration.site, dependency: name,
          dependencySite: dependency.site))
    } else if Self.neverRunsUnder(made.isolation, provider.isolation) {
      onProviders?[1].append(
        .isolationMismatch(
          registration.name, site: registration.site,
          isolation: Self.name(of: provider.isolation), dependency: name,
          dependencySite: dependency.site, dependencyIsolation: Self.name(of: made.isolation)))
    }
  }

  // MARK: Products

  /// Checks what each provider makes, and its product's slots for dependencies:
  /// - the `@Inject` properties of its declared product type, as the runtime lists them
  ///   from the type (on every platform): a property the provider does not list is a
  ///   warning; one whose dependency can never fill it is a problem;
  /// - the closure properties of an `Injectable` product;
  /// - a declared type resolution always refuses: a struct with `@Inject` properties
  ///   that would be injected (the provider is not `.manualInit` and has dependencies),
  ///   and a weak singleton of a type whose values are never objects;
  /// - each dependency given as a key, against the type its name's registration declares.
  ///
  /// Reads the index first: a registration is visited only when there may be something
  /// to report, as visiting each would cost a cache miss per provider in a large graph.
  private mutating func checkProducts() {
    var mismatches: [ValidationProblem] = []
    var shapes: [ValidationProblem] = []
    var keyMismatches: [ValidationProblem] = []
    // What a product type declares (a class's `@Inject` properties, a struct's), asked
    // again only when the type changes: most products of a container share few types,
    // often in a row.
    var known: (type: Any.Type, inject: [(name: String, valueType: Any.Type)], ofStruct: [String])?
    for entry in 0..<index.count where isEffective[entry] {
      let flags = index.flags[entry]
      guard flags.contains(.provider) else { continue }
      let type = index.productTypes[entry]
      if flags.contains(.shared), case let registration = index.entries[entry],
        registration.provider?.scope == .weakSingleton, PropertyInjector.neverHoldsAnObject(type)
      {
        shapes.append(
          .weakSingletonOfValueType(
            registration.name, site: registration.site, productType: String(describing: type)))
      }
      if flags.contains(.keyed), case let registration = index.entries[entry],
        let provider = registration.provider, let keyTypes = provider.dependencyKeyTypes
      {
        for case (let name, let keyType?) in zip(provider.dependencies, keyTypes) {
          keyMismatches += slotProblems(registration, name: name, type: keyType, slot: .key)
        }
      }
      guard !flags.contains(.manualInit) else { continue }
      // The closure slots of an `Injectable` product the check can see: its stored
      // optional-closure properties named like a provider-closure dependency of the
      // provider (the names such a class hands to the injector are, by custom, its
      // properties' own), each checked as an `@Inject` property is.
      if flags.contains(.closureDependency), case let registration = index.entries[entry],
        let provider = registration.provider,
        let fields = PropertyInjector.injectableClosureFields(
          of: provider.productType,
          named: Set(provider.dependencySlots.lazy.filter { $0.baseName != nil }.map(\.name)))
      {
        mismatches += fields.compactMap { field in
          closureSlotProblem(
            registration, dependency: field.name, slotType: field.closureType,
            slot: .injectableProperty)
        }
      }
      if known?.type != type {
        known = (
          type, type is AnyClass ? PropertyInjector.injectProperties(of: type) ?? [] : [],
          PropertyInjector.valueTypeInjectPropertyNames(of: type)
        )
      }
      guard let product = known else { continue }
      if !product.ofStruct.isEmpty, !index.dependencies(of: entry).isEmpty {
        let registration = index.entries[entry]
        shapes.append(
          .valueTypeWithInjectProperties(
            registration.name, site: registration.site, productType: String(describing: type),
            properties: product.ofStruct))
      }
      guard !product.inject.isEmpty, let provider = index.entries[entry].provider else { continue }
      let registration = index.entries[entry]
      for property in product.inject {
        guard provider.dependencies.contains(property.name) else {
          if let unfilled = unfilledProblem(
            registration, provider, property: property.name, among: product.inject.map(\.name))
          {
            mismatches.append(unfilled)
          } else {
            warnings.append(
              .unlistedInjectProperty(
                provider: registration.name, site: registration.site,
                type: String(describing: provider.productType), property: property.name))
          }
          continue
        }
        mismatches += slotProblems(
          registration, name: property.name, type: property.valueType, slot: .injectProperty)
      }
    }
    problems += mismatches + shapes + keyMismatches
  }

  /// The contributions to the collection `name` that its reader, `registration`, can
  /// never take as elements of `type` (an array type), through a typed key or an
  /// `@Inject` property. Only the contributions registered here are read.
  private func contributionProblems(
    of name: String, readAs type: Any.Type, by registration: Registration
  ) -> [ValidationProblem] {
    // The cast last: a cast to a protocol's metatype that fails reads every conformance
    // record of the process the first time, and most names are not collections.
    guard let id = slotID(of: name), case let contributions = own(id),
      contributions.first?.isContribution == true,
      let array = type as? any ArrayOfElements.Type
    else { return [] }
    return contributions.compactMap { contribution in
      guard let made = contribution.provider,
        CastCheck.verdict(castingProductsOf: made.productType, to: array.elementType) == .never
      else { return nil }
      return .contributionTypeMismatch(
        made.name, site: contribution.site, productType: String(describing: made.productType),
        reader: registration.name, readerSite: registration.site,
        elementType: String(describing: array.elementType))
    }
  }

  /// The problem of an `@Inject` property its provider never fills while it lists the
  /// property's provider closure (`accountProvider` for `account`), or the value of a
  /// property named like a provider closure (`account` for `accountProvider`): a mistake,
  /// such as breaking a cycle in the list and not in the property. Not when another
  /// `@Inject` property of the product (`properties`) takes the name listed: a type
  /// wired both ways on purpose.
  private func unfilledProblem(
    _ registration: Registration, _ provider: Provider, property: String, among properties: [String]
  ) -> ValidationProblem? {
    let closure = property + "Provider"
    let base = Container.baseName(ofProviderClosure: property)
    let declaration: String
    let listed: String
    // A module checked alone knows nothing of a need's product: silent about it.
    if provider.dependencies.contains(closure), let made = registered(named: property),
      !made.standsForNeed, let offer = made.closureOffer
    {
      (listed, declaration) = (closure, "@Inject var \(closure): (\(offer.closureType))?")
    } else if let base, provider.dependencies.contains(base),
      registered(named: base)?.standsForNeed != true, let made = registeredValue(named: base)
    {
      (listed, declaration) = (base, "@Inject var \(base): \(made.type)?")
    } else {
      return nil
    }
    guard !properties.contains(listed) else { return nil }
    return .unfilledInjectProperty(
      registration.name, site: registration.site,
      productType: String(describing: provider.productType), property: property, listed: listed,
      declaration: declaration)
  }

  /// The problems of a slot of `type` (an `@Inject` property, or a key in the
  /// dependency list) that `registration`'s provider fills from `name`: a provider
  /// closure that cannot have the type (see ``closureSlotProblem(_:dependency:slotType:slot:)``),
  /// or else contributions never of the type, and a value never of it.
  private func slotProblems(
    _ registration: Registration, name: String, type: Any.Type, slot: ValidationProblem.ClosureSlot
  ) -> [ValidationProblem] {
    if let problem = closureSlotProblem(registration, dependency: name, slotType: type, slot: slot)
    {
      return [problem]
    }
    var found = contributionProblems(of: name, readAs: type, by: registration)
    if let dependency = registeredValue(named: name),
      CastCheck.verdict(castingProductsOf: dependency.type, to: type) == .never
    {
      let (expected, provided) = (String(describing: type), String(describing: dependency.type))
      found.append(
        slot == .key
          ? .keyTypeMismatch(
            registration.name, site: registration.site, dependency: name, keyType: expected,
            dependencySite: dependency.site, dependencyType: provided)
          : .injectTypeMismatch(
            registration.name, site: registration.site,
            productType: String(describing: registration.productType), property: name,
            propertyType: expected, dependencySite: dependency.site, dependencyType: provided))
    }
    return found
  }

  /// The problem of a closure slot (an `@Inject` property, or a key in the dependency
  /// list) whose dependency is a provider closure that cannot have the slot's type:
  /// what ``ClosureOffer`` refuses when resolution hands the closure out. Nil when the
  /// dependency is not a provider closure (a name registered as itself is checked as a
  /// value), or the closure fits.
  private func closureSlotProblem(
    _ registration: Registration, dependency name: String, slotType: Any.Type,
    slot: ValidationProblem.ClosureSlot
  ) -> ValidationProblem? {
    if let id = slotID(of: name), entryOfSlot[Int(id)] != Self.noEntry { return nil }
    if let found = registered(named: name), found.isMade { return nil }
    guard let base = Container.baseName(ofProviderClosure: name),
      let made = registered(named: base), !made.standsForNeed, let offer = made.closureOffer
    else { return nil }
    let requested = ClosureType(slotType)
    let refusal: InjectionError.Reason
    if let requested {
      guard let found = offer.refusal(of: requested) else { return nil }
      refusal = found
    } else {
      // Only the closure itself is handed out: a type no closure can be cast to is refused.
      guard CastCheck.verdict(castingProductsOf: (() -> Void).self, to: slotType) == .never
      else { return nil }
      refusal = .providerClosureProperty(
        expected: String(describing: slotType), offered: offer.closureType.description)
    }
    let (problem, offered) = closureRefusalClause(
      refusal, closure: name, base: base, baseSite: made.site, offer: offer, requested: requested,
      needsMainActorBelow: made.registeredProvider?.isolation != .mainActor)
    return .providerClosureMismatch(
      registration.name, site: registration.site,
      productType: String(describing: registration.productType), slot: slot, dependency: name,
      closureType: requested?.description ?? String(describing: slotType),
      dependencySite: made.site, problem: problem, offered: offered)
  }

  /// Whether a synchronous creator isolated as `dependency` can never run inside the
  /// synchronous resolution of a provider isolated as `dependent`.
  private static func neverRunsUnder(
    _ dependency: CreatorIsolation, _ dependent: CreatorIsolation
  ) -> Bool {
    switch (dependency, dependent) {
    case (.actor(let actor), let other): other != .actor(actor)
    case (.mainActor, .actor): true
    default: false
    }
  }

  /// Hooks that never run: of a name no provider here has, or of a type its products
  /// never have.
  private mutating func checkHooks() {
    for hook in registry.hooks {
      let own = slotID(of: hook.name).map(own) ?? []
      let made = own.filter { $0.registeredProvider != nil }
      guard !made.isEmpty else {
        let isUnknown = own.isEmpty && registered(named: hook.name) == nil
        let suggestion = isUnknown ? Suggestion.closest(to: hook.name, among: candidates) : nil
        problems.append(.hookWithoutProvider(hook.name, site: hook.site, suggestion: suggestion))
        continue
      }
      for registration in made
      where CastCheck.verdict(castingProductsOf: registration.productType, to: hook.type) == .never
      {
        problems.append(
          .hookTypeMismatch(
            hook.name, site: hook.site, hookType: String(describing: hook.type),
            providerSite: registration.site,
            productType: String(describing: registration.productType)))
      }
    }
  }

  /// Where a creator isolated as given runs, as ``ValidationProblem/isolationMismatch(_:site:isolation:dependency:dependencySite:dependencyIsolation:)``
  /// names it.
  static func name(of isolation: CreatorIsolation) -> String {
    switch isolation {
    case .nonisolated: "nonisolated"
    case .mainActor: "MainActor"
    case .actor(let actor): actor.name
    }
  }

  /// The one registration a slot's name resolves to here or in an ancestor, as
  /// ``registered(named:)``, found by the slot's id without hashing the name.
  private func registered(slotID id: Int32) -> Registration? {
    let entry = entryOfSlot[Int(id)]
    guard entry == Self.noEntry else { return entry >= 0 ? index.entries[Int(entry)] : nil }
    let slot = slots[Int(id)]
    return container.parent?.lookup(slot.name, hash: slot.hash)?.retained
  }

  /// The declared type and site of what `name` resolves to as a value, here or in an
  /// ancestor: an instance or a valid provider. Nil for anything else (a provider
  /// closure, a name in error, a name nothing registers), whose type is not known.
  private func registeredValue(named name: String) -> (type: Any.Type, site: RegistrationSite)? {
    // A collection's type is the array of its contributions', which none declares.
    guard let registration = registered(named: name), !registration.isContribution,
      registration.isMade, registration.problem == nil
    else { return nil }
    return (registration.productType, registration.site)
  }

  /// The one registration `name` resolves to here or in an ancestor; nil for a
  /// name registered more than once here or nowhere.
  private func registered(named name: String) -> Registration? {
    if let id = slotID(of: name) { return registered(slotID: id) }
    return container.parent?.lookup(name, hash: name.hashValue)?.retained
  }
}

/// The clause saying why `closure`, the provider closure of `base` (registered at
/// `baseSite`), cannot have the slot's type, and the closure type to use instead.
/// `needsMainActorBelow`: `base` is made anywhere, but a dependency of it on the main
/// actor.
private func closureRefusalClause(
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
