import INJPrimitives
import INJReflection

/// The creations that wait for creations held by other tasks, so that a wait that
/// could never end is reported as a cycle instead of suspending forever.
///
/// Waiting for `owner` while being (or being nested in) `waiter` never ends when
/// `owner` cannot end before `waiter` does: when `waiter` is reachable from `owner`
/// through nesting (a creation waits for the creations nested in it) and recorded
/// waits. The lock is held only to read and change the table.
///
/// What it sees: nesting, which the task-local ``AsyncResolution/current`` carries
/// into child tasks and into unstructured tasks a creation starts (while it runs), and
/// the waits of creations for shared products other tasks make. What it cannot see: a
/// creator awaiting anything else, such as a `Task.detached` or a task started from a
/// callback (neither inherits task-locals), a continuation, a lock. A cycle through
/// such a wait is not found; since every edge into a top-level request would be such a
/// wait, a top-level request's own waits are not recorded (nothing the table holds
/// could lead back to it). Those waits end when their tasks are cancelled
/// (``CancellableWait``).
final class AsyncWaits: Sendable {
  static let shared = AsyncWaits()

  private struct Table {
    /// For each creation, the creations waiting for it (one entry per wait).
    var waitersOf: [ObjectIdentifier: [AsyncCreation]] = [:]
  }

  private let table = Locked(Table())

  /// Records that `waiter` waits for `owner`, or returns the cycle error when the
  /// wait could never end (and records nothing).
  func begin(_ waiter: AsyncCreation, waitingFor owner: AsyncCreation) -> ResolutionError? {
    table.withLock { table -> ResolutionError? in
      if let chain = Self.chain(from: owner, to: waiter, in: table) {
        // `owner` cannot end before `waiter`, which would wait for `owner`.
        let cycle = CycleText.normalized(chain.map(\.name) + [owner.name])
        return ResolutionError(name: owner.name, path: [owner.name], reason: .cycle(cycle))
      }
      table.waitersOf[ObjectIdentifier(owner), default: []].append(waiter)
      return nil
    }
  }

  /// Ends a wait recorded by ``begin(_:waitingFor:)``.
  func end(_ waiter: AsyncCreation, waitingFor owner: AsyncCreation) {
    table.withLock { table in
      let key = ObjectIdentifier(owner)
      guard var waiters = table.waitersOf[key],
        let index = waiters.firstIndex(where: { $0 === waiter })
      else { return }
      waiters.remove(at: index)
      table.waitersOf[key] = waiters.isEmpty ? nil : waiters
    }
  }

  /// The creations from `start` to `target`, each unable to end before the next,
  /// when there is such a chain; searched backwards from `target` (a creation's
  /// predecessors are its parent and the creations waiting for it), without
  /// recursion.
  private static func chain(
    from start: AsyncCreation, to target: AsyncCreation, in table: Table
  ) -> [AsyncCreation]? {
    var next: [ObjectIdentifier: AsyncCreation] = [:]
    var queue = [target]
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(target)]
    var head = 0
    while head < queue.count {
      let current = queue[head]
      head += 1
      if current === start {
        var chain = [current]
        var step = current
        while let following = next[ObjectIdentifier(step)] {
          chain.append(following)
          step = following
        }
        return chain
      }
      let predecessors =
        (current.parent.map { [$0] } ?? []) + (table.waitersOf[ObjectIdentifier(current)] ?? [])
      for predecessor in predecessors where seen.insert(ObjectIdentifier(predecessor)).inserted {
        next[ObjectIdentifier(predecessor)] = current
        queue.append(predecessor)
      }
    }
    return nil
  }
}
