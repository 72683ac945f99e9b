import INJReflection

/// The state of one resolution in progress on one thread: a stack of providers
/// whose dependencies are being resolved, worked through in a loop rather than by
/// recursion, so a dependency chain of any depth needs no stack space.
///
/// It lives in a local variable of the resolving call and is reached through a
/// pointer (see ``Resolver``). The thread's current resolution points at it
/// (`CurrentResolution`), so a creator that calls back into a container starts a
/// resolution nested in it: cycles through such calls are caught, errors show the
/// whole path, and object-graph products are shared with the outermost resolution.
struct Resolution {
  struct Frame {
    /// The provider, unretained: its container keeps it alive for longer than the
    /// resolution, and reference counting in the resolution loop would cost more
    /// than the rest of it.
    let handle: Unmanaged<Registration>
    /// The values of the dependencies resolved so far, owned by the frame (one
    /// reference, released by hand) until the creator receives them; nil from
    /// then on.
    var values: Unmanaged<DependencyValues>?
    /// Claimed through `SharedCreation`: must be finished or abandoned.
    let claimed: Bool

    init(registration: Registration, values: Unmanaged<DependencyValues>, claimed: Bool) {
      handle = Unmanaged.passUnretained(registration)
      self.values = values
      self.claimed = claimed
    }

    /// The provider, retained (for paths where the cost does not matter).
    var registration: Registration { handle.takeUnretainedValue() }

    var id: ObjectIdentifier { ObjectIdentifier(handle.takeUnretainedValue()) }
  }

  /// The resolution this one is nested in, on the same thread; it outlives this
  /// one, waiting for it to finish.
  let outer: UnsafeMutablePointer<Resolution>?
  /// The thread's state, which outlives the thread's resolutions.
  let cell: UnsafeMutablePointer<CurrentResolution.Cell>
  var frames: ContiguousArray<Frame>
  /// A provider without dependencies whose creator is running without a frame.
  unowned(unsafe) var leaf: Registration?
  /// The identity of `leaf`.
  var leafID: ObjectIdentifier?
  /// The registrations of `frames`, once the stack is deep.
  var onStack: Set<ObjectIdentifier>?
  var objectGraphProducts: [ObjectIdentifier: Product] = [:]

  init(
    outer: UnsafeMutablePointer<Resolution>?, cell: UnsafeMutablePointer<CurrentResolution.Cell>
  ) {
    self.outer = outer
    self.cell = cell
    frames = []
  }
}

/// The operations of a resolution, on its state in place.
///
/// Every access goes through the pointer, so a nested resolution (started by a
/// creator calling back) always reads the current frames of the ones it is nested
/// in.
struct Resolver {
  /// Beyond this depth, membership in the stack is tracked in a set.
  private static let linearSearchDepth = 24

  let state: UnsafeMutablePointer<Resolution>

  /// Resolves a provider whose product is not ready to read, in a new resolution
  /// nested in the one in progress on this thread, if any.
  static func resolve(_ registration: Registration) throws(ResolutionError) -> Product {
    let cell = CurrentResolution.cell
    let outer = cell.pointee.pointer
    var state = Resolution(outer: outer, cell: cell)
    swap(&state.frames, &cell.pointee.spareFrames)
    return try withUnsafeMutablePointer(to: &state) { (state) throws(ResolutionError) in
      cell.pointee.pointer = state
      defer {
        cell.pointee.pointer = outer
        // Frames are left only by a failed resolution, which empties them itself.
        assert(state.pointee.frames.isEmpty)
        if state.pointee.frames.capacity > cell.pointee.spareFrames.capacity {
          swap(&state.pointee.frames, &cell.pointee.spareFrames)
        }
      }
      return try Resolver(state: state).resolve(registration)
    }
  }

  // MARK: Resolving

  /// Resolves a provider, with all its dependencies.
  private func resolve(_ registration: Registration) throws(ResolutionError) -> Product {
    if registration.createsWithoutFrame {
      return try createLeaf(registration)
    }
    // A creator asking again for an object-graph name that this resolution (or the
    // one it is nested in) already made gets that product.
    if registration.scope == .objectGraph,
      let made = outermost.pointee.objectGraphProducts[ObjectIdentifier(registration)]
    {
      return made
    }
    do throws(ResolutionError) {
      if let ready = try enter(registration) {
        return ready
      }
      while true {
        let top = state.pointee.frames.count - 1
        let step = try state.pointee.frames[top].handle.withGuaranteedRef {
          (registration) throws(ResolutionError) -> Product? in
          try advance(registration, top: top)
        }
        guard let product = step else { continue }
        if state.pointee.frames.isEmpty {
          return product
        }
        state.pointee.frames[state.pointee.frames.count - 1].values.unsafelyUnwrapped
          ._withUnsafeGuaranteedRef { $0.append(product) }
      }
    } catch {
      for frame in state.pointee.frames {
        frame.values?.release()
        if frame.claimed {
          SharedCreation.shared.abandon(frame.registration)
        }
      }
      state.pointee.frames.removeAll(keepingCapacity: true)
      state.pointee.onStack = nil
      throw error
    }
  }

