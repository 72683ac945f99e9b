import INJReflection

/// A resolution run for an async request: where the request must await something, it
/// stops instead of blocking its thread or failing, so that its task can await it and
/// then go on where it stopped, on whichever thread then runs the task (``Stop``):
/// - an async provider's creator, whose product the request hands back to be injected
///   and shared as any other; and the dependencies of an async provider, when the
///   request makes slow async ones at the same time;
/// - a claim another resolution holds (a singleton being made, a shared product being
///   injected), until it is released: its task's thread is never blocked by another's
///   creation;
/// - a synchronous creator that runs on another actor: the resolution goes on there;
/// - above a synchronous provider, a singleton it cannot make where it runs, which its
///   request makes first, the synchronous providers given up meanwhile and resolved
///   again after; and a main-actor creator below a nonisolated provider, where the
///   synchronous providers start again on the main actor.
///
/// So one resolution walks the dependencies of synchronous and async providers alike,
/// and the request's task awaits only where an async provider needs it. A synchronous
/// provider's dependencies are all synchronous (the check reports any other), so no
/// synchronous provider is in progress where a creator is awaited.
///
/// Only the outermost resolution stops: one nested in it, which a creator started by
/// calling back into a container, runs inside that creator's call and waits as any
/// synchronous resolution does. While stopped at a claim, it keeps the claims it holds,
/// as a waiting thread does; they count as the creation of its provider's
/// (``ResolutionState/claimOwner``), nested in the creations of its request outside
/// it, and its wait is recorded in ``Claims`` so that a wait that could never end is
/// found.
///
/// Invariant: one task uses it at a time, the one resolving, which hands it to the
/// actor it runs the resolution on and back only by awaiting that actor: so its
/// state is never touched by two threads at once, and every pointer in it (its
/// thread's state) is set again by ``Resolver/proceed(_:)`` before the resolution goes
/// on, on the thread that runs it. A stopped resolution is gone on with, or given up
/// (``abandon(synchronousOnly:)``), which releases its claims.
final class StoppableResolution: @unchecked Sendable {
  // Sendable by the invariant above: its task alone reads and changes it.
  let provider: Provider
  /// The creation of `provider`, nested in the resolution's context: the level of the
  /// bottom frame, and the owner of the resolution's claims.
  let base: AsyncResolution
  // Used by one task at a time (the invariant above): no access overlaps another, so
  // the run-time exclusivity check is skipped.
  @exclusivity(unchecked) var state: ResolutionState
  /// The level of the async resolution the resolution runs in: its request's creations
  /// outside it, for cycles through them and for paths; it holds the request's
  /// object-graph products.
  let context: AsyncResolution
  /// Where the resolution stopped, nil while it runs.
  var stop: Stop?
  /// The values the top frame's async creator is awaited with (``Stop/awaitCreator(_:)``),
  /// or those of its product in hand.
  var awaitedValues: ResolvedValues?
  /// The top frame's product in hand, finished when the resolution goes on: made by
  /// the async creator the request awaited, or one whose injection the resolution
  /// stopped at (``isInjectionPending``).
  var awaitedProduct: Resolved?
  /// Whether the product in hand is finished but for its injection, which waits for
  /// another resolution's claim of it.
  var isInjectionPending = false

  /// A resolution of `provider` inside `context`. Its state refers to it while it runs,
  /// for the resolver to reach what it keeps besides its frames: ``close()`` ends that.
  init(_ provider: Provider, in context: AsyncResolution) {
    self.provider = provider
    self.context = context
    base = context.entering(provider)
    state = ResolutionState(outer: nil, thread: ThreadState.current)
    state.claimOwner = base.claimOwner
    state.stoppable = self
  }

  /// Ends the reference its state holds to it, once its request is done with it, so
  /// that it can be freed.
  func close() {
    state.stoppable = nil
  }

  /// Forgets the top frame's product in hand, taken or given up.
  func forgetProductInHand() {
    isInjectionPending = false
    awaitedValues = nil
    awaitedProduct = nil
  }

  /// Whether no synchronous provider is in progress.
  var isAboveAsyncOnly: Bool {
    state.frames.last.map { $0.provider.asyncCreator != nil } ?? true
  }

  /// Takes its request's object-graph products, which another resolution of the
  /// request had, as it stopped for them; false when its task was cancelled meanwhile.
  func takeProducts() async -> Bool {
    let request = context.requestProducts
    guard let products = await request.take() else { return false }
    state.objectGraphProducts = products
    state.request = request
    state.hasLookedForRequest = true
    return true
  }

  /// Gives up a stopped resolution, releasing its values and claims; or only its
  /// synchronous providers in progress, when `synchronousOnly` (see
  /// `Resolver.abandon(synchronousOnly:)`), giving its request's object-graph products
  /// back, since what its request does meanwhile may need them.
  func abandon(synchronousOnly: Bool = false) {
    withUnsafeMutablePointer(to: &state) {
      Resolver(state: $0).abandon(synchronousOnly: synchronousOnly)
    }
    state.giveProductsBack()
  }
}

/// Why a stoppable resolution stopped: what its async request awaits before it goes on
/// (see ``StoppableResolution``).
enum Stop {
  /// Another resolution holds a claim this one needs: the object, and the name to
  /// report.
  case heldClaim(AnyObject, name: String)
  /// The top frame's async creator, to await with ``StoppableResolution/awaitedValues``.
  case awaitCreator(Provider)
  /// The dependencies of the top frame's async provider not resolved yet, which the
  /// request makes, the slow async ones at the same time.
  case dependencies(Provider)
  /// A synchronous provider above async providers only, whose creator runs elsewhere:
  /// the resolution goes on there.
  case runOn(Provider)
  /// A singleton this resolution cannot make above a synchronous provider (its creator
  /// is async, or isolated to an actor it is not on): the request makes it first, as
  /// ``Container/makeSingletons(named:)`` would.
  case singletonFirst(Provider)
  /// A main-actor creator above a synchronous provider that runs anywhere: the
  /// synchronous providers start again on the main actor.
  case mainActor
  /// The request's object-graph products, which another resolution of the request
  /// has.
  case needsProducts
}
