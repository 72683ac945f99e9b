import INJPrimitives
import INJReflection

/// Where an async resolution is: the names in progress, the creation the code runs
/// in, and the object-graph products of the top-level request. Creators and the
/// tasks a resolution starts run with it as ``current``, so a creator that asks the
/// container again joins the resolution it is part of.
///
/// A level entered for a provider is also that provider's creation, as ``Claims``
/// sees it (``AsyncCreation``): it cannot end before the levels nested in it.
///
/// The binding is copied into every task started inside a creation, also unstructured
/// ones (`Task { }`) that may outlive it. So a creation is marked when it ends, and a
/// request made in a task whose creation has ended is a new top-level request
/// (``live``), not a part of the finished one. A creation that such a task joined
/// while the creation it was started in was still in progress may outlive that one
/// too: an ended level ends the chain, so that the names past it are no longer in
/// progress for it (``path``, ``cycle(closingAt:)``, ``parent``). Synchronous creators
/// run with no binding at all (see `AsyncResolver`): they cannot await what they
/// start, so a task they start asks as a new request.
final class AsyncResolution: Sendable {
  @TaskLocal static var current: AsyncResolution?

  /// The level a request made here is part of: ``current`` while its creation is in
  /// progress; nil when there is none or it has ended (the request is then top-level).
  static var live: AsyncResolution? {
    guard let current, !current.hasEnded else { return nil }
    return current
  }

  /// The level this one is nested in: the names in progress form a chain, shared by
  /// the levels nested in it, so entering a level costs the same at any depth.
  let outer: AsyncResolution?
  /// The provider whose creation this level is; nil at the top.
  let provider: Provider?
  /// How many providers are in progress.
  let depth: Int
  /// The top-level request's level, which holds its object-graph products.
  private let top: AsyncResolution?
  /// The object-graph products of the top-level request, made when first needed
  /// (set on the top level only).
  private let products = OnceReference<RequestProducts>()
  /// Set when the creation of this level has ended.
  private let ended = OnceReference<EndMark>()

  private init(outer: AsyncResolution?, provider: Provider?) {
    self.outer = outer
    self.provider = provider
    depth = (outer?.depth ?? -1) + 1
    top = outer.map { $0.top ?? $0 }
  }

  /// A top-level request.
  static func top() -> AsyncResolution {
    AsyncResolution(outer: nil, provider: nil)
  }

  /// The level of the creation of `provider`, nested in this one.
  func entering(_ provider: Provider) -> AsyncResolution {
    AsyncResolution(outer: self, provider: provider)
  }

  /// Marks the creation of this level as ended: a request made at this level from now
  /// on, by a task that outlived the creation, is a new top-level request.
  func end() {
    _ = ended.setIfEmpty(EndMark.shared)
  }

  /// Whether ``end()`` was called.
  var hasEnded: Bool {
    ended.withObject { _ in true } ?? false
  }

  /// The creation the code at this level runs in: this level, unless it is the top.
  var creation: AsyncCreation? {
    provider == nil ? nil : self
  }

  /// The provider's name, for cycle reports (a creation's name).
  var name: String { provider?.name ?? "" }

  /// Who the claims of this creation belong to, as ``Claims`` knows them.
  var claimOwner: UInt { UInt(bitPattern: ObjectIdentifier(self)) }

  /// The creation this one is nested in, unless that one has ended.
  var parent: AsyncCreation? {
    guard let outer, !outer.hasEnded else { return nil }
    return outer.creation
  }

  /// The object-graph products of the top-level request, made on first use.
  var requestProducts: RequestProducts {
    let holder = top ?? self
    return holder.products.object ?? holder.products.setIfEmpty(RequestProducts())
  }

  /// The names in progress, outermost first, up to a level that has ended. Walks the
  /// chain: for errors and observers, not for every step.
  var path: [String] {
    var names: [String] = []
    var level: AsyncResolution? = self
    while let current = level, let provider = current.provider {
      names.append(provider.name)
      level = current.outer
      if current.hasEnded { break }
    }
    return names.reversed()
  }

  /// The next level out whose creation is still in progress for this one: nil past a
  /// level that has ended.
  private var liveOuter: AsyncResolution? {
    guard let outer, !outer.hasEnded else { return nil }
    return outer
  }