  /// Takes one step for the provider of the top frame: resolves its next
  /// dependencies until one needs a frame of its own (pushed, and nil returned), or,
  /// when all are resolved, creates its product, pops its frame and returns the
  /// product.
  @inline(__always)
  private func advance(
    _ registration: Registration, top: Int
  ) throws(ResolutionError) -> Product? {
    // Dependencies that are ready, or made without a frame, are taken in this
    // loop; one that needs a frame of its own ends the step.
    let slots = registration.dependencyHandles
    let values = state.pointee.frames[top].values.unsafelyUnwrapped
    while true {
      let resolved = values._withUnsafeGuaranteedRef { $0.count }
      guard resolved < slots.count else { break }
      let slot = slots[resolved]
      if registration.owner.isObserved, let observer = registration.owner.observer {
        let name = slot._withUnsafeGuaranteedRef { $0.name }
        if let refusal = observer.willResolve(name, path: path + [name]) {
          throw error(for: name, reason: .refused(refusal))
        }
      }
      let value = try dependency(slot, of: registration).withGuaranteedRef {
        (target) throws(ResolutionError) -> Product? in
        if let ready = try readyValue(of: target) {
          return ready
        }
        if target.createsWithoutFrame {
          return try createLeaf(target)
        }
        return try enter(target)
      }
      guard let value else { return nil }
      values._withUnsafeGuaranteedRef { $0.append(value) }
    }
    // The creator's values own the storage from here on.
    state.pointee.frames[top].values = nil
    let product = try create(registration, values: values.takeRetainedValue())
    leave(with: product)
    return product
  }

  /// Creates a transient provider without dependencies, without a frame: it is
  /// marked as the resolution's leaf while its creator runs.
  private func createLeaf(_ registration: Registration) throws(ResolutionError) -> Product {
    if isLeafInProgress(registration) {
      throw error(for: registration.name, reason: .cycle(cycle(closingAt: registration)))
    }
    state.pointee.leaf = registration
    state.pointee.leafID = ObjectIdentifier(registration)
    defer {
      state.pointee.leaf = nil
      state.pointee.leafID = nil
    }
    // Transient and without dependencies: nothing to share and nothing to inject.
    return try runCreator(registration, with: registration.valuesWithoutDependencies)
  }

  /// The registration a dependency slot resolves to, from the dependent's container
  /// and its ancestors; unretained, as its container keeps it alive.
  @inline(__always)
  private func dependency(
    _ handle: Unmanaged<NameSlot>, of dependent: Registration
  ) throws(ResolutionError) -> Unmanaged<Registration> {
    if let registration = handle._withUnsafeGuaranteedRef({ $0.registration }) {
      return registration
    }
    return try missingDependency(handle.takeUnretainedValue(), of: dependent)
  }

  /// The registration of a dependency whose slot has none: an ancestor's, or an
  /// error.
  private func missingDependency(
    _ slot: NameSlot, of dependent: Registration
  ) throws(ResolutionError) -> Unmanaged<Registration> {
    if let registration = dependent.owner.parent?.lookup(slot.name, hash: slot.hash) {
      return registration
    }
    if slot.name.isBlank {
      throw error(for: slot.name, reason: .blankName)
    }
    throw error(
      for: slot.name, reason: .unknownName,
      suggestion: dependent.owner.suggestion(for: slot.name))
  }

  /// The value of a registration that needs no creation here, or nil for a provider
  /// whose product must be created.
  private func readyValue(of registration: Registration) throws(ResolutionError) -> Product? {
    switch registration.role {
    case .instance:
      return registration.instance
    case .provider:
      switch registration.scope {
      case .singleton:
        return registration.singletonValue
      case .objectGraph:
        return outermost.pointee.objectGraphProducts[ObjectIdentifier(registration)]
      case .transient, .weakSingleton:
        return nil
      }
    case .providerClosure:
      return try registration.owner.providerClosureValue(
        target: registration.closureTarget.unsafelyUnwrapped
      ) { (name, reason) throws(ResolutionError) in
        throw error(for: name, reason: reason, via: registration.name)
      }
    case .invalid:
      throw error(for: registration.name, reason: registration.invalidReason.unsafelyUnwrapped)
    }
  }

