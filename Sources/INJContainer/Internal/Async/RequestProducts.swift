import INJPrimitives
import INJReflection

/// The object-graph products of one top-level async request.
///
/// Those of async providers are made once each even when several tasks of the request
/// need one at the same time: through a claim of the provider's cell (``cell(of:)``),
/// as a singleton is made through a claim of its provider.
///
/// Those of synchronous providers the request's resolutions share, and so walk
/// synchronous providers one at a time: each takes them to go on (``take()``, which
/// suspends while another resolution of the request has them) and gives them back,
/// with what it made, when it is over or waits with no synchronous provider in progress
/// (``giveBack(_:)``). So each such product is made once per request, and a task
/// waiting for its turn blocks no thread. A synchronous resolution nested in one runs
/// on its thread without coming here.
///
/// A resolution that stops at a claim with a synchronous provider in progress keeps
/// them while stopped (see ``StoppableResolution``): a product in progress in it is not
/// made a second time by another task of the request meanwhile.
final class RequestProducts: Sendable {
  /// What the request's tasks claim to make one async provider's product.
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

  private struct State {
    /// The products of synchronous providers, unless a resolution has them taken.
    var products = ObjectGraphProducts()
    var isTaken = false
    /// The tasks waiting for their turn, in order.
    var waiting: [WaitingTask] = []
    /// The products of async providers; a cell's product is guarded by the claims' lock.
    var cells: [ObjectIdentifier: Cell] = [:]
  }

  private let state: Locked<State>

  /// The products of a request that goes on with `graph`, the object graph of the
  /// provider closure that made it, if any (see ``ObjectGraph``).
  init(graph: ObjectGraph?) {
    state = Locked(State(products: ObjectGraphProducts(graph: graph)))
  }

  /// The cell of async `provider`'s product in this request.
  func cell(of provider: Provider) -> Cell {
    state.withLock { state in
      if let cell = state.cells[ObjectIdentifier(provider)] { return cell }
      let cell = Cell(provider: provider)
      state.cells[ObjectIdentifier(provider)] = cell
      return cell
    }
  }

  /// Takes the products once no other resolution of the request has them; nil when
  /// the task is cancelled while it waits.
  func take() async -> ObjectGraphProducts? {
    let state = self.state
    // Most often no other resolution of the request has them: no wait to prepare.
    if let free = tryTake() { return free }
    let turn = await CancellableWait.suspend { entry in
      state.withLock { state -> WaitEnd? in
        if !state.isTaken {
          state.isTaken = true
          return .ended
        }
        if Task.isCancelled { return .cancelled }
        state.waiting.append(entry)
        return nil
      }
    } remove: { id in
      state.withLock { $0.waiting.remove(waitOf: id) }
    }
    guard case .ended = turn else { return nil }
    return state.withLock { exchange(&$0.products, with: ObjectGraphProducts()) }
  }

  /// Takes the products when no other resolution of the request has them, without
  /// waiting: for a synchronous request made inside the request, which cannot wait.
  func tryTake() -> ObjectGraphProducts? {
    state.withLock { state -> ObjectGraphProducts? in
      guard !state.isTaken else { return nil }
      state.isTaken = true
      return exchange(&state.products, with: ObjectGraphProducts())
    }
  }

  /// Gives the products back, for the next task waiting.
  func giveBack(_ products: consuming ObjectGraphProducts) {
    products.graph?.keep(products)
    let next = state.withLock { state -> WaitingTask? in
      state.products = products
      guard !state.waiting.isEmpty else {
        state.isTaken = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.continuation.resume(returning: .ended)
  }
}
