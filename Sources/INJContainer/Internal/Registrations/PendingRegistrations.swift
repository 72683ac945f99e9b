import INJReflection
import Synchronization

/// A registration recorded by `addProvider` or `addInstance` and not yet applied to
/// the registry: it builds the provider, interns the names and indexes the
/// registration when applied, with the registry lock held.
typealias PendingRegistration = @Sendable (Container, inout Registry) -> Void

/// Whether a container has registrations recorded but not yet applied: what a
/// lock-free lookup checks before it reads the name table.
///
/// Registering records the registration under the registry lock and returns; the
/// first read of the registry after it applies every recorded one, in order, under
/// the same lock (``Container/withRegistry(_:)``), and a lookup that finds the mark
/// set takes the lock to do so first. A registration costs a short append, and the
/// work of making it visible is done once, by whoever reads next.
///
/// Invariant: the mark is changed only with the registry lock held: set when a
/// registration is recorded, cleared once the recorded ones are applied, so that
/// whenever the lock is free it says whether the registry's pending list has
/// entries. Stores release and loads acquire: a reader that sees the mark clear
/// sees every slot the applying thread set before clearing it, and a registration
/// that happened before a read is either applied or seen as pending by it.
/// `PendingRegistrationTests` registers and resolves from many threads under
/// ThreadSanitizer.
struct PendingMark: ~Copyable, Sendable {
  private let isSet = Atomic<Bool>(false)

  init() {}

  /// Whether registrations may be waiting. Safe from any thread.
  @inline(__always)
  var mayHavePending: Bool {
    isSet.load(ordering: .acquiring)
  }

  /// Records that registrations are waiting. Call with the registry lock held.
  func set() {
    isSet.store(true, ordering: .releasing)
  }

  /// Records that none are waiting. Call with the registry lock held, after
  /// applying them.
  func clear() {
    isSet.store(false, ordering: .releasing)
  }
}

extension Container {
  /// Records a registration, applied before the registry is next read.
  func record(_ registration: @escaping PendingRegistration) {
    registryLock.withLock { registry in
      registry.pending.append(registration)
      pendingMark.set()
    }
  }

  /// Runs `body` on the registry with its lock held, after applying the
  /// registrations recorded so far: every read or change of the registry other than
  /// recording goes through here.
  @inline(__always)
  func withRegistry<Result, Failure: Error>(
    _ body: (inout Registry) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try registryLock.withLock { (registry) throws(Failure) -> Result in
      applyPending(&registry)
      return try body(&registry)
    }
  }

  /// Applies the recorded registrations, if any: for lock-free readers that found
  /// the pending mark set.
  @inline(never)
  func applyPendingRegistrations() {
    registryLock.withLock { applyPending(&$0) }
  }

  /// Applies the recorded registrations in the order they were made. Call with the
  /// registry lock held.
  private func applyPending(_ registry: inout Registry) {
    guard !registry.pending.isEmpty else { return }
    let pending = registry.pending
    registry.pending = []
    for apply in pending {
      apply(self, &registry)
    }
    pendingMark.clear()
  }
}
