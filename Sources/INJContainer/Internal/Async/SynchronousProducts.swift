import INJPrimitives
import INJReflection

/// The object-graph products of the synchronous providers of one async request. The
/// request's resolutions share them and so walk synchronous providers one at a time:
/// each takes them to go on (``take()``, which suspends while another resolution of
/// the request has them) and gives them back, with what it made, when it is over or
/// waits with no synchronous provider in progress (``giveBack(_:)``). So each such
/// product is made once per request, and a task waiting for its turn blocks no thread.
///
/// A resolution that stops at a claim with a synchronous provider in progress keeps
/// them while stopped (see ``StoppableResolution``): a product in progress in it is not
/// made a second time by another task of the request meanwhile.
final class SynchronousProducts: Sendable {
  private struct State {
    var products = ObjectGraphProducts()
    var isTaken = false
    /// The tasks waiting for their turn, in order.
    var waiting: [WaitingTask] = []
  }

  private let state: Locked<State>

  /// The products of a request that goes on with `graph`, the object graph of the
  /// provider closure that made it, if any (see ``ObjectGraph``).
  init(graph: ObjectGraph?) {
    state = Locked(State(products: ObjectGraphProducts(graph: graph)))
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
    next?.resume(returning: .ended)
  }
}
