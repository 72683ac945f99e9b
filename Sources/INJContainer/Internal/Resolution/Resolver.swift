import INJPrimitives
import INJReflection

/// The operations of a resolution, on its state in place.
///
/// Every access goes through the pointer, so a nested resolution (started by a
/// creator calling back) always reads the current frames of the ones it is nested
/// in.
///
/// A resolution of a provider pushes a frame for it, then works on the top frame
/// until the stack is empty: each step resolves the top provider's next
/// dependencies, pushing a frame for one that must be created, and when all are
/// resolved, runs its creator, injects its product, pops its frame and hands the
/// product to the frame below.
struct Resolver {
  let state: UnsafeMutablePointer<ResolutionState>

  /// Resolves a registration whose value is not ready to read; a provider in a new
  /// resolution nested in the one in progress on this thread, if any.
  ///
  /// A request made by an async creator (or a task it awaits) is part of that creator's
  /// request: its object-graph products are the request's (see
  /// ``objectGraphProducts``).
  ///
  /// A provider closure's call goes on with `graph`, the object graph the closure was
  /// handed out in: the resolution keeps its own object-graph products, read from it.
  static func resolve(
    _ registration: Registration, inGraph graph: ObjectGraph?
  ) throws(ResolutionError) -> Resolved {
    guard let provider = registration.unretainedProvider else {
      // Not a provider: a value, or the error of an invalid registration.
      return try ThreadRequest().valueUnlessProvider(of: registration)!
    }
    return try provider.read { (provider) throws(ResolutionError) in
      // Only a stoppable resolution stops, and this one is not.
      try nested(inGraph: graph) { (resolver) throws(ResolutionError) in
        try resolver.resolve(provider)!
      }
    }
  }

  /// Runs `body` in a new resolution nested in the one in progress on this thread, if
  /// any, or outermost: the resolutions `body` starts are nested in it, and a claim made
  /// outside the resolver (a lazy value's, see ``LazyProduct``) with its
  /// ``outermost`` owner belongs to the resolutions it waits for. `graph` is as in
  /// ``resolve(_:inGraph:)``.
  @inline(__always)
  static func nested<Result>(
    inGraph graph: ObjectGraph? = nil, _ body: (Resolver) throws(ResolutionError) -> Result
  ) throws(ResolutionError) -> Result {
    let thread = ThreadState.current
    var state = ResolutionState(outer: thread.pointee.resolution, thread: thread)
    if let graph {
      state.objectGraphProducts.graph = graph
      state.hasLookedForRequest = true
    }
    defer { state.giveProductsBack() }
    return try run(&state, on: thread, body)
  }

  /// Runs a stoppable resolution on the calling thread, from where it stopped, until
  /// it ends or stops again, with no async resolution bound: a task a synchronous
  /// creator starts, which it cannot await, asks as a new request, not as a part of the
  /// creation this resolution is in.
  ///
  /// - Returns: The product; nil when the resolution stopped where its request must
  ///   await something (``StoppableResolution/stop`` says what), to go on after.
  /// - Throws: The resolution's error; the resolution is then over, its claims
  ///   released.
  static func proceed(_ resolution: StoppableResolution) throws(ResolutionError) -> Resolved? {
    guard AsyncResolution.current == nil else {
      return try AsyncResolution.$current.withValue(nil) {
        Result { () throws(ResolutionError) in try proceed(resolution) }
      }.get()
    }
    resolution.stop = nil
    // A product in hand is its top frame's.
    let isStarting = resolution.state.frames.isEmpty
    let provider = resolution.provider
    // A resolution in progress on this thread (an async request started synchronously
    // inside a creator) is another request's: it is put back when this one stops.
    return try run(&resolution.state, on: ThreadState.current) {
      (resolver) throws(ResolutionError) -> Resolved? in
      try isStarting ? resolver.resolve(provider) : resolver.resume()
    }
  }