  /// The cycle that needing `provider` here closes, as a closed path of names, if
  /// `provider` is in progress at this level or one it is nested in.
  ///
  /// The chain is searched at the depths ``InProgressSearch`` says, as the synchronous
  /// resolver's is.
  func cycle(closingAt provider: Provider) -> [String]? {
    guard InProgressSearch.isDue(atDepth: depth + 1) else { return nil }
    var level: AsyncResolution? = self
    while let current = level, let inProgress = current.provider, inProgress !== provider {
      level = current.liveOuter
    }
    guard level?.provider != nil else { return nil }
    // Found: the names from here out to that level, closed by `provider`.
    var names = [provider.name]
    level = self
    while let current = level, let inProgress = current.provider {
      names.append(inProgress.name)
      if inProgress === provider { break }
      level = current.liveOuter
    }
    return names.reversed()
  }
}

/// What an ended ``AsyncResolution`` holds: one object for all of them.
final class EndMark: Sendable {
  static let shared = EndMark()
}

/// One creation in an async resolution, as ``Claims`` tracks it: the resolution level
/// of a provider's product being made, inside the creation that needed it (its
/// parent), if any.
///
/// A creation cannot end before the creations nested in it, nor before the
/// creations it waits for (a shared product another task is making). Those two
/// relations are the edges ``Claims`` searches for waits that could never end.
typealias AsyncCreation = AsyncResolution

/// The object-graph products of one top-level async request: those of async
/// providers, made once each even when several tasks of the request need one at the
/// same time, and those of synchronous providers.
final class RequestProducts: Sendable {
  /// The object-graph products of async providers.
  let cells = ObjectGraphCells()
  /// The object-graph products of synchronous providers, which the request's
  /// synchronous resolutions take one at a time (a synchronous resolution nested in
  /// one runs on its thread without coming here), so each such product is made once
  /// per request.
  let synchronous = SynchronousProducts()

  /// Who the claims of the request's synchronous resolutions belong to, as
  /// ``Claims`` knows them: the request. They run one at a time, so the request stands
  /// for the one running, as the address of a thread's outermost resolution does.
  var claimOwner: UInt { UInt(bitPattern: ObjectIdentifier(self)) }
}

/// The object-graph products of one top-level async request, made once each even
/// when several tasks of the request need one at the same time: each through a claim
/// of its cell, as a singleton is made through a claim of its provider.
final class ObjectGraphCells: Sendable {
  /// What the request's tasks claim to make one product.
  final class Cell: Sendable {
    /// The provider, kept so that its address stays its own (see
    /// ``ObjectGraphProducts``).
    let provider: Provider
    // Read and written with the claims' lock held (see `Claims.release`), by the task
    // holding the cell's claim or after it released it.
    nonisolated(unsafe) var product: Resolved?

    init(provider: Provider) {
      self.provider = provider
    }
  }

  // The lock guards the table; a cell's product is guarded by the claims' lock.
  private let cells = Locked([ObjectIdentifier: Cell]())

  /// The cell of `provider`'s product in this request.
  func cell(of provider: Provider) -> Cell {
    cells.withLock { cells in
      if let cell = cells[ObjectIdentifier(provider)] { return cell }
      let cell = Cell(provider: provider)
      cells[ObjectIdentifier(provider)] = cell
      return cell
    }
  }
}

/// Resolves names for ``Container/asyncValue(forName:as:)``: async providers by
/// awaiting their creators, with their async dependencies made concurrently (one
/// child task each, when there are several), and everything synchronous by the
/// synchronous resolver, without a task.
///
/// The recursion follows the async providers of the graph: each level is an async
/// call whose frame lives in its task's memory, not on a thread's stack.
struct AsyncResolver {
  let context: AsyncResolution

  /// Resolves a registration, in this resolver's context.
  nonisolated(nonsending) func resolve(
    _ registration: Registration
  ) async throws(ResolutionError) -> Resolved {
    if let provider = registration.provider {
      return try await resolve(provider)
    }
    // Not a provider: a value, or the error of an invalid registration.
    return try valueUnlessProvider(of: registration)!
  }

  /// Resolves a provider: an async one by awaiting its creator, a synchronous one with
  /// the synchronous resolver.
  private nonisolated(nonsending) func resolve(
    _ provider: Provider
  ) async throws(ResolutionError) -> Resolved {
    if let shared = provider.sharedValue() {
      return shared
    }
    if provider.asyncCreator != nil {
      return try await resolveAsyncProvider(provider)
    }
    return try await resolveSynchronously(provider)
  }

  // MARK: Synchronous providers

