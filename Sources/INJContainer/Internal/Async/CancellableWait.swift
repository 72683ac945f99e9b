/// A task suspended in one of the container's wait lists: its continuation, and the
/// identity the list finds it by when the task is cancelled.
///
/// Whoever takes an entry out of its list, with the list's lock held, resumes it, once:
/// the one ending the wait (a creation that finished, a claim released) or the task's
/// cancellation handler. An entry is in its list until one of them takes it, so it is
/// resumed exactly once.
struct WaitingTask: Sendable {
  let id: ObjectIdentifier
  /// Resumed once, after the entry is taken out of its list.
  let continuation: CheckedContinuation<WaitEnd, Never>
}

/// How a task's wait ended.
enum WaitEnd: Sendable {
  /// What the task waited for happened (a claim released, its turn come): it goes on.
  case ended
  /// The waiting task was cancelled.
  case cancelled
}

extension [WaitingTask] {
  /// Takes the entry of the wait `id` out of the list, if it is still there.
  mutating func remove(waitOf id: ObjectIdentifier) -> WaitingTask? {
    firstIndex { $0.id == id }.map { remove(at: $0) }
  }
}

/// The one way the container suspends a task until another task's work ends: every
/// wait ends at once when the waiting task is cancelled.
enum CancellableWait {
  /// What a wait is known by while it lasts.
  private final class Token: Sendable {}

  /// Suspends the calling task in a wait list until the entry is resumed, or until the
  /// task is cancelled, which ends the wait at once with ``WaitEnd/cancelled``.
  ///
  /// - Parameters:
  ///   - enqueue: Adds the entry to its list, with the list's lock held; called once.
  ///     It returns nil when it added the entry, or the outcome to resume with at once
  ///     without adding it: ``WaitEnd/cancelled`` when `Task.isCancelled` (it must
  ///     check, under the lock, so that a cancellation just before it is not missed),
  ///     or ``WaitEnd/ended`` when the wait is already over.
  ///   - remove: Takes the entry with the given identity out of its list, with the
  ///     list's lock held, if it is still there; called by the cancellation handler,
  ///     on whichever thread cancels the task.
  /// - Returns: The outcome the entry was resumed with.
  static func suspend(
    enqueue: (WaitingTask) -> WaitEnd?,
    remove: @escaping @Sendable (ObjectIdentifier) -> WaitingTask?
  ) async -> WaitEnd {
    // Alive for the whole wait, so that its identity is this wait's alone.
    let token = Token()
    let id = ObjectIdentifier(token)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<WaitEnd, Never>) in
        if let now = enqueue(WaitingTask(id: id, continuation: continuation)) {
          continuation.resume(returning: now)
        }
      }
    } onCancel: {
      remove(id)?.continuation.resume(returning: .cancelled)
    }
    withExtendedLifetime(token) {}
    return outcome
  }
}