  /// Runs `body` with `state` as the resolution in progress on `thread`, the one in
  /// progress before put back after. A resolution whose frames are empty takes the
  /// thread's spare frame storage when it has more room, and leaves its own there when
  /// it has more.
  @inline(__always)
  private static func run<Result>(
    _ state: inout ResolutionState, on thread: UnsafeMutablePointer<ThreadState>,
    _ body: (Resolver) throws(ResolutionError) -> Result
  ) throws(ResolutionError) -> Result {
    let outer = thread.pointee.resolution
    state.thread = thread
    if state.frames.isEmpty, state.frames.capacity < thread.pointee.spareFrames.capacity {
      swap(&state.frames, &thread.pointee.spareFrames)
    }
    return try withUnsafeMutablePointer(to: &state) { (state) throws(ResolutionError) in
      // A stoppable resolution's owner is its request's.
      if state.pointee.stoppable == nil { state.pointee.claimOwner = UInt(bitPattern: state) }
      thread.pointee.resolution = state
      defer {
        thread.pointee.resolution = outer
        // Frames are left only by a stopped resolution: a failed one empties them.
        if state.pointee.frames.isEmpty,
          state.pointee.frames.capacity > thread.pointee.spareFrames.capacity
        {
          swap(&state.pointee.frames, &thread.pointee.spareFrames)
        }
      }
      return try body(Resolver(state: state))
    }
  }

  // MARK: Resolving

  /// Resolves a provider, with all its dependencies; nil when the resolution stopped
  /// at a held claim (a stoppable one only).
  private func resolve(_ provider: Provider) throws(ResolutionError) -> Resolved? {
    do throws(ResolutionError) {
      if let ready = try valueOrFrame(of: provider) {
        return ready
      }
      if state.pointee.stoppable?.stop != nil {
        return nil
      }
      return try run()
    } catch {
      abandon()
      throw error
    }
  }

  /// Goes on with a stoppable resolution where it stopped: first with the top frame's
  /// product in hand, if any (``StoppableResolution/awaitedProduct``), which is finished,
  /// injected and shared as any other.
  private func resume() throws(ResolutionError) -> Resolved? {
    let part = state.pointee.stoppable!
    do throws(ResolutionError) {
      if let made = part.awaitedProduct, let values = part.awaitedValues {
        let provider = state.pointee.frames[state.pointee.frames.count - 1].provider
        let isFinished = part.isInjectionPending
        part.forgetProductInHand()
        guard
          let product = try finish(
            made, of: provider, values: consume values, isFinished: isFinished)
        else { return nil }
        leave(with: product)
        if let done = handDown(product) { return done }
      }
      return try run()
    } catch {
      abandon()
      throw error
    }
  }

  /// Hands a product whose frame was popped to the frame below, which is still
  /// collecting values (its storage is set); returns it when no frame is left.
  @inline(__always)
  private func handDown(_ product: Resolved) -> Resolved? {
    if state.pointee.frames.isEmpty {
      return product
    }
    state.pointee.frames[state.pointee.frames.count - 1].values!
      ._withUnsafeGuaranteedRef { $0.append(product) }
    return nil
  }

  /// Works on the top frame until the stack is empty: returns the product, or nil
  /// when a stoppable resolution stopped.
  @inline(__always)
  private func run() throws(ResolutionError) -> Resolved? {
    while true {
      let top = state.pointee.frames.count - 1
      let step = try state.pointee.frames[top].handle.read {
        (provider) throws(ResolutionError) -> Resolved? in
        try advance(provider, top: top)
      }
      guard let product = step else {
        if let part = state.pointee.stoppable, part.stop != nil { return nil }
        continue
      }
      if let done = handDown(product) {
        return done
      }
    }
  }

  /// Gives up the providers in progress, releasing their values and claims: all of
  /// them, for a resolution that failed or a stoppable one given up while stopped; or,
  /// when `synchronousOnly`, those above a stoppable resolution's async ones (all, when it
  /// has none), and the async provider below resolves its dependency again when the
  /// resolution goes on.
  func abandon(synchronousOnly: Bool = false) {
    while let top = state.pointee.frames.last,
      !synchronousOnly || top.provider.asyncCreator == nil
    {
      state.pointee.frames.removeLast()
      top.values?.release()
      if top.claimed {
        releaseClaim(of: top.provider, storing: nil)
      }
      state.pointee.stoppable?.forgetProductInHand()
    }
  }

  /// Releases the claim a frame of `provider` holds, storing its product, if made: on
  /// the provider, for a shared product; on its request's cell, for an async
  /// object-graph product.
  private func releaseClaim(of provider: Provider, storing product: Resolved?) {
    if provider.scope == .objectGraph, let part = state.pointee.stoppable {
      let cell = part.context.requestProducts.cell(of: provider)
      Claims.shared.release(cell) { cell.product = product }
    } else {
      Claims.shared.release(provider) {
        if let product { provider.storeShared(product) }
      }
    }
  }