  /// Resolves a synchronous provider with the synchronous resolver, on the actor its
  /// creator is isolated to, if any.
  ///
  /// The resolution stops where its request must await something (see
  /// ``StoppableResolution``), and goes on once this task has:
  /// - where another resolution holds a claim it needs, this task suspends until the
  ///   claim is released, so that waiting for another's creation never blocks its
  ///   thread;
  /// - where it needs a singleton it cannot make where it runs (an async one, or one
  ///   isolated to an actor it is not on), the request makes it first, as
  ///   ``Container/makeSingletons(named:)`` would;
  /// - where a nonisolated provider's resolution meets a main-actor creator, it starts
  ///   again on the main actor, where both run.
  ///
  /// Anything else that cannot run where it is (an async provider or one isolated to
  /// another actor, of another scope, below a synchronous one) stays an error.
  private nonisolated(nonsending) func resolveSynchronously(
    _ provider: Provider
  ) async throws(ResolutionError) -> Resolved {
    guard AsyncResolution.live != nil else {
      return try await resolveSynchronouslyUnbound(provider)
    }
    // Inside a creation: synchronous creators run unbound, so that a task one of them
    // starts, which it cannot await, asks as a new request, not as a part of the
    // creation this resolution is in.
    do {
      return try await AsyncResolution.$current.withValue(nil) {
        try await resolveSynchronouslyUnbound(provider)
      }
    } catch let failure as ResolutionError {
      throw failure
    } catch {
      throw self.error(for: provider.name, reason: .creatorFailed(error))
    }
  }

  private nonisolated(nonsending) func resolveSynchronouslyUnbound(
    _ provider: Provider
  ) async throws(ResolutionError) -> Resolved {
    let request = context.requestProducts
    guard let products = await request.synchronous.take() else {
      throw error(for: provider.name, reason: .creatorFailed(CancellationError()))
    }
    let resolution = StoppableResolution(provider, products: products, owner: request.claimOwner)
    var isTaken = true
    defer {
      if isTaken { request.synchronous.giveBack(resolution.takeProducts()) }
    }
    var place = provider.isolation
    var madeFirst: Set<ObjectIdentifier> = []
    while true {
      let step = await Self.run(where: place) {
        Result { () throws(ResolutionError) in
          try Resolver.proceed(resolution).map { HandedOver($0) }
        }
      }
      switch step {
      case .success(let product?):
        return product.value
      case .success(nil):
        switch resolution.state.stop! {
        case .heldClaim(let object, let name):
          // Another resolution holds a claim it needs: wait for it without blocking.
          do {
            try await Claims.shared.waitForRelease(of: object, name: name, by: request.claimOwner)
          } catch {
            var path = context.path + resolution.path
            if resolution.state.pendingInjection == nil { path.append(name) }
            resolution.abandon()
            throw ResolutionError(name: name, path: path, reason: error.reason)
          }
        case .singletonFirst(let singleton):
          // Made by this request as it makes any name, below the providers in progress
          // (so that a cycle back to one of them is found, and errors show them); then
          // the resolution starts again. It is given up meanwhile, its claims released
          // and the request's object-graph products given back, since the singleton's
          // creator may need either. A singleton made once is ready from then on, so
          // each stops here once.
          var levels = [context]
          for frame in resolution.state.frames {
            levels.append(levels[levels.count - 1].entering(frame.provider))
          }
          resolution.abandon()
          guard madeFirst.insert(ObjectIdentifier(singleton)).inserted else {
            throw error(for: singleton.name, reason: .requiresAsync, inProgress: true)
          }
          request.synchronous.giveBack(resolution.takeProducts())
          isTaken = false
          defer {
            for level in levels.dropFirst() { level.end() }
          }
          _ = try await AsyncResolver(context: levels[levels.count - 1]).resolve(singleton)
          guard let products = await request.synchronous.take() else {
            throw error(for: provider.name, reason: .creatorFailed(CancellationError()))
          }
          resolution.state.objectGraphProducts = products
          isTaken = true
        case .mainActor:
          // Started again on the main actor. Its claims are released first: the main
          // thread may be waiting for one of them, and would never be free to go on.
          resolution.abandon()
          guard place != .mainActor else {
            throw error(for: provider.name, reason: .notOnMainActor(registeredAt: nil))
          }
          place = .mainActor
        }
      case .failure(let failure):
        var failure = failure
        failure.path = context.path + failure.path
        throw failure
      }
    }
  }

