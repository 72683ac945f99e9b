import INJPrimitives
import INJReflection

/// Work on a shared object that one resolution at a time may do: creating a
/// singleton's product (or an async object-graph product of one request), or injecting
/// an object that other threads may hold.
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
/// Threads wait for a release on the table's condition variable. Async requests never
/// do: a resolution run for one tries to claim without waiting
/// (``claim(_:name:for:waits:done:)``) and, when the object is held, its task suspends
/// until it is released (``waitForRelease(of:name:by:)``), a wait its task's
/// cancellation ends. Such a resolution's claims belong to its creation, nested in the
/// creations of its request outside it. Both kinds of waits are recorded, with that
/// nesting, so a wait that could never end is found whichever kind closes it.
final class Claims: Sendable {
  static let shared = Claims()

  private let table = ConditionLocked(Table())

  private struct Table {
    /// Each claimed object, kept alive while claimed so that its identity is its
    /// own, with the resolution holding it and a name for cycle reports.
    var holders: [ObjectIdentifier: (object: AnyObject, owner: UInt, name: String)] = [:]
    /// The object each waiting resolution waits for, by the owner of its claims (a
    /// resolution waits for one object at a time), and who it is: a thread's, or a
    /// request's, suspended in ``waitForRelease(of:name:by:)``.
    var waits: [UInt: (key: ObjectIdentifier, waiter: Waiter)] = [:]
    /// The tasks suspended until each claimed object is released.
    var suspended: [ObjectIdentifier: [WaitingTask]] = [:]
    /// Claimed providers whose scope was reset during the creation: the product goes to
    /// the resolution that made it, and is not kept.
    var dropped: Set<ObjectIdentifier> = []
    /// When the holder of `key` is an async request suspended while it waits: the name
    /// of what it waits for.
    func suspendedHolder(of key: ObjectIdentifier) -> String? {
      // A request's wait is its creation's; a thread's has none.
      guard let holder = holders[key], let wait = waits[holder.owner],
        wait.waiter.creation != nil
      else { return nil }
      return holders[wait.key]?.name ?? "another creation"
    }