  /// Takes one step for the provider of the top frame: resolves its next
  /// dependencies until one needs a frame of its own (pushed, and nil returned), or,
  /// when all are resolved, creates its product, pops its frame and returns the
  /// product.
  @inline(__always)
  private func advance(_ provider: Provider, top: Int) throws(ResolutionError) -> Resolved? {
    // Dependencies that are ready, or made without a frame, are taken in this
    // loop; one that needs a frame of its own ends the step.
    let slots = provider.dependencyHandles
    // The top frame is collecting values until its creator runs: its storage is set.
    let values = state.pointee.frames[top].values!
    while true {
      let resolved = values._withUnsafeGuaranteedRef { $0.count }
      guard resolved < slots.count else { break }
      let slot = slots[resolved]
      try provider.observeDependency(slot.read { $0.name }) { path }
      let value = try provider.registration(ofDependency: slot) { path }.read {
        (registration) throws(ResolutionError) -> Resolved? in
        try valueOrFrame(of: registration)
      }
      guard let value else { return nil }
      values._withUnsafeGuaranteedRef { $0.append(value) }
    }
    // The creator's values own the storage from here on.
    state.pointee.frames[top].values = nil
    guard let product = try create(provider, values: values.takeRetainedValue()) else {
      return nil
    }
    leave(with: product)
    return product
  }

  /// The value of a dependency's registration when it is ready or made without a
  /// frame; nil when a frame was pushed for it.
  @inline(__always)
  private func valueOrFrame(of registration: Registration) throws(ResolutionError) -> Resolved? {
    if let provider = registration.unretainedProvider {
      return try provider.read { (provider) throws(ResolutionError) in
        try valueOrFrame(of: provider)
      }
    }
    // Not a provider (taken above): a value, or the error of an invalid registration.
    return try valueUnlessProvider(of: registration)!
  }

  /// The value of a provider's product when it is ready or made without a frame; nil
  /// when a frame was pushed for it.
  @inline(__always)
  private func valueOrFrame(of provider: Provider) throws(ResolutionError) -> Resolved? {
    switch provider.scope {
    case .singleton:
      if let value = provider.singleton.value { return value }
    case .objectGraph:
      guard let products = objectGraphProductsUnlessStopped else { return nil }
      if let value = products.pointee.objectGraphProducts[provider] { return value }
    case .transient:
      if provider.isLeaf {
        if provider.checksBeforeRunning {
          // An async creator is awaited by the request, for a frame of its own.
          if isAwaitedHere(provider) { return try enter(provider) }
          if let stop = stopBeforeCreating(provider) {
            state.pointee.stoppable!.stop = stop
            return nil
          }
        }
        return try createLeaf(provider)
      }
    case .weakSingleton, .named:
      // Read under the cell's own lock, not the claims'.
      if let value = provider.resettable!.value { return value }
    }
    return try enter(provider)
  }

  /// Creates a transient provider without dependencies, without a frame: it is
  /// marked as the resolution's leaf while its creator runs.
  private func createLeaf(_ provider: Provider) throws(ResolutionError) -> Resolved {
    if isInProgress(provider, isLeaf: true) {
      throw cycleError(closingAt: provider)
    }
    state.pointee.leaf = Unretained(provider)
    defer { state.pointee.leaf = nil }
    // Transient and without dependencies: nothing to share and nothing to inject, and
    // the values were made with the provider (a leaf has no dependencies).
    let product = try provider.finishedProduct(
      runCreator(provider, with: provider.valuesWithoutDependencies!)
    ) { path }
    guard provider.hasHooks else { return product }
    return try runHooks(on: product, of: provider, values: provider.valuesWithoutDependencies!)
  }

