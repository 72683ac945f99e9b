import INJPrimitives
import INJReflection

/// Where an async resolution is: the names in progress, the creation the code runs
/// in, and the object-graph products of the top-level request. Creators and the
/// tasks a resolution starts run with it as ``current``, so a creator that asks the
/// container again joins the resolution it is part of.
///
/// A level entered for a provider is also that provider's creation, as ``Claims``
/// sees it: it cannot end before the levels nested in it, nor before the creations it
/// waits for (a shared product another task is making). Those two relations are the
/// edges ``Claims`` searches for waits that could never end.
///
/// The binding is copied into every task started inside a creation, also unstructured
/// ones (`Task { }`) that may outlive it. So a creation is marked when it ends, and a
/// request made in a task whose creation has ended is a new top-level request
/// (``live``), not a part of the finished one. A creation that such a task joined
/// while the creation it was started in was still in progress may outlive that one
/// too: an ended level ends the chain, so that the names past it are no longer in
/// progress for it (``path``, ``cycle(closingAt:)``, ``parent``). Synchronous creators
/// run with no binding at all (see ``Resolver/proceed(_:)``): they cannot await what they
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
  /// Two words: the object-graph products of the top-level request, made when first
  /// needed (set on the top level only), a ``OnceWord`` released with the level; and
  /// whether the creation of this level has ended, not zero once it has.
  private let words = AtomicWords(count: 2)
  /// The object-graph products of the top-level request.
  private var products: OnceWord<RequestProducts> { OnceWord(words[0]) }
  /// Whether the creation of this level has ended, not zero once it has.
  private var ended: AtomicWord { words[1] }

  private init(outer: AsyncResolution?, provider: Provider?) {
    self.outer = outer
    self.provider = provider
    depth = (outer?.depth ?? -1) + 1
    top = outer.map { $0.top ?? $0 }
  }

  deinit {
    products.release()
  }

  /// A top-level request.
  static func top(graph: ObjectGraph? = nil) -> AsyncResolution {
    let top = AsyncResolution(outer: nil, provider: nil)
    if let graph { _ = top.products.setIfEmpty(RequestProducts(graph: graph)) }
    return top
  }

  /// The level of the creation of `provider`, nested in this one.
  func entering(_ provider: Provider) -> AsyncResolution {
    AsyncResolution(outer: self, provider: provider)
  }

  /// Marks the creation of this level as ended: a request made at this level from now
  /// on, by a task that outlived the creation, is a new top-level request.
  func end() {
    ended.store(1, ordering: .releasing)
  }

  /// Whether ``end()`` was called.
  var hasEnded: Bool {
    ended.load(ordering: .acquiring) != 0
  }

  /// The provider's name, for cycle reports (a creation's name).
  var name: String { provider?.name ?? "" }

  /// Who the claims of this creation belong to, as ``Claims`` knows them.
  var claimOwner: UInt { UInt(bitPattern: ObjectIdentifier(self)) }

  /// The creation this one is nested in (a level entered for a provider), unless that one
  /// has ended.
  var parent: AsyncResolution? {
    liveOuter.flatMap { $0.provider == nil ? nil : $0 }
  }

  /// The object-graph products of the top-level request, made on first use.
  var requestProducts: RequestProducts {
    let products = (top ?? self).products
    return products.withObject { $0 } ?? products.setIfEmpty(RequestProducts(graph: nil))
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
  /// `provider` is in progress at this level or one it is nested in. Walks the chain:
  /// the caller searches at the depths ``InProgressSearch`` says.
  func cycle(closingAt provider: Provider) -> [String]? {
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

/// Resolves names for ``Container/asyncValue(forName:as:)``: each provider with a
/// resolution that stops where the request must await something
/// (``StoppableResolution``), which this task then awaits: an async creator, a claim
/// another resolution holds, an actor to run on, the dependencies of an async provider
/// made at the same time (one child task each), or a singleton to make first.
///
/// So the dependencies of synchronous and async providers are walked by the one
/// resolution, without recursion; this task recurses only where the request makes
/// something apart: the dependencies made at the same time, and a singleton made first.
struct AsyncResolver {
  let context: AsyncResolution

  /// Resolves a registration, in this resolver's context.
  nonisolated(nonsending) func resolve(
    _ registration: Registration
  ) async throws(ResolutionError) -> Resolved {
    guard let provider = registration.provider else {
      // Not a provider: a value, or the error of an invalid registration.
      return try valueUnlessProvider(of: registration)!
    }
    return try await resolve(provider: provider)
  }

  /// Resolves a provider, in this resolver's context.
  private nonisolated(nonsending) func resolve(
    provider: Provider
  ) async throws(ResolutionError) -> Resolved {
    if let shared = provider.sharedValue() {
      return shared
    }
    let resolution = StoppableResolution(provider, in: context)
    var levels = FrameLevels(base: resolution.base)
    defer {
      resolution.state.giveProductsBack()
      resolution.close()
      levels.endAll()
    }
    // Where the resolution runs: a synchronous provider's creator where it runs, the rest
    // where this task does, until a creator needs another actor.
    var place = provider.asyncCreator == nil ? provider.isolation : .nonisolated
    var madeFirst: Set<ObjectIdentifier> = []
    while true {
      do throws(ResolutionError) {
        let product =
          if case .nonisolated = place {
            try Resolver.proceed(resolution)
          } else {
            try await Self.run(where: place) {
              Result { () throws(ResolutionError) in
                try Resolver.proceed(resolution).map { HandedOver($0) }
              }
            }.get()?.value
          }
        if let product { return product }
      } catch {
        var failure = error
        failure.path = context.path + failure.path
        throw failure
      }
      let stop = resolution.stop!
      // No synchronous provider in progress: the request's object-graph products go back
      // for the others of the request while this task waits.
      if resolution.state.request != nil, resolution.isAboveAsyncOnly {
        resolution.state.giveProductsBack()
      }
      do throws(ResolutionError) {
        switch stop {
        case .awaitCreator(let creating):
          // As the creation `level`: a creator asking the container again joins this
          // request, and a task it starts and leaves running asks as a new request once it
          // returns. Timed now and then (see `CreationPace`); a failed creation too: one
          // that fails slowly counts as slow.
          let level = levels.top(of: resolution)
          let values = resolution.awaitedValues!
          let timed = creating.asyncPace.timesNextCreation()
          // An untimed creation does not read the clock.
          let start = timed ? CreationPace.now : 0
          do {
            defer { if timed { creating.asyncPace.record(nanoseconds: CreationPace.now &- start) } }
            resolution.awaitedProduct = try await AsyncResolution.$current.withValue(level) {
              try await creating.asyncCreator!.create(values)
            }
          } catch {
            throw ResolutionError.failure(of: creating, thrown: error, path: level.path)
          }
          levels.endTop()
          // Injected where its creator's isolation says.
          place = creating.isolation
        case .dependencies(let dependent):
          let level = levels.top(of: resolution)
          // The top frame is collecting values: its storage is set.
          let storage = resolution.state.frames.last!.values!.takeUnretainedValue()
          for value in try await AsyncResolver(context: level).dependencies(
            of: dependent, from: storage.count)
          {
            storage.append(value)
          }
        case .runOn(let running):
          // A creator runs where a hop there makes it run: a second stop for the same
          // place would mean it cannot, which is an error rather than a wait.
          guard place != running.isolation else {
            if case .actor(let actor) = running.isolation {
              throw error(for: running.name, reason: .notOnActor(actor.name))
            }
            throw error(for: running.name, reason: .notOnMainActor(registeredAt: nil))
          }
          place = running.isolation
        case .heldClaim(let object, let name):
          // Another resolution holds a claim it needs: wait for it without blocking.
          do {
            try await Claims.shared.waitForRelease(of: object, name: name, by: resolution.base)
          } catch {
            var path = context.path + resolution.state.frames.map(\.provider.name)
            if !resolution.isInjectionPending { path.append(name) }
            throw ResolutionError(name: name, path: path, reason: error.reason)
          }
        case .singletonFirst(let singleton):
          // Made by this request as it makes any name, below the providers in progress
          // (so that a cycle back to one of them is found, and errors show them); the
          // synchronous providers in progress are given up meanwhile, their claims
          // released and the object-graph products given back, since the singleton's
          // creator may need either, and resolved again after. A singleton made once is
          // ready from then on, so each stops here once.
          let level = levels.top(of: resolution)
          resolution.abandon(synchronousOnly: true)
          guard madeFirst.insert(ObjectIdentifier(singleton)).inserted else {
            throw error(for: singleton.name, reason: .requiresAsync, inProgress: true)
          }
          _ = try await AsyncResolver(context: level).resolve(provider: singleton)
          // The levels of the synchronous providers given up end.
          _ = levels.top(of: resolution)
        case .needsProducts:
          // One resolution of the request at a time walks synchronous object-graph
          // providers.
          guard await resolution.takeProducts() else {
            throw error(for: provider.name, reason: .creatorFailed(CancellationError()))
          }
        case .mainActor:
          // The synchronous providers start again on the main actor. Their claims are
          // released first: the main thread may be waiting for one of them, and would
          // never be free to go on.
          resolution.abandon(synchronousOnly: true)
          guard place != .mainActor else {
            throw error(for: provider.name, reason: .notOnMainActor(registeredAt: nil))
          }
          place = .mainActor
        }
      } catch {
        // The resolution is over: its values and claims go.
        resolution.abandon()
        throw error
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
      return await on(MainActor.shared, HandedOver(body)).value
    case .actor(let isolating):
      return await on(isolating.actor, HandedOver(body)).value
    default:
      return body()
    }
  }

  /// Runs `work`, which does not suspend, isolated to `actor`, as the thread's running
  /// actor (see ``ThreadState/runningActor``).
  private static func on<Value>(
    _ actor: isolated any Actor, _ work: HandedOver<() -> Value>
  ) -> HandedOver<Value> {
    let thread = ThreadState.current
    let outer = thread.pointee.runningActor
    thread.pointee.runningActor = ObjectIdentifier(actor)
    defer { thread.pointee.runningActor = outer }
    return HandedOver(work.value())
  }

  /// The values of the dependencies of the async provider `dependent` from `start` on,
  /// in this resolver's context (inside its creation): the ones that need `await` made
  /// at the same time, except those whose latest timed creation was quicker than
  /// starting a task (``CreationPace``), which this task makes, in order, like
  /// synchronous ones.
  private nonisolated(nonsending) func dependencies(
    of dependent: Provider, from start: Int
  ) async throws(ResolutionError) -> [Resolved] {
    let count = dependent.dependencies.count
    var values = [Resolved?](repeating: nil, count: count)
    var pending: [(index: Int, registration: Registration)] = []
    for index in start..<count {
      try dependent.observeDependency(dependent.dependencies[index]) { context.path }
      let registration = try dependent.registration(
        ofDependency: dependent.dependencyHandles[index]
      ) { context.path }.retained
      if registration.provider?.isMadeInATaskOfItsOwn == true {
        pending.append((index, registration))
      } else {
        values[index] = try await resolve(registration)
      }
    }
    if pending.count == 1 {
      values[pending[0].index] = try await resolve(pending[0].registration)
    } else if pending.count > 1 {
      try await resolveConcurrently(pending, of: dependent, into: &values)
    }
    // Every index from `start` on was filled above, or an error was thrown.
    return values[start...].map { $0! }
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

/// The creations of a resolution's frames, from the bottom: each frame's provider's,
/// nested in the one below, the bottom one in the resolution's context. Made when the
/// request first needs them, and ended when their frames are gone. Only the deepest is
/// kept: the others are the levels it is nested in.
private struct FrameLevels {
  /// The deepest level made, that of the frame at `index`.
  private var deepest: AsyncResolution
  private var index = 0

  init(base: AsyncResolution) {
    deepest = base
  }

  /// The level of the top frame of `resolution`, the levels brought in line with its
  /// frames first.
  mutating func top(of resolution: StoppableResolution) -> AsyncResolution {
    let top = resolution.state.frames.count - 1
    func provider(at index: Int) -> Provider {
      resolution.state.frames[index].provider
    }
    // The levels of frames gone or replaced end; the bottom frame's is the resolution's
    // own, kept for its whole life.
    while index > 0, index > top || deepest.provider !== provider(at: index) {
      endTop()
    }
    while index < top {
      index += 1
      deepest = deepest.entering(provider(at: index))
    }
    return deepest
  }

  /// Ends the top level, whose creator has returned or whose frame is gone; the bottom
  /// one, the resolution's own, stays the deepest.
  mutating func endTop() {
    deepest.end()
    guard index > 0 else { return }
    // Every level above the bottom one is nested in the one below.
    deepest = deepest.outer!
    index -= 1
  }

  /// Ends every level left.
  mutating func endAll() {
    while index > 0 { endTop() }
    deepest.end()
  }
}

extension AsyncResolver: ResolutionInProgress {
  /// The names in progress, outermost first.
  var path: [String] { context.path }
}
