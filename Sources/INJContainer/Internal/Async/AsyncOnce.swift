import INJPrimitives
import INJReflection

/// One shared product made by an async creator, once, however many tasks ask at
/// the same time: the first task creates it, the others suspend until it is made.
///
/// The state is a mark in a table, guarded by a lock that is held only to read and
/// change the mark, never while a creator runs or a task waits. Waiting tasks hold
/// continuations; no thread blocks.
///
/// A creation that fails is not kept: its waiters get its error, except when the
/// creating task was cancelled (whatever error its creator threw then, its own
/// `URLError(.cancelled)` as much as a `CancellationError`), in which case a waiter
/// that is not cancelled itself takes over and creates the product in its own task. A
/// waiting task that is cancelled stops waiting at once, with a `CancellationError`.
/// A wait that could never end, because the creation it waits for waits (through
/// others) for the waiter's own creation, is a cycle error instead (see
/// ``Claims``).
final class AsyncOnce: Sendable {
  private enum State {
    case idle
    case creating(owner: AsyncCreation, waiters: [Waiter])
  }

  private typealias Waiter = WaitingTask<Outcome>

  /// How a wait for another task's creation ended.
  private enum Outcome: Sendable {
    /// The creation made the product.
    case made(HandedOver<Resolved>)
    /// The creation ended without a product for this waiter (its task was cancelled,
    /// or it ended before the waiter could wait): look again.
    case retry
    /// The creation failed with this error.
    case failed(ResolutionError)
    /// The waiting task was cancelled.
    case cancelled
  }

  private let state = Locked(State.idle)

  /// The number of tasks waiting now, for tests.
  var waitingTaskCount: Int {
    state.withLock { state in
      if case .creating(_, let waiters) = state { waiters.count } else { 0 }
    }
  }

  /// The shared product: `ready()` when it exists; otherwise made by `create` in
  /// this task, or awaited from the task making it.
  ///
  /// - Parameters:
  ///   - creation: The creation this task would do: its owner when it claims the
  ///     work, and the waiter when another task holds it.
  ///   - waiter: The creation the calling task is part of, if any: recorded while it
  ///     waits, to find waits that could never end.
  ///   - ready: The product, if it exists (read with the lock held).
  ///   - store: Keeps the made product (called with the lock held, before waiters
  ///     are resumed).
  ///   - create: Makes the product.
  /// - Returns: The product.
  /// - Throws: The error of the creation this task made or waited for, a cycle error
  ///   for a wait that could never end, or, when this task is cancelled while it
  ///   waits, an error whose underlying error is a `CancellationError`.
  func value(
    creation: AsyncCreation, waiter: AsyncCreation?, ready: () -> Resolved?,
    store: (Resolved) -> Void, create: () async throws(ResolutionError) -> Resolved
  ) async throws(ResolutionError) -> Resolved {
    while true {
      enum Next {
        case done(Resolved)
        case claimed
        case wait(owner: AsyncCreation)
      }
      let next: Next = state.withLock { state in
        if let value = ready() { return .done(value) }
        switch state {
        case .idle:
          state = .creating(owner: creation, waiters: [])
          return .claimed
        case .creating(let owner, _):
          return .wait(owner: owner)
        }
      }
      switch next {
      case .done(let value):
        return value
      case .claimed:
        return try await createClaimed(store: store, create: create)
      case .wait(let owner):
        switch await wait(for: owner, as: waiter) {
        case .made(let value):
          return value.value
        case .retry where !Task.isCancelled:
          continue
        case .retry, .cancelled:
          throw ResolutionError.cancelled(creation)
        case .failed(let error):
          throw error
        }
      }
    }
  }

  /// Runs the claimed creation, then publishes its outcome to the waiters.
  private func createClaimed(
    store: (Resolved) -> Void, create: () async throws(ResolutionError) -> Resolved
  ) async throws(ResolutionError) -> Resolved {
    let outcome: Result<Resolved, ResolutionError>
    do {
      outcome = .success(try await create())
    } catch {
      outcome = .failure(error)
    }
    // Whether this task was cancelled, not the type of the error, says whether the
    // creation failed for the waiters too: a creator may turn cancellation into an
    // error of its own.
    let ownerCancelled = Task.isCancelled
    let waiters: [Waiter] = state.withLock { state in
      guard case .creating(_, let waiters) = state else { return [] }
      if case .success(let value) = outcome { store(value) }
      state = .idle
      return waiters
    }
    let delivered: Outcome =
      switch outcome {
      case .success(let value): .made(HandedOver(value))
      case .failure where ownerCancelled: .retry
      case .failure(let error): .failed(error)
      }
    for waiter in waiters {
      waiter.resume(returning: delivered)
    }
    return try outcome.get()
  }

  /// Suspends until the creation `owner` holds ends or this task is cancelled,
  /// unless the wait could never end: then a cycle error.
  private func wait(for owner: AsyncCreation, as waiter: AsyncCreation?) async -> Outcome {
    if let waiter {
      if let cycle = Claims.shared.beginWait(waiter, for: owner) {
        return .failed(cycle)
      }
    }
    defer {
      if let waiter { Claims.shared.endWait(waiter, for: owner) }
    }
    let state = self.state
    return await CancellableWait.suspend(cancelled: Outcome.cancelled) { entry in
      state.withLock { state -> Outcome? in
        guard case .creating(let current, var waiters) = state, current === owner else {
          // The creation ended before this task could wait: look again.
          return .retry
        }
        if Task.isCancelled { return .cancelled }
        waiters.append(entry)
        state = .creating(owner: current, waiters: waiters)
        return nil
      }
    } remove: { id in
      state.withLock { state -> Waiter? in
        guard case .creating(let current, var waiters) = state,
          let index = waiters.firstIndex(where: { $0.id == id })
        else { return nil }
        let removed = waiters.remove(at: index)
        state = .creating(owner: current, waiters: waiters)
        return removed
      }
    }
  }
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