  /// Pushes a provider whose product must be created, or returns its product when
  /// another thread created it meanwhile.
  private func enter(_ provider: Provider) throws(ResolutionError) -> Resolved? {
    if InProgressSearch.isDue(atDepth: state.pointee.frames.count + 1), isInProgress(provider) {
      throw cycleError(closingAt: provider)
    }
    if let part = state.pointee.stoppable,
      let cycle = cycleThroughRequest(closingAt: provider, part)
    {
      throw error(for: provider.name, reason: .cycle(CycleText.normalized(cycle)))
    }
    if provider.checksBeforeRunning, let stop = stopBeforeCreating(provider) {
      state.pointee.stoppable!.stop = stop
      return nil
    }
    if provider.asyncCreator != nil, provider.scope.isShared, state.pointee.stoppable == nil {
      // Never made here, and never waited for: an async creation may hold its claim
      // while its creator awaits, and may need this thread to go on.
      if let value = provider.sharedValue() { return value }
      throw error(
        for: provider.name, reason: provider.isMadeAtLaunch ? .notMadeAtLaunch : .requiresAsync)
    }
    // A shared product, or an async object-graph one, made once in its request however
    // many of the request's tasks need it at once. A stoppable resolution does not wait
    // for another's claim: it stops, for its request to wait, suspended.
    var claimed = false
    let part = state.pointee.stoppable
    let cell =
      provider.scope == .objectGraph && isAwaitedHere(provider)
      ? part!.context.requestProducts.cell(of: provider) : nil
    if provider.scope.isShared || cell != nil {
      let object: AnyObject = cell ?? provider
      let outcome: Claims.Outcome?
      do {
        outcome = try Claims.shared.claim(
          object, name: provider.name, for: outermost.pointee.claimOwner, waits: part == nil,
          done: { cell.map { $0.product } ?? provider.sharedValue() })
      } catch {
        // Held by this resolution: a cycle the search above skipped at this depth.
        if case .cycle = error, isInProgress(provider) { throw cycleError(closingAt: provider) }
        throw self.error(for: provider.name, reason: error.reason)
      }
      switch outcome {
      case .available(let value)?: return value
      case .claimed?: claimed = true
      case nil:
        // Held by this resolution (a cycle the search above skipped at this depth), or
        // by another, which the async request waits for.
        if isInProgress(provider) { throw cycleError(closingAt: provider) }
        part!.stop = .heldClaim(object, name: provider.name)
        return nil
      }
    }
    // An async transient without dependencies (the only such provider given a frame) is
    // awaited with the values it was made with; none are added to them.
    let values =
      provider.isLeaf
      ? provider.valuesWithoutDependencies!.storage
      : state.pointee.thread.pointee.storageCache.take(for: provider)
    state.pointee.frames.append(
      ResolutionState.Frame(provider: provider, values: values, claimed: claimed))
    return nil
  }

  /// Whether a slow async provider about to be made is one of several dependencies of the
  /// async provider on top that the request should make at the same time: async
  /// providers whose products are not ready and whose latest creation was slower than
  /// starting a task (``CreationPace``). Asked only when such a dependency comes up.
  @inline(never)
  private func isMadeWithOthers(_ provider: Provider) -> Bool {
    guard provider.isMadeInATaskOfItsOwn, let top = state.pointee.frames.last else {
      return false
    }
    let dependent = top.provider
    let next = top.values!.takeUnretainedValue().count + 1
    guard dependent.asyncCreator != nil, next < dependent.dependencies.count else {
      return false
    }
    return dependent.dependencyHandles[next...].contains { slot in
      let registration = try? dependent.registration(ofDependency: slot, path: { [] })
      return registration?.retained.provider?.isMadeInATaskOfItsOwn == true
    }
  }

  /// Pops the top frame, whose product was created, and shares the product as its
  /// scope says.
  private func leave(with product: Resolved) {
    let frame = state.pointee.frames.removeLast()
    if frame.claimed {
      releaseClaim(of: frame.provider, storing: product)
    } else if frame.handle.read({ $0.scope == .objectGraph }) {
      objectGraphProducts.pointee.objectGraphProducts.keep(product, of: frame.provider)
    }
  }

  /// Runs a provider's creator (no lock is held), then injects the product's
  /// properties. The provider is the innermost one in progress. Nil when a stoppable
  /// resolution stopped before the injection (``StoppableResolution/isInjectionPending``).
  private func create(
    _ provider: Provider, values storage: consuming ResolvedValues.Storage
  ) throws(ResolutionError) -> Resolved? {
    let values = ResolvedValues(storage: storage)
    if provider.checksBeforeRunning, provider.asyncCreator != nil,
      let part = state.pointee.stoppable, isAsync(frameBelow: state.pointee.frames.count - 1)
    {
      // The request awaits the creator, and hands the product back (see `resume`).
      if let argument = provider.argument, !argument.isPassed {
        throw error(
          for: provider.name, reason: .requiresArgument(argument.typeName), inProgress: true)
      }
      part.awaitedValues = values
      part.stop = .awaitCreator(provider)
      return nil
    }
    return try finish(runCreator(provider, with: values), of: provider, values: consume values)
  }

