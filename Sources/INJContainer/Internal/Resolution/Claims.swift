import INJPrimitives
import INJReflection

/// Work on a shared object that one resolution at a time may do: creating a
/// singleton's product, or injecting an object that other threads may hold.
///
/// A resolution claims the object before the work and releases it after; another
/// resolution that wants the same object meanwhile waits, then finds the work done
/// (a singleton's product) or claims the object in turn (an injection). A wait that
/// could never end, because the holder waits (directly or through others) for
/// something the waiting resolution holds, is a cycle error instead.
///
/// Reading an existing singleton never comes here. No lock is held while a creator
/// or an injection runs: a claim is a mark in a table, and the lock is held only to
/// read and change the table.
///
/// Threads wait for a release on the table's condition variable. Async code never
/// does: it tries to claim without waiting (``tryClaim(_:name:for:done:)``) and, when
/// the object is held, suspends until it is released
/// (``waitForRelease(of:name:by:)``), a wait its task's cancellation ends. Both kinds
/// of waits are recorded, so a wait that could never end is found whichever kind
/// closes it.
///
/// The table also records the waits of async creations for the async shared products
/// other creations are making (``AsyncOnce``), with their nesting, so that such a wait
/// that could never end is a cycle error too (``beginWait(_:for:)``).
final class Claims: Sendable {
  static let shared = Claims()

  private let table = ConditionLocked(Table())

  private struct Table {
    /// Each claimed object, kept alive while claimed so that its identity is its
    /// own, with the resolution holding it and a name for cycle reports.
    var holders: [ObjectIdentifier: (object: AnyObject, owner: UInt, name: String)] = [:]
    /// The object each waiting resolution waits for.
    var waits: [UInt: ObjectIdentifier] = [:]
    /// The tasks suspended until each claimed object is released.
    var suspended: [ObjectIdentifier: [WaitingTask<Release>]] = [:]
    /// The owners whose resolution is suspended in ``waitForRelease(of:name:by:)``, with
    /// how many of their waits are.
    var suspendedOwners: [UInt: Int] = [:]
    /// For each async creation, the creations waiting for the product it makes (one
    /// entry per wait).
    var creationWaiters: [ObjectIdentifier: [AsyncCreation]] = [:]

    /// When the holder of `key` is an async request suspended while it waits: the name
    /// of what it waits for.
    func suspendedHolder(of key: ObjectIdentifier) -> String? {
      guard let holder = holders[key], suspendedOwners[holder.owner] != nil,
        let awaited = waits[holder.owner]
      else { return nil }
      return holders[awaited]?.name ?? "another creation"
    }

    /// The cycle, as a closed path of names, when `owner` waiting for `key` would
    /// wait forever: the holder of `key` waits, directly or through others, for
    /// something `owner` holds. Nil when the wait will end.
    func cycle(waitingFor key: ObjectIdentifier, owner: UInt, name: String) -> [String]? {
      guard let holder = holders[key] else { return nil }
      return cycle(from: Waiter(id: owner, creation: nil), to: holder.owner, wanting: name)
    }

    /// The cycle, as a closed path of names, when the creation `waiter` waiting for the
    /// product the creation `owner` makes would wait forever; nil when the wait will end.
    func cycle(waitingFor owner: AsyncCreation, by waiter: AsyncCreation) -> [String]? {
      cycle(from: Self.waiter(waiter), to: Self.waiter(owner).id, wanting: owner.name)
    }

    /// One who may wait: a synchronous resolution (or an async request's), or an async
    /// creation, which also cannot end before the creations nested in it.
    private struct Waiter {
      let id: UInt
      let creation: AsyncCreation?
    }

