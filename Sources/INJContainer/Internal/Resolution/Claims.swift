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
final class Claims: Sendable {
  static let shared = Claims()

  private let table = ConditionLocked(Table())

  private struct Table {
    /// Each claimed object, kept alive while claimed so that its identity is its
    /// own, with the resolution holding it and a name for cycle reports.
    var holders: [ObjectIdentifier: (object: AnyObject, owner: UInt, name: String)] = [:]
    /// The object each waiting resolution waits for.
    var waits: [UInt: ObjectIdentifier] = [:]

    /// The cycle, as a closed path of names, when `owner` waiting for `key` would
    /// wait forever: the holder of `key` waits, directly or through others, for
    /// something `owner` holds. Nil when the wait will end.
    func cycle(waitingFor key: ObjectIdentifier, owner: UInt, name: String) -> [String]? {
      guard let holder = holders[key] else { return nil }
      var cycle = [name]
      var current = holder.owner
      // Each step follows one waiting resolution; there are no more of those than
      // claims held.
      for _ in 0...holders.count where current != owner {
        guard let awaited = waits[current], let next = holders[awaited] else { break }
        cycle.append(next.name)
        current = next.owner
      }
      guard current == owner else { return nil }
      return cycle + [name]
    }
  }

  enum Outcome {
    /// The caller holds the claim and must ``release(_:storing:)`` it.
    case claimed
    /// Another resolution did the work meanwhile: here is its product.
    case available(Resolved)
  }

  /// Claims `object` for `owner` (the address of an outermost resolution, which
  /// stands for the resolutions nested in it), waiting while another resolution
  /// holds it.
  ///
  /// - Parameters:
  ///   - object: What the work is on: a provider whose product is created, or a
  ///     product being injected.
  ///   - name: The name to show in a cycle report.
  ///   - owner: The resolution claiming it.
  ///   - done: Checked with the lock held before each attempt: the product, when
  ///     the work is already done.
  /// - Returns: Whether the caller holds the claim, or the work's product.
  /// - Throws: The cycle, as a closed path of names, when waiting would never end.
  func claim(
    _ object: AnyObject, name: String, for owner: UInt, done: () -> Resolved? = { nil }
  ) throws(CycleAcrossThreads) -> Outcome {
    let key = ObjectIdentifier(object)
    return try table.withLock { (table) throws(CycleAcrossThreads) -> Outcome in
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
          throw CycleAcrossThreads(cycle: cycle)
        }
        table.access { $0.waits[owner] = key }
        table.wait()
        table.access { $0.waits[owner] = nil }
      }
    }
  }

  /// Releases a claim, first running `store` (with the lock held, so that waiting
  /// resolutions see what it stores), and wakes the resolutions waiting.
  func release(_ object: AnyObject, storing store: () -> Void = {}) {
    table.withLock { table in
      store()
      table.access { $0.holders[ObjectIdentifier(object)] = nil }
      table.wakeAll()
    }
  }
}

/// Resolutions on different threads that would wait for each other forever.
struct CycleAcrossThreads: Error {
  /// The names, each held by a resolution that waits for the next.
  var cycle: [String]
}
