import INJGraph
import INJReflection
import Synchronization

extension Container {
  /// The most cycles a check lists; more are reported as a truncated list.
  public static let cycleReportLimit = 1_000

  /// Checks the whole graph and throws one error listing every problem.
  ///
  /// It reports every dependency on a name nothing registers (with the closest
  /// registered name when one is close), every elementary cycle of direct
  /// dependencies (provider closures break cycles and are not counted), every name
  /// registered more than once with all its sites, blank names, `fooProvider`
  /// registered next to `foo`, and conflicting scope options. Call it at start-up,
  /// after registering everything:
  ///
  /// ```swift
  /// do {
  ///   try container.checkForErrors()
  /// } catch {
  ///   print(error)   // one line per problem, each with its fix
  ///   exit(1)
  /// }
  /// ```
  ///
  /// In a child container the check covers the child's registrations; the names of
  /// its ancestors count as registered.
  ///
  /// - Throws: ``ValidationError`` when there is any problem; its ``ValidationError/warnings``
  ///   hold the warnings found alongside. Warnings alone do not throw; see
  ///   ``validate()``.
  /// - Complexity: O(*n* + *e*) for *n* registrations and *e* dependencies, plus the
  ///   cycles listed.
  public func checkForErrors() throws {
    let report = validate()
    if !report.problems.isEmpty {
      throw ValidationError(
        problems: report.problems, warnings: report.warnings,
        isCycleListTruncated: report.isCycleListTruncated)
    }
  }

  /// Checks the whole graph and returns every problem and warning without throwing.
  ///
  /// - Returns: What ``checkForErrors()`` would report, and the warnings: shared
  ///   providers holding shorter-lived ones (captive dependencies), and `@Inject`
  ///   properties that a provider never fills, where the platform can tell.
  public func validate() -> ValidationReport {
    let snapshot = registry.withLock { registry in
      (registry, names.slots)
    }
    var check = Validation(container: self, registry: snapshot.0, slots: snapshot.1)
    return check.run()
  }
}

/// One run of the checks over a snapshot of a container's registrations.
private struct Validation {
  let container: Container
  let registry: Registry
  let slots: [NameSlot]
  let effectiveRegistrations: [Registration]
  var problems: [ValidationProblem] = []
  var warnings: [ValidationWarning] = []
  private var candidates: [String]?
  private var injectNames: [ObjectIdentifier: [String]] = [:]

  init(container: Container, registry: Registry, slots: [NameSlot]) {
    self.container = container
    self.registry = registry
    self.slots = slots
    effectiveRegistrations = Self.effective(in: registry, names: container.names)
  }

  mutating func run() -> ValidationReport {
    checkNames()
    checkDependencies()
    let truncated = checkCycles()
    checkWarnings()
    return ValidationReport(
      problems: problems, warnings: warnings, isCycleListTruncated: truncated)
  }

  /// The registrations of a slot's name made in this container.
  private func own(_ slot: NameSlot) -> [Registration] {
    if let override = registry.overrides[slot.id] {
      return [override]
    }
    return registry.byName[slot.id] ?? []
  }

  /// The registrations whose dependencies count: every one made, except those of a
  /// name that an override replaces, then the overrides.
  private static func effective(in registry: Registry, names: NameTable) -> [Registration] {
    guard !registry.overrides.isEmpty else { return registry.registrations }
    return registry.registrations.filter { registration in
      guard let slot = names.slot(named: registration.name, hash: registration.name.hashValue)
      else { return true }
      return registry.overrides[slot.takeUnretainedValue().id] == nil
    } + registry.overrides.values.sorted { $0.name < $1.name }
  }

  /// The one valid provider or instance a slot resolves to in this container.
  private func single(_ slot: NameSlot) -> Registration? {
    let registrations = own(slot)
    guard registrations.count == 1, registrations[0].role != .invalid else { return nil }
    return registrations[0]
  }

  // MARK: Problems

