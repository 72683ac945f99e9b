import INJPrimitives
import INJReflection

extension Container {
  /// The registration a name resolves to in this container or its ancestors.
  /// Lock-free.
  @inline(__always)
  func lookup(_ name: String, hash: Int) -> Unretained<Registration>? {
    if let registration = lookupHere(name, hash: hash) {
      return registration
    }
    // Walk the ancestors unretained: each keeps its parent alive, and threads
    // resolving at once must not all write the reference counts of shared objects.
    var ancestor = parent.map { Unretained($0) }
    while let current = ancestor {
      let (found, next) = current.read { container in
        (
          container.lookupHere(name, hash: hash),
          container.parent.map { Unretained($0) }
        )
      }
      if let found {
        return found
      }
      ancestor = next
    }
    return nil
  }

  /// The registration a name resolves to in this container alone. Lock-free.
  @inline(__always)
  private func lookupHere(_ name: String, hash: Int) -> Unretained<Registration>? {
    if pendingMark.mayHavePending {
      applyPendingRegistrations()
    }
    if let slot = names.slot(named: name, hash: hash),
      let registration = slot.read({ $0.registration })
    {
      return registration
    }
    // No slot, or one another thread may have just made for a provider closure and not
    // set yet: ask under the lock, which that thread holds until the slot is set.
    return name.hasProviderClosureShape ? providerClosureOnFirstUse(name) : nil
  }

  /// Resolves a name requested from outside (or from a creator calling back), by its
  /// `hash` when known (a key's), else by the hash remembered for it, which may be
  /// stale: a miss is then repeated with the name's real hash. Its error is completed
  /// from the registrations. A provider closure's call resolves in `graph`, the object
  /// graph it was handed out in, if any.
  @usableFromInline
  func resolve(
    _ name: String, hash: Int? = nil, inGraph graph: ObjectGraph? = nil
  ) throws(ResolutionError) -> Resolved {
    do {
      let found = try registration(
        requested: name, hash: hash ?? NameHashes.rememberedHash(of: name), isExact: hash != nil,
        in: ThreadRequest())
      if let ready = Self.readyValue(of: found) {
        return ready
      }
      return try found.read { (registration) throws(ResolutionError) in
        try Resolver.resolve(registration, inGraph: graph)
      }
    } catch {
      throw completedFromRegistrations(error)
    }
  }

  /// An error completed with what only the registrations tell: the declaration a
  /// cycle's fix asks of an `@Inject` property (see ``CycleText/property(fixing:lookup:)``),
  /// and the contribution a collection's reader cannot take.
  func completedFromRegistrations(_ error: ResolutionError) -> ResolutionError {
    var completed = error
    switch error.reason {
    case .cycle(let cycle) where error.cycleProperty == nil:
      completed.cycleProperty = CycleText.property(fixing: cycle) { name in
        lookup(name, hash: name.hashValue)?.retained
      }
    case .typeMismatch(let expected, _):
      guard let element = error.mismatchedElement,
        let contribution = contribution(to: error.name, at: element.position)
      else { break }
      completed.reason = .contributionTypeMismatch(
        expected: expected, contribution: contribution.provider?.name ?? contribution.name,
        site: contribution.site, actual: element.type)
    default:
      break
    }
    return completed
  }

  /// The registration a request for `name` made in `request` resolves to, once the
  /// observer let it through: the first step of both resolvers. A miss by a hash that
  /// is not `isExact` (a remembered one, maybe stale) is repeated with the real hash.
  @inline(__always)
  func registration(
    requested name: String, hash: Int, isExact: Bool, in request: some ResolutionInProgress
  ) throws(ResolutionError) -> Unretained<Registration> {
    if isObserved, let observer,
      let refusal = observer.willResolve(name, path: request.path + [name])
    {
      throw request.error(for: name, reason: .refused(refusal))
    }
    guard
      let found = lookup(name, hash: hash) ?? (isExact ? nil : lookup(name, hash: name.hashValue))
    else {
      throw request.error(
        for: name, reason: name.isBlank ? .blankName : .unknownName,
        suggestion: name.isBlank ? nil : suggestion(for: name))
    }
    return found
  }

  /// The value of an instance or an existing singleton, read without retaining the
  /// registration, so threads resolving the same name share no writes: the fast path
  /// of every request. Nil for anything else.
  @inline(__always)
  static func readyValue(of found: Unretained<Registration>) -> Resolved? {
    found.read { registration -> Resolved? in
      switch registration.kind {
      case .instance(let value, _): value
      case .provider(let provider): provider.singleton.value
      case .providerClosure, .invalid: nil
      }
    }
  }

  /// What a provider-closure name gives: the factory of the registration its base
  /// name resolves to now; handed out during a resolution, one whose closures go on
  /// with that resolution's object graph (see ``ObjectGraph``).
  func providerClosureValue(
    target: NameSlot,
    failure: (String, ResolutionError.Reason) throws(ResolutionError) -> Never
  ) throws(ResolutionError) -> Resolved {
    if pendingMark.mayHavePending {
      applyPendingRegistrations()
    }
    guard let found = target.registration else {
      try failure(target.name, .unknownName)
    }
    let registration = found.retained
    switch registration.kind {
    case .instance, .provider:
      return Resolved(
        factory: registration.providerFactory(slot: target) {
          ThreadState.current.pointee.resolution.flatMap { Resolver(state: $0).graph() }
        })
    case .invalid(let problem, _):
      try failure(registration.name, registration.failureReason(problem))
    case .providerClosure:
      try failure(target.name, .unknownName)
    }
  }

  /// Resolves `slot` for a provider closure's call, in `graph`, the object graph the
  /// closure was handed out in, if any.
  func resolveForProviderClosure<Made>(
    slot: NameSlot, as type: Made.Type, graph: ObjectGraph?
  ) throws(ResolutionError) -> Made {
    try resolve(slot, inGraph: graph).cast(
      to: type, name: slot.name, path: ThreadRequest().path + [slot.name])
  }

  /// Resolves `slot` in `graph`, the object graph a provider closure or a lazy value
  /// was handed out in, if any.
  func resolve(_ slot: NameSlot, inGraph graph: ObjectGraph?) throws(ResolutionError) -> Resolved {
    // Called in the resolution it was handed out in, it goes on with that resolution.
    let isCurrent =
      graph != nil
      && ThreadState.current.pointee.resolution.flatMap { Resolver(state: $0).graph(making: false) }
        === graph
    return try resolve(slot.name, inGraph: isCurrent ? nil : graph)
  }

  /// The registered name closest to `name`, among this container's names and its
  /// ancestors', in registration order (ancestors first).
  func suggestion(for name: String) -> String? {
    Suggestion.closest(to: name, among: suggestionCandidates())
  }

  /// The names a suggestion may be: this container's and its ancestors', in
  /// registration order, ancestors first.
  func suggestionCandidates() -> [String] {
    lineage.reversed().flatMap { $0.withRegistry { $0.visibleNames } }
  }
}

/// A request made on the calling thread: inside the resolution in progress there, if
/// any (a creator calling back), whose names in progress lead to it.
struct ThreadRequest: ResolutionInProgress {
  var path: [String] {
    ThreadState.current.pointee.resolution.map { Resolver(state: $0).path } ?? []
  }
}