  /// Finishes a product its creator made (unless `isFinished`: only its injection is
  /// left): injects its properties, and keeps the storage of its values for the next
  /// creation, unless the creator kept them. Nil when a stoppable resolution stopped at
  /// another resolution's claim of the product, which it keeps in hand
  /// (``StoppableResolution/isInjectionPending``).
  @inline(__always)
  private func finish(
    _ made: Resolved, of provider: Provider, values: consuming ResolvedValues,
    isFinished: Bool = false
  ) throws(ResolutionError) -> Resolved? {
    var product = isFinished ? made : try provider.finishedProduct(made) { path }
    if provider.injectsProperties, let plan = provider.injectionPlan(for: product) {
      guard try inject(&product, of: provider, with: plan, from: values) else {
        let part = state.pointee.stoppable!
        part.awaitedProduct = product
        part.awaitedValues = values
        part.isInjectionPending = true
        return nil
      }
    }
    if provider.hasHooks {
      product = try runHooks(on: product, of: provider, values: values)
    }
    state.pointee.thread.pointee.storageCache.keep((consume values).storage, of: provider)
    return product
  }

  /// Runs the hooks of a product its provider made and injected, in registration order,
  /// each on what the one before returned, where the creator ran (no lock is held).
  @inline(never)
  private func runHooks(
    on made: Resolved, of provider: Provider, values: borrowing ResolvedValues
  ) throws(ResolutionError) -> Resolved {
    var product = made
    for hook in provider.hooks {
      do {
        guard runsHere(hook.isolation) else { throw HookOffItsActor(hook: hook) }
        product = try hook.run(product, values) ?? product
      } catch {
        throw self.error(
          for: provider.name, reason: .hookFailed(site: hook.site, error), inProgress: true)
      }
    }
    return product
  }

  /// Injects a product's properties; false when a stoppable resolution stopped at
  /// another resolution's claim of it. A product that something else may hold (a
  /// transient provider can return an object it made before, or one it shares) may be
  /// handed to several threads at once, so its injection is claimed: one thread at a
  /// time injects it.
  private func inject(
    _ product: inout Resolved, of provider: Provider, with plan: InjectionPlan,
    from values: ResolvedValues
  ) throws(ResolutionError) -> Bool {
    // Nothing else can reach an object only the product holds: no claim needed.
    let isShared = !product.isUniquelyReferenced()
    if isShared {
      let part = state.pointee.stoppable
      let outcome: Claims.Outcome?
      do {
        outcome = try Claims.shared.claim(
          product.object, name: provider.name, for: outermost.pointee.claimOwner,
          waits: part == nil)
      } catch {
        throw self.error(for: provider.name, reason: error.reason, inProgress: true)
      }
      guard outcome != nil else {
        part!.stop = .heldClaim(product.object, name: provider.name)
        return false
      }
    }
    defer {
      if isShared { Claims.shared.release(product.object) }
    }
    try product.inject(with: plan, from: values, of: provider) { path }
    return true
  }

  /// Runs a provider's creator with `values` (no lock is held). The provider is
  /// the innermost one in progress.
  @inline(__always)
  private func runCreator(
    _ provider: Provider, with values: borrowing ResolvedValues
  ) throws(ResolutionError) -> Resolved {
    if provider.checksBeforeRunning {
      try checkBeforeRunning(provider)
    }
    do {
      return try provider.creator.create(values)
    } catch {
      throw failure(of: provider, thrown: error)
    }
  }

  /// Where a stoppable resolution stops before it creates `provider`'s product, for
  /// its request to do what the resolution cannot where it runs, or to make it with
  /// others. Nil where the creator runs here, where the request awaits it (an async
  /// creator above async providers only), or where ``checkBeforeRunning(_:)`` reports
  /// why it cannot.
  ///
  /// A slow async provider that the async provider on top needs with others
  /// (`isMadeWithOthers`) has the request make the rest of the dependencies of the
  /// provider on top, the slow async ones at the same time.
  ///
  /// Above async providers only, a synchronous creator that runs elsewhere has the
  /// resolution go on there, for it and what it needs. Above a synchronous provider:
  /// a main-actor creator starts the synchronous providers again on the main actor,
  /// when the lowest of them runs anywhere; a singleton that cannot be made here (async,
  /// or isolated elsewhere) is made by the request first.
  @inline(never)
  private func stopBeforeCreating(_ provider: Provider) -> Stop? {
    guard state.pointee.stoppable != nil else { return nil }
    let aboveAsyncOnly = isAsync(frameBelow: state.pointee.frames.count)
    if provider.asyncCreator != nil {
      if !aboveAsyncOnly && provider.scope == .singleton { return .singletonFirst(provider) }
      return isMadeWithOthers(provider) ? .dependencies(state.pointee.frames.last!.provider) : nil
    }
    if runsHere(provider.isolation) { return nil }
    if aboveAsyncOnly { return .runOn(provider) }
    if provider.isolation == .mainActor, lowestSynchronousIsolation == .nonisolated {
      return .mainActor
    }
    return provider.scope == .singleton ? .singletonFirst(provider) : nil
  }