  /// Pushes a provider whose product must be created, or returns its product when
  /// another thread created it meanwhile.
  private func enter(_ registration: Registration) throws(ResolutionError) -> Product? {
    if isInProgress(registration) {
      throw error(for: registration.name, reason: .cycle(cycle(closingAt: registration)))
    }
    var claimed = false
    if registration.scope.isShared {
      do {
        switch try SharedCreation.shared.claim(registration, for: UInt(bitPattern: outermost)) {
        case .available(let value): return value
        case .claimed: claimed = true
        }
      } catch {
        throw self.error(for: registration.name, reason: .cycle(error.cycle))
      }
    }
    state.pointee.frames.append(
      Resolution.Frame(
        registration: registration, values: Unmanaged.passRetained(storage(for: registration)),
        claimed: claimed))
    if state.pointee.onStack != nil {
      state.pointee.onStack?.insert(ObjectIdentifier(registration))
    } else if state.pointee.frames.count > Self.linearSearchDepth {
      state.pointee.onStack = Set(state.pointee.frames.map(\.id))
    }
    return nil
  }

  /// Empty storage for the values of `registration`'s dependencies: the one a
  /// finished creation of it left on this thread, or a new one.
  @inline(__always)
  private func storage(for registration: Registration) -> DependencyValues {
    let entry =
      state.pointee.cell.pointee.valueStores
      + CurrentResolution.valueStoreIndex(of: registration)
    if let kept = entry.pointee.take(), kept.fits(registration) {
      return kept
    }
    return DependencyValues(names: registration.dependencies, providerName: registration.name)
  }

  /// Keeps the storage of a finished creation's values for a later creation on
  /// this thread, unless the creator kept a copy of the values, which then owns
  /// it.
  @inline(__always)
  private func recycle(_ storage: consuming DependencyValues, of registration: Registration) {
    guard isKnownUniquelyReferenced(&storage) else { return }
    storage.removeAll()
    let entry =
      state.pointee.cell.pointee.valueStores
      + CurrentResolution.valueStoreIndex(of: registration)
    entry.pointee = consume storage
  }

  /// Pops the top frame, whose product was created, and shares the product as its
  /// scope says.
  private func leave(with product: Product) {
    let frame = state.pointee.frames.removeLast()
    if state.pointee.onStack != nil {
      state.pointee.onStack?.remove(frame.id)
    }
    if frame.claimed {
      SharedCreation.shared.finish(frame.registration, with: product)
    } else if frame.handle._withUnsafeGuaranteedRef({ $0.scope == .objectGraph }) {
      outermost.pointee.objectGraphProducts[frame.id] = product
    }
  }

  /// Runs a provider's creator (no lock is held), then injects the product's
  /// properties. The provider is the innermost one in progress.
  private func create(
    _ registration: Registration, values storage: consuming DependencyValues
  ) throws(ResolutionError) -> Product {
    let values = ResolvedValues(storage: storage)
    let product = try runCreator(registration, with: values)
    if registration.scope == .weakSingleton, product.kind != .object {
      throw error(
        for: registration.name, reason: .notAnObject(type: product.typeDescription),
        inProgress: true)
    }
    if registration.injectsProperties {
      if let plan = registration.injectionPlan(for: product) {
        let instance = product.anyValue
        do {
          _ = try plan.inject(into: instance, from: values)
        } catch let failure as InjectionError {
          throw error(
            for: registration.name, reason: .injectionFailed(failure), inProgress: true)
        } catch {
          throw self.error(
            for: registration.name, reason: .creatorFailed(error), inProgress: true)
        }
      }
    }
    recycle((consume values).storage, of: registration)
    return product
  }

  /// Runs a provider's creator with `values` (no lock is held). The provider is
  /// the innermost one in progress.
  @inline(__always)
  private func runCreator(
    _ registration: Registration, with values: borrowing ResolvedValues
  ) throws(ResolutionError) -> Product {
    if registration.isMainActor, !Threads.isOnMainActor {
      throw error(for: registration.name, reason: .notOnMainActor, inProgress: true)
    }
    let product: Product
    do {
      product = try registration.create(values)
    } catch {
      throw failure(of: registration, thrown: error)
    }
    if registration.owner.isObserved, let observer = registration.owner.observer {
      observer.didCreate(registration.name, product: product.anyValue, path: path)
    }
    return product
  }