  /// Runs `body` where creators of `isolation` run: on the main actor, on the actor,
  /// or here. What crosses to the actor and back is handed over: this task waits
  /// meanwhile and keeps no use of it.
  private nonisolated(nonsending) static func run<Value>(
    where isolation: CreatorIsolation, _ body: @escaping () -> Value
  ) async -> Value {
    switch isolation {
    case .mainActor where !MainActorCheck.isOnMainActor:
      return await onMainActor(HandedOver(body)).value
    case .actor(let isolating):
      return await on(isolating.actor, HandedOver(body)).value
    default:
      return body()
    }
  }

  @MainActor
  private static func onMainActor<Value>(_ work: HandedOver<() -> Value>) -> HandedOver<Value> {
    HandedOver(work.value())
  }

  private static func on<Value>(
    _ actor: isolated any Actor, _ work: HandedOver<() -> Value>
  ) -> HandedOver<Value> {
    ThreadState.withRunningActor(actor) { HandedOver(work.value()) }
  }

  // MARK: Async providers

  @inline(__always)
  private nonisolated(nonsending) func resolveAsyncProvider(
    _ provider: Provider
  ) async throws(ResolutionError) -> Resolved {
    if let cycle = context.cycle(closingAt: provider) {
      throw error(for: provider.name, reason: .cycle(CycleText.normalized(cycle)))
    }
    let creation = context.entering(provider)
    switch provider.scope {
    case .transient:
      return try await create(provider, as: creation)
    case .singleton, .weakSingleton:
      return try await makeOnce(
        provider, name: provider.name, as: creation, ready: provider.sharedValue,
        store: provider.storeShared)
    case .objectGraph:
      let cell = context.requestProducts.cells.cell(of: provider)
      return try await makeOnce(
        cell, name: provider.name, as: creation, ready: { cell.product },
        store: { cell.product = $0 })
    }
  }

  /// A shared product made once, however many tasks ask at the same time, through a
  /// claim of `object`, as the synchronous resolver makes one: the task that claims it
  /// makes the product, the others suspend until the claim is released and look again.
  /// A creation that fails keeps nothing: a task that waited for it tries in turn, as
  /// after a cancelled one. A wait that could never end is a cycle error.
  private nonisolated(nonsending) func makeOnce(
    _ object: AnyObject, name: String, as creation: AsyncCreation, ready: () -> Resolved?,
    store: (Resolved) -> Void
  ) async throws(ResolutionError) -> Resolved {
    let provider = creation.provider!
    while true {
      switch Claims.shared.tryClaim(object, name: name, for: creation.claimOwner, done: ready) {
      case .available(let value)?:
        return value
      case .claimed?:
        let product: Resolved
        do {
          product = try await create(provider, as: creation)
        } catch {
          Claims.shared.release(object)
          throw error
        }
        Claims.shared.release(object) { store(product) }
        return product
      case nil:
        do {
          try await Claims.shared.waitForRelease(of: object, name: name, for: creation)
        } catch .cycle(let cycle) {
          throw self.error(
            for: name, reason: .cycle(CycleText.normalized(cycle)), inProgress: false)
        } catch {
          throw ResolutionError.cancelled(creation)
        }
      }
    }
  }

  /// Makes a product of an async provider: its dependencies (the async ones
  /// concurrently), then its creator, then its properties.
  private nonisolated(nonsending) func create(
    _ provider: Provider, as creation: AsyncCreation
  ) async throws(ResolutionError) -> Resolved {
    // A task the creator started and left running asks as a new request from now on.
    defer { creation.end() }
    // Not an optional instant: one kept across the awaits below cost the frame two more
    // task allocations.
    let timed = provider.asyncPace.timesNextCreation()
    let start = timed ? CreationPace.now : CreationPace.untimed
    // A failed creation is timed too: one that fails slowly counts as slow.
    defer {
      if timed {
        provider.asyncPace.record(since: start)
      }
    }
    let inner = AsyncResolver(context: creation)
    if let argument = provider.argument, provider.asyncCreator != nil, !argument.isPassed {
      throw inner.error(
        for: provider.name, reason: .requiresArgument(argument.typeName), inProgress: true)
    }
    let values =
      if let none = provider.valuesWithoutDependencies {
        none
      } else {
        try await inner.dependencies(of: provider)
      }
    var product: Resolved
    do {
      product = try await AsyncResolution.$current.withValue(inner.context) {
        try await provider.asyncCreator!.create(values)
      }
    } catch {
      throw ResolutionError.failure(of: provider, thrown: error, path: inner.context.path)
    }
    product = try provider.finishedProduct(product) { inner.context.path }
    if provider.injectsProperties, let plan = provider.injectionPlan(for: product) {
      try await inject(product, of: provider, with: plan, from: values, in: creation)
    }
    return product
  }