  /// Whether no synchronous provider is in progress below the frame at `index`: an
  /// async creator there is awaited by the request.
  private func isAsync(frameBelow index: Int) -> Bool {
    // Borrowed, without reference counting: this is asked at every async provider.
    index == 0
      || state.pointee.frames[index - 1].handle.read { $0.asyncCreator != nil }
  }

  /// Whether the request of a stoppable resolution awaits `provider`'s async creator
  /// here, above async providers only.
  private func isAwaitedHere(_ provider: Provider) -> Bool {
    provider.asyncCreator != nil && state.pointee.stoppable != nil
      && isAsync(frameBelow: state.pointee.frames.count)
  }

  /// Where the lowest synchronous provider in progress runs, above the async ones.
  private var lowestSynchronousIsolation: CreatorIsolation? {
    var lowest: CreatorIsolation?
    for frame in state.pointee.frames.reversed() {
      let provider = frame.provider
      if provider.asyncCreator != nil { break }
      lowest = provider.isolation
    }
    return lowest
  }

  /// The cycle that needing `provider` closes through the creations of the request
  /// outside a stoppable resolution, as a closed path of names: searched at the depths
  /// ``InProgressSearch`` says, as the resolution's own providers are.
  private func cycleThroughRequest(
    closingAt provider: Provider, _ part: StoppableResolution
  ) -> [String]? {
    let depth = part.context.depth + state.pointee.frames.count + 1
    guard part.context.provider != nil, InProgressSearch.isDue(atDepth: depth),
      let outside = part.context.cycle(closingAt: provider)
    else { return nil }
    return outside.dropLast() + state.pointee.frames.map(\.provider.name) + [provider.name]
  }

  /// Throws unless the creator can run here: it is synchronous, and the calling
  /// thread is where its actor runs.
  @inline(never)
  private func checkBeforeRunning(_ provider: Provider) throws(ResolutionError) {
    if provider.asyncCreator != nil {
      throw error(
        for: provider.name, reason: provider.isMadeAtLaunch ? .notMadeAtLaunch : .requiresAsync,
        inProgress: true)
    }
    if let argument = provider.argument, !argument.isPassed {
      throw error(
        for: provider.name, reason: .requiresArgument(argument.typeName), inProgress: true)
    }
    guard !runsHere(provider.isolation) else { return }
    switch provider.isolation {
    case .nonisolated:
      return
    case .mainActor:
      throw error(
        for: provider.name,
        reason: .notOnMainActor(
          registeredAt: provider.owner.lookup(provider.name, hash: provider.name.hashValue)?
            .retained.site),
        inProgress: true)
    case .actor(let actor):
      throw error(for: provider.name, reason: .notOnActor(actor.name), inProgress: true)
    }
  }

  /// Whether a creator of `isolation` runs where the resolution runs now.
  private func runsHere(_ isolation: CreatorIsolation) -> Bool {
    switch isolation {
    case .nonisolated:
      true
    case .mainActor:
      // The resolution's thread state is at hand: the main thread is told without
      // looking it up again.
      state.pointee.thread.pointee.isMainThread || MainActorCheck.isOnMainActor
    case .actor(let actor):
      ThreadState.current.pointee.runningActor == actor.id
    }
  }

  /// The error for a creator that threw `thrown`.
  @inline(never)
  private func failure(of provider: Provider, thrown: any Error) -> ResolutionError {
    ResolutionError.failure(of: provider, thrown: thrown, path: path)
  }

  // MARK: Nesting

  /// The outermost resolution: it keeps the object-graph products and owns the
  /// claims of all resolutions nested in it, which count as one owner.
  var outermost: UnsafeMutablePointer<ResolutionState> {
    var current = state
    while let outer = current.pointee.outer {
      current = outer
    }
    return current
  }

