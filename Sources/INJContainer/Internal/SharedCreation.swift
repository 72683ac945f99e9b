import INJReflection

/// Makes sure a shared product (a singleton or weak singleton) is created by one
/// thread at a time, lets other threads wait for it, and turns a wait that could
/// never end into a cycle error.
///
/// Only creation goes through here; reading an existing singleton takes no lock.
/// No lock is held while a creator runs: a claim is a mark in a table, and the
/// lock is held only to read and change the table.
final class SharedCreation: Sendable {
  static let shared = SharedCreation()

  private let lock = ConditionLock()
  // Guarded by `lock`.
  private nonisolated(unsafe) var state = State()

  private struct State {
    /// The registration being created, and the resolution creating it.
    var creators: [ObjectIdentifier: (owner: UInt, name: String)] = [:]
    /// The registration each waiting resolution waits for.
    var waits: [UInt: ObjectIdentifier] = [:]
  }

  enum Claim {
    /// The caller must create the product, then call `finish` or `abandon`.
    case claimed
    /// Another thread created it meanwhile.
    case available(Product)
  }

  /// Claims the creation of `registration`'s shared product for `owner` (the
  /// address of an outermost resolution, which stands for the resolutions nested
  /// in it), waiting while another
  /// resolution creates it.
  ///
  /// - Throws: The cycle, as a closed path of names, when waiting would never end
  ///   because the creating resolution waits, directly or through others, for
  ///   something `owner` is creating.
  func claim(
    _ registration: Registration, for owner: UInt
  ) throws(CycleAcrossThreads) -> Claim {
    let key = ObjectIdentifier(registration)
    return try lock.withLock { () throws(CycleAcrossThreads) -> Claim in
      while true {
        if let value = registration.sharedValue() {
          return .available(value)
        }
        guard let creator = state.creators[key] else {
          state.creators[key] = (owner, registration.name)
          return .claimed
        }
        var cycle = [registration.name]
        var holder = creator.owner
        // Each step follows one waiting resolution; there are no more of those
        // than creations under way.
        for _ in 0...state.creators.count where holder != owner {
          guard let awaited = state.waits[holder], let next = state.creators[awaited] else {
            break
          }
          cycle.append(next.name)
          holder = next.owner
        }
        if holder == owner {
          cycle.append(registration.name)
          throw CycleAcrossThreads(cycle: cycle)
        }
        state.waits[owner] = key
        lock.wait()
        state.waits[owner] = nil
      }
    }
  }

  /// Stores the product of a claimed creation and wakes the threads waiting.
  func finish(_ registration: Registration, with value: Product) {
    lock.withLock {
      registration.storeShared(value)
      state.creators[ObjectIdentifier(registration)] = nil
      lock.broadcast()
    }
  }

  /// Gives up a claimed creation that failed; a waiting thread may try again.
  func abandon(_ registration: Registration) {
    lock.withLock {
      state.creators[ObjectIdentifier(registration)] = nil
      lock.broadcast()
    }
  }
}

/// Resolutions on different threads that would wait for each other forever.
struct CycleAcrossThreads: Error {
  /// The names, each being created by a resolution that waits for the next.
  var cycle: [String]
}