    /// The cycle, as a closed path of names, when `start` waiting for `key`, named
    /// `wanted`, would wait forever: the holder of `key` waits, directly or through
    /// others, for something `start` holds. Nil when the wait will end.
    ///
    /// The one search for waits that could never end: the wait never ends when the
    /// holder, `target`, cannot end before `start` does. That is searched backwards from
    /// `start`, without recursion: those who cannot end before a waiter are those
    /// waiting for what it holds (a claim, or the product its creation makes) and, for a
    /// creation, the one it is nested in. The cycle's names are what each wants from
    /// the next.
    func cycle(
      waitingFor key: ObjectIdentifier, by start: Waiter, name wanted: String
    ) -> [String]? {
      guard let target = holders[key]?.owner else { return nil }
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
            // The names from `target` on, each wanted from the next, back to `start`. A
            // creation and the claim it holds name one provider: it appears once.
            var names = [wanted]
            var step = target
            while let (next, name) = reachedFrom[step] {
              if name != names.last { names.append(name) }
              step = next
            }
            return names.count > 1 && names.last == wanted ? names : names + [wanted]
          }
          queue.append(predecessor)
        }
      }
      return nil
    }

    /// Those who cannot end before `waiter`, each with the name of what it wants from it.
    private func predecessors(of waiter: Waiter) -> [(Waiter, String)] {
      var found: [(Waiter, String)] = []
      for wait in waits.values {
        if let held = holders[wait.key], held.owner == waiter.id {
          found.append((wait.waiter, held.name))
        }
      }
      if let creation = waiter.creation, let parent = creation.parent {
        found.append((Waiter(id: parent.claimOwner, creation: parent), creation.name))
      }
      return found
    }
  }

  /// One who may wait: a synchronous resolution (or an async request's), or an async
  /// creation, which also cannot end before the creations nested in it.
  struct Waiter {
    /// The owner of the claims it holds.
    let id: UInt
    /// The async creation it is, if it is one: it holds its claims itself.
    var creation: AsyncResolution? = nil
  }

  enum Outcome {
    /// The caller holds the claim and must ``release(_:storing:)`` it.
    case claimed
    /// Another resolution did the work meanwhile: here is its product.
    case available(Resolved)
  }

  /// Why a resolution got no claim.
  enum Refusal: Error {
    /// Waiting would never end: the names, each held by a resolution that waits for
    /// the next.
    case cycle([String])
    /// The task was cancelled while it waited.
    case cancelled
    /// A thread that an async request may need would wait for that request, which is
    /// suspended waiting for the named creation (see ``claim(_:name:for:waits:done:)``).
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
  /// holds it, when it `waits`; without waiting, it gets nil then, and waits with
  /// ``waitForRelease(of:name:by:)`` before trying again.
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
  ///   - waits: Whether to wait while another resolution holds it.
  ///   - done: Checked with the lock held before each attempt: the product, when
  ///     the work is already done.
  /// - Returns: Whether the caller holds the claim, or the work's product; nil when
  ///   another resolution holds the claim and the caller does not wait.
  /// - Throws: ``Refusal/cycle(_:)`` when waiting would never end, or
  ///   ``Refusal/heldBySuspendedRequest(awaiting:)``.
  func claim(
    _ object: AnyObject, name: String, for owner: UInt, waits: Bool = true,
    done: () -> Resolved? = { nil }
  ) throws(Refusal) -> Outcome? {
    let key = ObjectIdentifier(object)
    return try table.withLock { (table) throws(Refusal) -> Outcome? in
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
        guard waits else { return nil }
        if let cycle = table.access({
          $0.cycle(waitingFor: key, by: Waiter(id: owner), name: name)
        }) {
          throw .cycle(cycle)
        }
        // Where the thread runs is asked only here, as waits are rare.
        if let awaited = table.access({ $0.suspendedHolder(of: key) }),
          MainActorCheck.isOnMainActor || withUnsafeCurrentTask(body: { $0 != nil })
        {
          throw .heldBySuspendedRequest(awaiting: awaited)
        }
        table.access { $0.waits[owner] = (key, Waiter(id: owner)) }
        table.wait()
        table.access { $0.waits[owner] = nil }
      }
    }
  }

  /// Suspends the calling task until `object` is released, unless the wait could never
  /// end (the holder waits, directly or through others, for something `creation`
  /// holds, or for a creation it is nested in). Returns at once when `object` is not
  /// held. The wait is recorded for `creation`, the owner of the waiting resolution's
  /// claims, as a thread's wait is, while it lasts; threads do not wait for its claims
  /// meanwhile (see ``claim(_:name:for:waits:done:)``).
  ///
  /// - Throws: ``Refusal/cycle(_:)`` for a wait that could never end,
  ///   ``Refusal/cancelled`` when the task is cancelled before the release.
  nonisolated(nonsending) func waitForRelease(
    of object: AnyObject, name: String, by creation: AsyncResolution
  ) async throws(Refusal) {
    let key = ObjectIdentifier(object)
    let waiter = Waiter(id: creation.claimOwner, creation: creation)
    let table = self.table
    let cycle: [String]? = table.withLock { table in
      let cycle = table.access { table -> [String]? in
        if let cycle = table.cycle(waitingFor: key, by: waiter, name: name) { return cycle }
        table.waits[waiter.id] = (key, waiter)
        return nil
      }
      // Threads waiting for what this request holds look again: they may not wait.
      if cycle == nil { table.wakeAll() }
      return cycle
    }
    if let cycle { throw .cycle(cycle) }
    defer { table.withLock { $0.access { $0.waits[waiter.id] = nil } } }
    let release = await CancellableWait.suspend { entry in
      table.withLock { table in
        table.access { table -> WaitEnd? in
          guard table.holders[key] != nil else { return .ended }
          if Task.isCancelled { return .cancelled }
          table.suspended[key, default: []].append(entry)
          return nil
        }
      }
    } remove: { id in
      table.withLock { table in
        table.access { table -> WaitingTask? in
          let removed = table.suspended[key]?.remove(waitOf: id)
          if table.suspended[key]?.isEmpty == true { table.suspended[key] = nil }
          return removed
        }
      }
    }
    if case .cancelled = release { throw .cancelled }
  }

  /// The number of tasks suspended until `object` is released, for tests.
  func suspendedTaskCount(for object: AnyObject) -> Int {
    table.withLock { table in table.access { $0.suspended[ObjectIdentifier(object)]?.count ?? 0 } }
  }

  /// Runs `drop`, which resets the products `provider` keeps, with the table locked, so
  /// that a creation of them under way, which holds the claim, keeps its product to its
  /// own resolution when it releases it: it is not stored over the reset.
  ///
  /// - Returns: What `drop` returns: the products dropped, to release after the lock.
  func reset<Dropped>(_ provider: AnyObject, _ drop: () -> Dropped) -> Dropped {
    let key = ObjectIdentifier(provider)
    return table.withLock { table in
      table.access { table in
        if table.holders[key] != nil { table.dropped.insert(key) }
      }
      return drop()
    }
  }

  /// Releases a claim, first running `store` (with the lock held, so that waiting
  /// resolutions see what it stores), and wakes the resolutions waiting.
  func release(_ object: AnyObject, storing store: () -> Void = {}) {
    let key = ObjectIdentifier(object)
    let suspended = table.withLock { table in
      if table.access({ $0.dropped.isEmpty || $0.dropped.remove(key) == nil }) { store() }
      let suspended = table.access { table in
        table.holders[key] = nil
        return table.suspended.removeValue(forKey: key)
      }
      table.wakeAll()
      return suspended
    }
    for task in suspended ?? [] {
      task.continuation.resume(returning: .ended)
    }
  }
}
