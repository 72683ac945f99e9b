/// A synchronous resolution run for an async request: where it needs a claim another
/// resolution holds (a singleton being made, a shared product being injected), it
/// stops instead of waiting, so that its task can suspend until the claim is released
/// and then go on where it stopped, on whichever thread then runs the task. Its task's
/// thread is never blocked by another's creation.
///
/// Only the outermost resolution stops: one nested in it, which a creator started by
/// calling back into a container, runs inside that creator's call and waits as any
/// synchronous resolution does. While stopped, it keeps the claims it holds, as a
/// waiting thread does; they count as its request's (``ResolutionState/claimOwner``),
/// and its wait is recorded in ``Claims`` so that a wait that could never end is
/// found.
///
/// Invariant: one task uses it at a time, the one resolving, which hands it to the
/// actor it runs the resolution on and back only by awaiting that actor: so its
/// state is never touched by two threads at once, and every pointer in it (its
/// thread's state) is set again by ``Resolver/proceed(_:)`` before the resolution goes
/// on, on the thread that runs it. A stopped resolution is either gone on with or
/// given up (``abandon()``), which releases its claims.
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
    state.stopsAtHeldClaims = true
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