  /// The outermost resolution, which keeps the object-graph products. One that is
  /// part of an async request (a stoppable one, or a top-level synchronous request made
  /// inside an async creation or a task it awaits) takes the request's products the
  /// first time it needs an object-graph product, when no other resolution of the
  /// request has them, and gives them back when it ends (a stoppable one also when it
  /// waits). Asked only then, so that other resolutions do not read the task-local
  /// binding, and requests that need none make none.
  private var objectGraphProducts: UnsafeMutablePointer<ResolutionState> {
    var outermost = state
    // A nested resolution with a graph is a provider closure's call: only an outermost
    // resolution, or such a call, keeps one (see `ResolutionState.objectGraphProducts`).
    while outermost.pointee.objectGraphProducts.graph == nil, let outer = outermost.pointee.outer {
      outermost = outer
    }
    if !outermost.pointee.hasLookedForRequest {
      outermost.pointee.hasLookedForRequest = true
      if let request = outermost.pointee.stoppable?.context.requestProducts
        ?? AsyncResolution.live?.requestProducts,
        let taken = request.tryTake()
      {
        // Nothing of an object graph was made before: none was needed.
        outermost.pointee.objectGraphProducts = taken
        outermost.pointee.request = request
      }
    }
    return outermost
  }

  /// The record of the object graph of this resolution, for the provider closures
  /// handed out in it (made on first use, when `making`): a closure called later
  /// resolves object-graph names in that graph (see ``ObjectGraph``).
  func graph(making: Bool = true) -> ObjectGraph? {
    let root = objectGraphProducts
    if let graph = root.pointee.objectGraphProducts.graph { return graph }
    guard making else { return nil }
    let graph = ObjectGraph()
    root.pointee.objectGraphProducts.graph = graph
    return graph
  }

  /// The outermost resolution, with the object-graph products; nil when this
  /// resolution is a stoppable one whose request's products another resolution of the
  /// request has: it stopped, for its request to wait for them.
  private var objectGraphProductsUnlessStopped: UnsafeMutablePointer<ResolutionState>? {
    let products = objectGraphProducts
    guard products == state, let part = state.pointee.stoppable, state.pointee.request == nil
    else { return products }
    state.pointee.hasLookedForRequest = false
    part.stop = .needsProducts
    return nil
  }

  // MARK: In progress

  /// Whether `provider` is in progress in this resolution or one it is nested in: in a
  /// frame, or as a leaf. Only the leaves are searched for `isLeaf`, a provider that
  /// never gets a frame (see `createLeaf`).
  @inline(__always)
  private func isInProgress(_ provider: Provider, isLeaf: Bool = false) -> Bool {
    // Addresses only: comparing them needs no reference counting.
    var resolution: UnsafeMutablePointer<ResolutionState>? = state
    while let current = resolution {
      if current.pointee.leaf?.refers(to: provider) == true {
        return true
      }
      for index in isLeaf ? 0..<0 : current.pointee.frames.indices
      where current.pointee.frames[index].handle.refers(to: provider) {
        return true
      }
      resolution = current.pointee.outer
    }
    return false
  }
}

/// The state of one resolution in progress on one thread: a stack of providers
/// whose dependencies are being resolved, worked through in a loop rather than by
/// recursion, so a dependency chain of any depth needs no stack space.
///
/// It lives in a local variable of the resolving call and is reached through a
/// pointer (see ``Resolver``). The thread's ``ThreadState`` points at it, so a
/// creator that calls back into a container starts a resolution nested in it:
/// cycles through such calls are caught, errors show the whole path, and
/// object-graph products are shared with the outermost resolution.
///
/// Invariant: the state outlives every pointer to it. The pointer is set in the
/// thread's state only while the resolving call that owns the state runs (see
/// `Resolver.run`), and nested resolutions, which point at it as `outer`, end
/// before it does.
struct ResolutionState {
  struct Frame {
    /// The provider, unretained: its container keeps it alive for longer than the
    /// resolution, and reference counting in the resolution loop would cost more
    /// than the rest of it.
    let handle: Unretained<Provider>
    /// The values of the dependencies resolved so far, owned by the frame (one
    /// reference, released by hand) until the creator receives them; nil from
    /// then on.
    var values: Unmanaged<ResolvedValues.Storage>?
    /// Claimed through ``Claims``: must be released.
    let claimed: Bool

    init(provider: Provider, values: ResolvedValues.Storage, claimed: Bool) {
      handle = Unretained(provider)
      self.values = Unmanaged.passRetained(values)
      self.claimed = claimed
    }

    /// The provider, retained (for paths where the cost does not matter).
    var provider: Provider { handle.retained }
  }