    /// The one search for waits that could never end. `start` would wait for what
    /// `target` holds or makes, named `wanted`: the wait never ends when `target` cannot
    /// end before `start` does. That is searched backwards from `start`, without
    /// recursion: those who cannot end before a waiter are those waiting for what it
    /// holds (a claim, or the product its creation makes) and, for a creation, the one
    /// it is nested in. The cycle's names are what each wants from the next.
    private func cycle(from start: Waiter, to target: UInt, wanting wanted: String) -> [String]? {
      if start.id == target { return [wanted, wanted] }
      // For each waiter reached: the one it was reached from, and the name it wants there.
      var reachedFrom: [UInt: (next: UInt, name: String)] = [:]
      var queue = [start]
      var head = 0
      while head < queue.count {
        let current = queue[head]
        head += 1
        for (predecessor, name) in predecessors(of: current)
        where predecessor.id != start.id && reachedFrom[predecessor.id] == nil {
          reachedFrom[predecessor.id] = (current.id, name)
          if predecessor.id == target {
            // The names from `target` on, each wanted from the next, back to `start`.
            var names = [wanted]
            var step = target
            while let (next, name) = reachedFrom[step] {
              names.append(name)
              step = next
            }
            return names + [wanted]
          }
          queue.append(predecessor)
        }
      }
      return nil
    }

    /// An async creation as a waiter.
    private static func waiter(_ creation: AsyncCreation) -> Waiter {
      Waiter(id: UInt(bitPattern: ObjectIdentifier(creation)), creation: creation)
    }

    /// Those who cannot end before `waiter`, each with the name of what it wants from it.
    private func predecessors(of waiter: Waiter) -> [(Waiter, String)] {
      var found: [(Waiter, String)] = []
      for (waiting, key) in waits {
        if let held = holders[key], held.owner == waiter.id {
          found.append((Waiter(id: waiting, creation: nil), held.name))
        }
      }
      if let creation = waiter.creation {
        for waiting in creationWaiters[ObjectIdentifier(creation)] ?? [] {
          found.append((Self.waiter(waiting), creation.name))
        }
        if let parent = creation.parent {
          found.append((Self.waiter(parent), creation.name))
        }
      }
      return found
    }
  }

  enum Outcome {
    /// The caller holds the claim and must ``release(_:storing:)`` it.
    case claimed
    /// Another resolution did the work meanwhile: here is its product.
    case available(Resolved)
  }

  /// How a suspended wait for a release ended.
  enum Release: Sendable {
    /// The object was released: try again.
    case released
    /// The waiting task was cancelled.
    case cancelled
  }

  /// Why a resolution got no claim.
  enum Refusal: Error {
    /// Waiting would never end: the names, each held by a resolution that waits for
    /// the next.
    case cycle([String])
    /// The task was cancelled while it waited.
    case cancelled
    /// A thread that an async request may need would wait for that request, which is
    /// suspended waiting for the named creation (see ``claim(_:name:for:done:)``).
    case heldBySuspendedRequest(awaiting: String)

    /// What a resolution refused this claim reports.
    var reason: ResolutionError.Reason {
      switch self {
      case .cycle(let cycle): .cycle(CycleText.normalized(cycle))
      case .heldBySuspendedRequest(let awaited): .madeBySuspendedRequest(awaiting: awaited)
      case .cancelled: .creatorFailed(CancellationError())
      }
    }
  }

