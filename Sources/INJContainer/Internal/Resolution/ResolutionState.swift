import INJReflection

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
/// `Resolver.resolve`), and nested resolutions, which point at it as `outer`, end
/// before it does.
struct ResolutionState {
  struct Frame {
    /// The provider, unretained: its container keeps it alive for longer than the
    /// resolution, and reference counting in the resolution loop would cost more
    /// than the rest of it.
    let handle: Unmanaged<Provider>
    /// The values of the dependencies resolved so far, owned by the frame (one
    /// reference, released by hand) until the creator receives them; nil from
    /// then on.
    var values: Unmanaged<ResolvedValues.Storage>?
    /// Claimed through ``Claims``: must be released.
    let claimed: Bool

    init(provider: Provider, values: ResolvedValues.Storage, claimed: Bool) {
      handle = Unmanaged.passUnretained(provider)
      self.values = Unmanaged.passRetained(values)
      self.claimed = claimed
    }

    /// The provider, retained (for paths where the cost does not matter).
    var provider: Provider { handle.takeUnretainedValue() }

    var id: ObjectIdentifier { ObjectIdentifier(handle.takeUnretainedValue()) }
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
  /// Whether the resolution stops, instead of waiting, where another resolution holds
  /// a claim it needs (see ``StoppableResolution``). Only an outermost resolution run
  /// for an async request does; those nested in it wait.
  var stopsAtHeldClaims = false
  /// Where a stoppable resolution stopped: the object another resolution holds, and
  /// the name to report. Nil while it runs.
  var stop: (object: AnyObject, name: String)?
  /// A product whose injection a stoppable resolution stopped at: its creator ran,
  /// its frame is still on top; it is injected when the resolution goes on.
  var pendingInjection: PendingInjection?
  var frames: ContiguousArray<Frame>
  /// A provider without dependencies whose creator is running without a frame
  /// (see `Resolver.createLeaf`).
  var leaf: Unmanaged<Provider>?
  /// The providers of `frames`, once the stack is deep.
  var onStack: Set<ObjectIdentifier>?
  /// The object-graph products made so far, kept by the outermost resolution.
  var objectGraphProducts = ObjectGraphProducts()
  /// Whether the outermost resolution asked for an async request it is part of (see
  /// `Resolver.objectGraphProducts`); a stoppable one, run for its request, never does.
  var hasLookedForRequest = false
  /// The async request whose object-graph products the outermost resolution took, to
  /// give back when it ends.
  var request: RequestProducts?

  init(outer: UnsafeMutablePointer<ResolutionState>?, thread: UnsafeMutablePointer<ThreadState>) {
    self.outer = outer
    self.thread = thread
    frames = []
  }
}

/// A product whose injection waits for a claim (see `ResolutionState.pendingInjection`).
struct PendingInjection {
  let product: Resolved
  let plan: InjectionPlan
  let values: ResolvedValues
}

/// The products of object-graph providers made during one top-level resolution.
///
/// Each is kept with its provider, retained: a creator may make a container,
/// resolve an object-graph name in it and drop it, and a provider registered later
/// could then be allocated at the freed provider's address. Holding the provider
/// keeps its address its own, so a product is only ever handed to the provider
/// that made it.
struct ObjectGraphProducts {
  private var products: [ObjectIdentifier: (provider: Provider, product: Resolved)] = [:]

  /// The product `provider` made in this resolution, if any.
  subscript(provider: Provider) -> Resolved? {
    products[ObjectIdentifier(provider)]?.product
  }

  /// Keeps `provider`'s product for the rest of the resolution.
  mutating func keep(_ product: Resolved, of provider: Provider) {
    products[ObjectIdentifier(provider)] = (provider, product)
  }
}