  private mutating func checkNames() {
    var reportedNames = Set<Int32>()
    for registration in registry.registrations {
      if registration.name.isBlank {
        problems.append(.blankName(registration.name, site: registration.site))
        continue
      }
      guard
        let slot = container.names.slot(
          named: registration.name, hash: registration.name.hashValue)?.takeUnretainedValue(),
        reportedNames.insert(slot.id).inserted
      else { continue }
      let registrations = own(slot)
      if registrations.count > 1 {
        problems.append(.duplicateName(registration.name, sites: registrations.map(\.site)))
      }
      if let baseName = Container.baseName(ofProviderClosure: registration.name),
        let base = container.names.slot(named: baseName, hash: baseName.hashValue)?
          .takeUnretainedValue(),
        let baseRegistration = own(base).first
      {
        problems.append(
          .nameCollision(
            registration.name, site: registrations[0].site, baseName: baseName,
            baseSite: baseRegistration.site))
      }
    }
    for registration in registry.registrations {
      if case .conflictingScopes(let options) = registration.invalidReason {
        problems.append(
          .conflictingScopes(registration.name, site: registration.site, options: options))
      }
    }
  }

  private mutating func checkDependencies() {
    var missing: [ValidationProblem] = []
    for registration in effectiveRegistrations where registration.isProvider {
      var reported = Set<Int32>()
      var blankReported = false
      for slot in registration.dependencySlots where !isVisible(slot) {
        if slot.name.isBlank {
          if !blankReported {
            problems.append(
              .blankDependency(requiredBy: registration.name, site: registration.site))
            blankReported = true
          }
        } else if reported.insert(slot.id).inserted {
          missing.append(
            .missingDependency(
              MissingDependency(
                name: slot.name, requiredBy: registration.name,
                suggestion: suggestion(for: slot.name), site: registration.site)))
        }
      }
    }
    problems += missing
  }

  /// Whether a dependency resolves to anything: a registration here, a provider
  /// closure derived here, or a name of an ancestor.
  private func isVisible(_ slot: NameSlot) -> Bool {
    if registry.isRegistered(slot.id) || registry.derived[slot.id] != nil {
      return true
    }
    return container.parent?.lookup(slot.name, hash: slot.hash) != nil
  }

  private mutating func suggestion(for name: String) -> String? {
    if candidates == nil {
      candidates =
        (container.parent?.suggestionCandidates() ?? []) + registry.visibleNames
    }
    return Suggestion.closest(to: name, among: candidates ?? [])
  }

  /// Lists every elementary cycle of direct dependencies between this container's
  /// names; returns whether the list was cut at the limit.
  private mutating func checkCycles() -> Bool {
    var sources: [Int32] = []
    var targets: [Int32] = []
    for registration in effectiveRegistrations where registration.isProvider {
      guard
        let source = container.names.slot(
          named: registration.name, hash: registration.name.hashValue)?.takeUnretainedValue()
      else { continue }
      for slot in registration.dependencySlots where registry.isRegistered(slot.id) {
        sources.append(source.id)
        targets.append(slot.id)
      }
    }
    guard !sources.isEmpty else { return false }
    let graph = CompactDigraph(nodeCount: slots.count, edgeSources: sources, edgeTargets: targets)
    let (found, truncated) = graph.elementaryCycles(limit: Container.cycleReportLimit)
    let cycles = found.map { ids -> [String] in
      let names = ids.map { slots[Int($0)].name }
      let start = names.indices.min { names[$0] < names[$1] } ?? 0
      let rotated = Array(names[start...] + names[..<start])
      return rotated + [rotated[0]]
    }
    problems += cycles.sorted { $0.lexicographicallyPrecedes($1) }.map { .cycle($0) }
    return truncated
  }

  // MARK: Warnings

  private mutating func checkWarnings() {
    for registration in effectiveRegistrations {
      guard registration.role == .provider else { continue }
      if registration.scope.isShared {
        for slot in registration.dependencySlots {
          let dependency =
            single(slot)
            ?? container.parent?.lookup(slot.name, hash: slot.hash)?.takeUnretainedValue()
          guard let dependency, dependency.role == .provider, !dependency.scope.isShared
          else { continue }
          warnings.append(
            .captiveDependency(
              name: registration.name, site: registration.site, scope: registration.scope.name,
              dependency: dependency.name, dependencyScope: dependency.scope.name))
        }
      }
      if !registration.options.contains(.manualInit) {
        for property in injectPropertyNames(of: registration.productType)
        where !registration.dependencies.contains(property) {
          warnings.append(
            .unlistedInjectProperty(
              provider: registration.name, site: registration.site,
              type: String(describing: registration.productType), property: property))
        }
      }
    }
  }

  private mutating func injectPropertyNames(of type: Any.Type) -> [String] {
    let key = ObjectIdentifier(type)
    if let names = injectNames[key] {
      return names
    }
    let names = type is AnyClass ? PropertyInjector.injectPropertyNames(of: type) ?? [] : []
    injectNames[key] = names
    return names
  }
}