  /// Claims `object` for `owner` (the address of an outermost resolution, which
  /// stands for the resolutions nested in it), waiting while another resolution
  /// holds it.
  ///
  /// The main thread, and a thread running a task, do not wait for an async request
  /// that is suspended (or suspends while they wait): it may need that thread to go on
  /// (the main actor, or the cooperative pool's last free thread), and the wait would
  /// never end. They get ``Refusal/heldBySuspendedRequest(awaiting:)`` instead.
  ///
  /// - Parameters:
  ///   - object: What the work is on: a provider whose product is created, or a
  ///     product being injected.
  ///   - name: The name to show in a cycle report.
  ///   - owner: The resolution claiming it.
  ///   - done: Checked with the lock held before each attempt: the product, when
  ///     the work is already done.
  /// - Returns: Whether the caller holds the claim, or the work's product.
  /// - Throws: ``Refusal/cycle(_:)`` when waiting would never end, or
  ///   ``Refusal/heldBySuspendedRequest(awaiting:)``.
  func claim(
    _ object: AnyObject, name: String, for owner: UInt, done: () -> Resolved? = { nil }
  ) throws(Refusal) -> Outcome {
    let key = ObjectIdentifier(object)
    var mayBeNeeded: Bool?
    return try table.withLock { (table) throws(Refusal) -> Outcome in
      while true {
        if let value = done() {
          return .available(value)
        }
        let claimed = table.access { table in
          guard table.holders[key] == nil else { return false }
          table.holders[key] = (object, owner, name)
          return true
        }
        if claimed {
          return .claimed
        }
        if let cycle = table.access({ $0.cycle(waitingFor: key, owner: owner, name: name) }) {
          throw .cycle(cycle)
        }
        if let awaited = table.access({ $0.suspendedHolder(of: key) }) {
          // Asked only here, as waits are rare.
          if mayBeNeeded == nil {
            mayBeNeeded = MainActorCheck.isOnMainActor || withUnsafeCurrentTask { $0 != nil }
          }
          if mayBeNeeded == true { throw .heldBySuspendedRequest(awaiting: awaited) }
        }
        table.access { $0.waits[owner] = key }
        table.wait()
        table.access { $0.waits[owner] = nil }
      }
    }
  }

  /// Claims `object` for `owner` unless another resolution holds it: nil then, and
  /// the caller waits with ``waitForRelease(of:name:by:)`` before trying again.
  ///
  /// - Parameters:
  ///   - object: What the work is on, as for ``claim(_:name:for:done:)``.
  ///   - name: The name to show in a cycle report.
  ///   - owner: The resolution claiming it.
  ///   - done: Checked with the lock held: the product, when the work is done.
  /// - Returns: Whether the caller holds the claim, or the work's product; nil when
  ///   another resolution holds the claim.
  func tryClaim(
    _ object: AnyObject, name: String, for owner: UInt, done: () -> Resolved? = { nil }
  ) -> Outcome? {
    let key = ObjectIdentifier(object)
    return table.withLock { table -> Outcome? in
      if let value = done() {
        return .available(value)
      }
      return table.access { table -> Outcome? in
        guard table.holders[key] == nil else { return nil }
        table.holders[key] = (object, owner, name)
        return .claimed
      }
    }
  }

  /// Suspends the calling task until `object` is released, unless the wait could never
  /// end (the holder waits, directly or through others, for something `owner` holds).
  /// Returns at once when `object` is not held. The wait is recorded for `owner`, as a
  /// thread's wait is, while it lasts.
  ///
  /// - Throws: ``Refusal/cycle(_:)`` for a wait that could never end,
  ///   ``Refusal/cancelled`` when the task is cancelled before the release.
  nonisolated(nonsending) func waitForRelease(
    of object: AnyObject, name: String, by owner: UInt
  ) async throws(Refusal) {
    let key = ObjectIdentifier(object)
    let table = self.table
    let cycle: [String]? = table.withLock { table in
      let cycle = table.access { table -> [String]? in
        if let cycle = table.cycle(waitingFor: key, owner: owner, name: name) { return cycle }
        table.waits[owner] = key
        table.suspendedOwners[owner, default: 0] += 1
        return nil
      }
      // Threads waiting for what this request holds look again: they may not wait.
      if cycle == nil { table.wakeAll() }
      return cycle
    }
    if let cycle { throw .cycle(cycle) }
    defer {
      table.withLock { table in
        table.access { table in
          table.waits[owner] = nil
          let count = (table.suspendedOwners[owner] ?? 1) - 1
          table.suspendedOwners[owner] = count > 0 ? count : nil
        }
      }
    }
    let release = await CancellableWait.suspend(cancelled: Release.cancelled) { entry in
      table.withLock { table in
        table.access { table -> Release? in
          guard table.holders[key] != nil else { return .released }
          if Task.isCancelled { return .cancelled }
          table.suspended[key, default: []].append(entry)
          return nil
        }
      }
    } remove: { id in
      table.withLock { table in
        table.access { table -> WaitingTask<Release>? in
          guard var waiting = table.suspended[key],
            let index = waiting.firstIndex(where: { $0.id == id })
          else { return nil }
          let removed = waiting.remove(at: index)
          table.suspended[key] = waiting.isEmpty ? nil : waiting
          return removed
        }
      }
    }
    if case .cancelled = release { throw .cancelled }
  }