  /// The error for a creator that threw `thrown`: a failed resolution inside it
  /// with this resolution's path in front, or the creator's own error.
  @inline(never)
  private func failure(of registration: Registration, thrown: any Error) -> ResolutionError {
    if let failure = thrown as? ResolutionError {
      return completed(failure)
    }
    return error(for: registration.name, reason: .creatorFailed(thrown), inProgress: true)
  }

  // MARK: Nesting

  /// The outermost resolution: it keeps the object-graph products and owns the
  /// claims of all resolutions nested in it, which count as one owner.
  private var outermost: UnsafeMutablePointer<Resolution> {
    var current = state
    while let outer = current.pointee.outer {
      current = outer
    }
    return current
  }

  // MARK: Cycles and paths

  private func isInProgress(_ registration: Registration) -> Bool {
    // Identities only: comparing them needs no reference counting.
    let id = ObjectIdentifier(registration)
    if let onStack = state.pointee.onStack, onStack.contains(id) {
      return true
    }
    var resolution: UnsafeMutablePointer<Resolution>? = state
    while let current = resolution {
      if let leaf = current.pointee.leafID, leaf == id { return true }
      if current != state || current.pointee.onStack == nil {
        for index in current.pointee.frames.indices
        where current.pointee.frames[index].id == id {
          return true
        }
      }
      resolution = current.pointee.outer
    }
    return false
  }

  /// Whether a provider that never gets a frame (see `createLeaf`) is in
  /// progress: only the leaves of this resolution and the ones it is nested in
  /// can hold it.
  @inline(__always)
  private func isLeafInProgress(_ registration: Registration) -> Bool {
    let id = ObjectIdentifier(registration)
    var resolution: UnsafeMutablePointer<Resolution>? = state
    while let current = resolution {
      if current.pointee.leafID == id { return true }
      resolution = current.pointee.outer
    }
    return false
  }

  /// The registrations in progress, outermost first.
  private var stack: [Registration] {
    var chains: [[Registration]] = []
    var resolution: UnsafeMutablePointer<Resolution>? = state
    while let current = resolution {
      var chain = current.pointee.frames.map(\.registration)
      if let leaf = current.pointee.leaf {
        chain.append(leaf)
      }
      chains.append(chain)
      resolution = current.pointee.outer
    }
    return chains.reversed().flatMap { $0 }
  }

  /// The names in progress, outermost first: the path to whatever is resolved next.
  var path: [String] {
    stack.map(\.name)
  }

  /// The closed path from `registration`, in progress, back to it.
  private func cycle(closingAt registration: Registration) -> [String] {
    let stack = self.stack
    let start = stack.firstIndex { $0 === registration } ?? 0
    return stack[start...].map(\.name) + [registration.name]
  }

  /// An error about `name`, reached from the registrations in progress; when
  /// `inProgress`, `name` is the innermost of them rather than the next one.
  /// `via` is a provider-closure name that was requested and led to `name`.
  func error(
    for name: String, reason: ResolutionError.Reason, suggestion: String? = nil,
    inProgress: Bool = false, via closureName: String? = nil
  ) -> ResolutionError {
    var path = self.path
    if let closureName {
      path.append(closureName)
    }
    if !inProgress {
      path.append(name)
    }
    return ResolutionError(name: name, path: path, suggestion: suggestion, reason: reason)
  }

  /// An error thrown by a creator's own ``ResolvedValues``, with the path of the
  /// resolution in front of it.
  private func completed(_ failure: ResolutionError) -> ResolutionError {
    guard failure.isLocalToCreator else { return failure }
    var completed = failure
    // The creator is the innermost name in progress, the last of `path`.
    completed.path = path + [failure.name]
    completed.isLocalToCreator = false
    return completed
  }
}

extension String {
  /// Whether the string is empty or only white space.
  var isBlank: Bool {
    allSatisfy(\.isWhitespace)
  }
}

extension Unmanaged {
  /// Runs `body` with the instance borrowed: no reference counting, which is safe
  /// while something else keeps the instance alive.
  @inline(__always)
  func withGuaranteedRef<Result, Failure: Error>(
    _ body: (Instance) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    do {
      return try _withUnsafeGuaranteedRef(body)
    } catch let error as Failure {
      throw error
    } catch {
      // `body` throws only `Failure`, and `_withUnsafeGuaranteedRef` only rethrows.
      preconditionFailure("unreachable: \(error)")
    }
  }
}