  /// The resolution this one is nested in, on the same thread; it outlives this
  /// one, waiting for it to finish.
  let outer: UnsafeMutablePointer<ResolutionState>?
  /// The thread's state, which outlives the thread's resolutions. A stoppable
  /// resolution sets it each time it goes on, on whichever thread that is.
  var thread: UnsafeMutablePointer<ThreadState>
  /// Who the claims of this resolution and those nested in it belong to (read from
  /// the outermost): the resolution's address, or for a stoppable one, which moves,
  /// its async request's.
  var claimOwner: UInt = 0
  /// For a resolution that stops where its async request must await something, the
  /// ``StoppableResolution`` that holds this state, for what it keeps besides its frames.
  /// Only an outermost resolution run for an async request has it; those nested in it
  /// wait, or throw.
  var stoppable: StoppableResolution?
  var frames: ContiguousArray<Frame>
  /// A provider without dependencies whose creator is running without a frame
  /// (see `Resolver.createLeaf`).
  var leaf: Unretained<Provider>?
  /// The object-graph products made so far, kept by the outermost resolution, or by a
  /// provider closure's call that goes on with the graph it was handed out in (see
  /// ``ObjectGraph``): the one nested resolution whose products have a graph.
  var objectGraphProducts = ObjectGraphProducts()
  /// Whether the outermost resolution asked for an async request it is part of (see
  /// `Resolver.objectGraphProducts`).
  var hasLookedForRequest = false
  /// The async request whose object-graph products the outermost resolution took, to
  /// give back when it ends.
  var request: RequestProducts?

  init(outer: UnsafeMutablePointer<ResolutionState>?, thread: UnsafeMutablePointer<ThreadState>) {
    self.outer = outer
    self.thread = thread
    frames = []
  }

  /// Gives the object-graph products back to the async request they were taken from,
  /// with those made meanwhile (taken again when next needed); or, without one, adds
  /// those made to the graph they go on with, if any.
  mutating func giveProductsBack() {
    guard let request else {
      objectGraphProducts.graph?.keep(objectGraphProducts)
      return
    }
    request.giveBack(exchange(&objectGraphProducts, with: ObjectGraphProducts()))
    self.request = nil
    hasLookedForRequest = false
  }
}

/// The products of object-graph providers made during one top-level resolution.
///
/// Each is kept with its provider, retained: a creator may make a container,
/// resolve an object-graph name in it and drop it, and a provider registered later
/// could then be allocated at the freed provider's address. Holding the provider
/// keeps its address its own, so a product is only ever handed to the provider
/// that made it.
struct ObjectGraphProducts {
  private(set) var products: [ObjectIdentifier: (provider: Provider, product: Resolved)] = [:]
  /// The record of the graph, once a provider closure was handed out in it.
  var graph: ObjectGraph?

  /// The product `provider` made in this resolution, or in the graph it goes on with,
  /// if any.
  subscript(provider: Provider) -> Resolved? {
    products[ObjectIdentifier(provider)]?.product ?? graph?.product(of: provider)
  }

  /// Keeps `provider`'s product for the rest of the resolution.
  mutating func keep(_ product: Resolved, of provider: Provider) {
    products[ObjectIdentifier(provider)] = (provider, product)
  }
}

/// The object graph of one resolution, as the provider closures handed out in it
/// remember it: when one is called later, its resolution goes on with the graph's
/// products instead of starting a new graph, so a child's `parentProvider` gives the
/// parent the child was made for.
///
/// It holds the products weakly, so that the closures, which the products themselves
/// may hold, keep nothing alive: an object nobody else holds is gone from the graph,
/// and a value (not an object) is not kept. Each resolution of the graph adds what it
/// made when it ends. Calls on several threads at once each go on with the graph as
/// it was, and may each make a product it did not have yet.
@usableFromInline
final class ObjectGraph: Sendable {
  /// A product, held weakly, with its provider.
  private struct Entry: @unchecked Sendable {
    // Guarded by the `Locked` that holds the entries; the object is shared as any
    // product is.
    let provider: Provider
    weak var object: AnyObject?
  }

  private let entries = Locked([ObjectIdentifier: Entry]())

  /// The product `provider` made in the graph, while something else holds it.
  func product(of provider: Provider) -> Resolved? {
    entries.withLock { $0[ObjectIdentifier(provider)]?.object }.map { Resolved(object: $0) }
  }

  /// Adds the objects a resolution of the graph made.
  func keep(_ made: ObjectGraphProducts) {
    let objects = made.products.filter { $0.value.product.kind == .object }
    entries.withLock { entries in
      for (id, made) in objects {
        entries[id] = Entry(provider: made.provider, object: made.product.object)
      }
    }
  }
}
