/// A synchronous resolution run for an async request: where the request must await
/// something, it stops instead of blocking its thread or failing, so that its task can
/// await it and then go on where it stopped, on whichever thread then runs the task
/// (``Stop``):
/// - a claim another resolution holds (a singleton being made, a shared product being
///   injected), until it is released: its task's thread is never blocked by another's
///   creation;
/// - a singleton it cannot make where it runs (an async one, or one isolated to an actor
///   it is not on), which its request makes first, the resolution given up meanwhile
///   and started again after;
/// - a main-actor creator below a nonisolated provider, where it starts again on the
///   main actor.
///
/// Only the outermost resolution stops: one nested in it, which a creator started by
/// calling back into a container, runs inside that creator's call and waits as any
/// synchronous resolution does. While stopped at a claim, it keeps the claims it holds,
/// as a waiting thread does; they count as its request's (``ResolutionState/claimOwner``),
/// and its wait is recorded in ``Claims`` so that a wait that could never end is
/// found.
///
/// Invariant: one task uses it at a time, the one resolving, which hands it to the
/// actor it runs the resolution on and back only by awaiting that actor: so its
/// state is never touched by two threads at once, and every pointer in it (its
/// thread's state) is set again by ``Resolver/proceed(_:)`` before the resolution goes
/// on, on the thread that runs it. A stopped resolution is gone on with, or given up
/// (``abandon()``), which releases its claims; one given up may start again from its
/// first provider.
final class StoppableResolution: @unchecked Sendable {
  // Sendable by the invariant above: its task alone reads and changes it.
  let provider: Provider
  var state: ResolutionState

  /// A resolution of `provider` with the request's synchronous object-graph
  /// products, whose claims belong to `owner`.
  init(_ provider: Provider, products: consuming ObjectGraphProducts, owner: UInt) {
    self.provider = provider
    state = ResolutionState(outer: nil, thread: ThreadState.current)
    state.objectGraphProducts = products
    state.hasLookedForRequest = true
    state.claimOwner = owner
    state.isStoppable = true
    state.hopsToMainActor = provider.isolation == .nonisolated
  }

  /// The names in progress, outermost first, for errors about where it stopped.
  var path: [String] {
    state.frames.map { $0.provider.name }
  }

  /// Takes the object-graph products back, with those the resolution made.
  func takeProducts() -> ObjectGraphProducts {
    var products = ObjectGraphProducts()
    swap(&products, &state.objectGraphProducts)
    return products
  }

  /// Gives up a stopped resolution: releases its values and claims.
  func abandon() {
    withUnsafeMutablePointer(to: &state) { Resolver(state: $0).abandon() }
  }
}
