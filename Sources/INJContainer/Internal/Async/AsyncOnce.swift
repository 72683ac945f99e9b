import INJReflection

/// One shared product made by an async creator, once, however many tasks ask at
/// the same time: the first task creates it, the others suspend until it is made.
///
/// The state is a mark in a table, guarded by a lock that is held only to read and
/// change the mark, never while a creator runs or a task waits. Waiting tasks hold
/// continuations; no thread blocks.
///
/// A creation that fails is not kept: its waiters get its error, except when the
/// creating task was cancelled, in which case a waiter (not cancelled itself) takes
/// over and creates the product in its own task. A wait that could never end, because
/// the creation it waits for waits (through others) for the waiter's own creation, is
/// a cycle error instead (see ``AsyncWaits``).
final class AsyncOnce: Sendable {
  private enum State {
    case idle
    case creating(owner: AsyncCreation, waiters: [Waiter])
  }

  private typealias Waiter = CheckedContinuation<Result<HandedOver<Resolved>, Failure>, Never>

  /// Why a creation a waiter waited for did not give it a product.
  enum Failure: Error {
    /// The creation ended without a product for this waiter (its task was
    /// cancelled, or it ended before the waiter could wait): look again.
    case retry
    /// The creation failed with this error.
    case failed(ResolutionError)
  }

  private let state = Locked(State.idle)

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
  /// - Throws: The error of the creation this task made or waited for, or a cycle
  ///   error for a wait that could never end.
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
        case .success(let value):
          return value.value
        case .failure(.retry):
          continue
        case .failure(.failed(let error)):
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
    let waiters: [Waiter] = state.withLock { state in
      guard case .creating(_, let waiters) = state else { return [] }
      if case .success(let value) = outcome { store(value) }
      state = .idle
      return waiters
    }
    let delivered: Result<HandedOver<Resolved>, Failure> =
      switch outcome {
      case .success(let value): .success(HandedOver(value))
      case .failure(let error) where error.isCancellation: .failure(.retry)
      case .failure(let error): .failure(.failed(error))
      }
    for waiter in waiters {
      waiter.resume(returning: delivered)
    }
    return try outcome.get()
  }

  /// Suspends until the creation `owner` holds ends, unless the wait could never
  /// end: then a cycle error.
  private func wait(
    for owner: AsyncCreation, as waiter: AsyncCreation?
  ) async -> Result<HandedOver<Resolved>, Failure> {
    if let waiter {
      if let cycle = AsyncWaits.shared.begin(waiter, waitingFor: owner) {
        return .failure(.failed(cycle))
      }
    }
    defer {
      if let waiter { AsyncWaits.shared.end(waiter, waitingFor: owner) }
    }
    return await withCheckedContinuation { (continuation: Waiter) in
      let resumeNow = state.withLock { state -> Bool in
        guard case .creating(let current, var waiters) = state, current === owner else {
          return true
        }
        waiters.append(continuation)
        state = .creating(owner: current, waiters: waiters)
        return false
      }
      if resumeNow {
        // The creation ended before this task could wait: look again.
        continuation.resume(returning: .failure(.retry))
      }
    }
  }
}

extension ResolutionError {
  /// Whether the resolution failed because a creator's task was cancelled.
  var isCancellation: Bool {
    if case .creatorFailed(let error) = reason { error is CancellationError } else { false }
  }
}