  /// Claims `object` for async code: as ``claim(_:name:for:done:)``, but a task that
  /// must wait for another resolution's claim suspends instead of blocking its thread.
  ///
  /// - Throws: ``Refusal`` when waiting would never end, or the task is cancelled.
  nonisolated(nonsending) func claimSuspending(
    _ object: AnyObject, name: String, for owner: UInt, done: () -> Resolved? = { nil }
  ) async throws(Refusal) -> Outcome {
    while true {
      if let outcome = tryClaim(object, name: name, for: owner, done: done) {
        return outcome
      }
      try await waitForRelease(of: object, name: name, by: owner)
    }
  }

  // MARK: Async creations

  /// Records that the creation `waiter` waits for the product the creation `owner` is
  /// making, or returns the cycle error when the wait could never end (and records
  /// nothing).
  ///
  /// Waiting for `owner` while being (or being nested in) `waiter` never ends when
  /// `owner` cannot end before `waiter` does: when `waiter` is reachable from `owner`
  /// through nesting (a creation waits for the creations nested in it) and recorded
  /// waits.
  ///
  /// What it sees: nesting, which the task-local ``AsyncResolution/current`` carries into
  /// child tasks and into unstructured tasks a creation starts (while it runs), and the
  /// waits of creations for shared products other tasks make. What it cannot see: a
  /// creator awaiting anything else, such as a `Task.detached` or a task started from a
  /// callback (neither inherits task-locals), a continuation, a lock. A cycle through
  /// such a wait is not found; since every edge into a top-level request would be such a
  /// wait, a top-level request's own waits are not recorded (nothing the table holds
  /// could lead back to it). Those waits end when their tasks are cancelled
  /// (``CancellableWait``).
  func beginWait(_ waiter: AsyncCreation, for owner: AsyncCreation) -> ResolutionError? {
    table.withLock { table in
      table.access { table -> ResolutionError? in
        if let cycle = table.cycle(waitingFor: owner, by: waiter) {
          return ResolutionError(
            name: owner.name, path: [owner.name], reason: .cycle(CycleText.normalized(cycle)))
        }
        table.creationWaiters[ObjectIdentifier(owner), default: []].append(waiter)
        return nil
      }
    }
  }

  /// Ends a wait recorded by ``beginWait(_:for:)``.
  func endWait(_ waiter: AsyncCreation, for owner: AsyncCreation) {
    table.withLock { table in
      table.access { table in
        let key = ObjectIdentifier(owner)
        guard var waiters = table.creationWaiters[key],
          let index = waiters.firstIndex(where: { $0 === waiter })
        else { return }
        waiters.remove(at: index)
        table.creationWaiters[key] = waiters.isEmpty ? nil : waiters
      }
    }
  }

  /// The number of tasks suspended until `object` is released, for tests.
  func suspendedTaskCount(for object: AnyObject) -> Int {
    table.withLock { table in table.access { $0.suspended[ObjectIdentifier(object)]?.count ?? 0 } }
  }

  /// Releases a claim, first running `store` (with the lock held, so that waiting
  /// resolutions see what it stores), and wakes the resolutions waiting.
  func release(_ object: AnyObject, storing store: () -> Void = {}) {
    let key = ObjectIdentifier(object)
    let suspended = table.withLock { table in
      store()
      let suspended = table.access { table in
        table.holders[key] = nil
        return table.suspended.removeValue(forKey: key)
      }
      table.wakeAll()
      return suspended
    }
    for task in suspended ?? [] {
      task.resume(returning: .released)
    }
  }
}