  /// Injects a product's properties where its provider's isolation says. A product
  /// that something else may hold (a transient provider can return an object it made
  /// before, or one it shares) may be handed to several tasks and threads at once, so
  /// its injection is claimed, as the synchronous resolver claims it: one injects it
  /// at a time, and a task that must wait for another's injection suspends.
  private nonisolated(nonsending) func inject(
    _ product: Resolved, of provider: Provider, with plan: InjectionPlan,
    from values: ResolvedValues, in creation: AsyncCreation
  ) async throws(ResolutionError) {
    var product = product
    // Nothing else can reach an object only the product holds: no claim needed.
    let isShared = product.kind == .object && !product.isUniquelyReferenced()
    if isShared {
      do {
        _ = try await Claims.shared.claimSuspending(
          product.object, name: provider.name, for: UInt(bitPattern: ObjectIdentifier(creation)))
      } catch .cycle(let cycle) {
        throw error(
          for: provider.name, reason: .cycle(CycleText.normalized(cycle)), inProgress: true)
      } catch {
        throw ResolutionError.cancelled(creation)
      }
    }
    defer {
      if isShared { Claims.shared.release(product.object) }
    }
    // Injected where its provider's creator runs: on the main actor for a provider
    // registered from main-actor code, as a main-actor class's isolated conformances
    // require; on another actor for one registered there, where its provider closures'
    // creators may run.
    let path = context.path
    try await Self.run(where: provider.isolation) {
      Result { () throws(ResolutionError) in
        try product.inject(with: plan, from: values, of: provider) { path }
      }
    }.get()
  }

  /// Resolves the dependencies of `provider`, in this resolver's context (inside its
  /// creation): the ones that need `await` concurrently when there are several,
  /// except those whose latest timed creation was quicker than starting a task
  /// (``CreationPace``), which this task makes, in order, like synchronous ones.
  private nonisolated(nonsending) func dependencies(
    of provider: Provider
  ) async throws(ResolutionError) -> ResolvedValues {
    let count = provider.dependencies.count
    var values = [Resolved?](repeating: nil, count: count)
    var pending: [(index: Int, registration: Registration)] = []
    for index in 0..<count {
      let name = provider.dependencies[index]
      try provider.observeDependency(name) { context.path }
      let registration = try provider.registration(
        ofDependency: provider.dependencyHandles[index]
      ) { context.path }.takeUnretainedValue()
      if case .provider(let dependency) = registration.kind, dependency.asyncCreator != nil,
        !dependency.asyncPace.isQuick, dependency.sharedValue() == nil
      {
        pending.append((index, registration))
      } else {
        values[index] = try await resolve(registration)
      }
    }
    if pending.count == 1 {
      values[pending[0].index] = try await resolve(pending[0].registration)
    } else if pending.count > 1 {
      try await resolveConcurrently(pending, of: provider, into: &values)
    }
    let storage = ResolvedValues.Storage(names: provider.dependencies, providerName: provider.name)
    for value in values {
      // Every index was filled above, or an error was thrown.
      storage.append(value!)
    }
    return ResolvedValues(storage: storage)
  }

  /// Resolves several async dependencies at once, one child task each. The first
  /// error cancels the others.
  private func resolveConcurrently(
    _ pending: [(index: Int, registration: Registration)], of provider: Provider,
    into values: inout [Resolved?]
  ) async throws(ResolutionError) {
    let resolver = self
    do {
      try await AsyncResolution.$current.withValue(context) {
        try await withThrowingTaskGroup(of: (Int, HandedOver<Resolved>).self) { group in
          for (index, registration) in pending {
            let registration = HandedOver(registration)
            group.addTask {
              (
                index,
                HandedOver(try await resolver.resolve(registration.value))
              )
            }
          }
          for try await (index, product) in group {
            values[index] = product.value
          }
        }
      }
    } catch let failure as ResolutionError {
      throw failure
    } catch {
      throw self.error(for: provider.name, reason: .creatorFailed(error), inProgress: true)
    }
  }

}

extension AsyncResolver: ResolutionInProgress {
  /// The names in progress, outermost first.
  var path: [String] { context.path }
}

extension ResolutionError {
  /// The error of a task cancelled while it waited for another task's creation of
  /// `creation`'s product: its underlying error is a `CancellationError`, as for a
  /// creation the cancellation ended.
  static func cancelled(_ creation: AsyncCreation) -> ResolutionError {
    ResolutionError(
      name: creation.name, path: creation.path, reason: .creatorFailed(CancellationError()))
  }
}
