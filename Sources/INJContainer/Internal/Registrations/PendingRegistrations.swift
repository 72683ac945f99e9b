import INJPrimitives
import INJReflection

/// A registration recorded by `addInstance` or `addProvider` and not yet applied to
/// the registry: applying it builds the provider and the registration, interns the
/// names and indexes it, in the container given, with the registry lock held.
typealias RecordedRegistration = @Sendable (Container, inout Registry) -> Void

/// Whether a container has registrations recorded but not yet applied: what every
/// lock-free read of its names checks first.
///
/// Registering records the registration under the registry lock and returns; the
/// first read of the registry after it applies every recorded one, in order, under
/// the same lock (``Container/withRegistry(_:)``). The lock-free reads check the mark
/// first and, finding it set, take the lock to apply them: a lookup by name, the
/// dependency slots a resolution follows (each provider holds its container's mark),
/// and a provider closure's target. A registration costs a short append, and the
/// work of making it visible is done once, by whoever reads next.
///
/// Invariant: the mark is changed only with the registry lock held: set when a
/// registration is recorded, cleared once the recorded ones are applied, so that
/// whenever the lock is free it says whether the registry's pending list has
/// entries. Stores release and loads acquire: a reader that checks the mark and sees
/// it clear sees every slot the applying thread set before clearing it, and for a
/// registration that happened before such a read, the read either sees the mark set
/// (and applies it) or sees it applied. `PendingRegistrationTests` registers and
/// resolves from many threads under ThreadSanitizer.
///
/// The mark is an atomic word inside the object, its first stored property
/// (``ObjectWords``).
final class PendingMark: @unchecked Sendable {
  // Sendable by the invariant above: the word is read and written only atomically.
  /// The word's first value: 1 while registrations may be waiting, 0 otherwise. Used
  /// only through `isSet`.
  private var word = 0

  init() {}

  @inline(__always)
  private var isSet: AtomicWord { ObjectWords.word(0, of: self) }

  /// Whether registrations may be waiting. Safe from any thread.
  @inline(__always)
  var mayHavePending: Bool {
    isSet.load(ordering: .acquiring) != 0
  }

  /// Records whether registrations are waiting. Call with the registry lock held (and,
  /// to clear the mark, after applying them).
  func set(_ waiting: Bool) {
    isSet.store(waiting ? 1 : 0, ordering: .releasing)
  }
}

extension Container {
  /// Records a registration, applied before the registry is next read.
  func record(_ registration: @escaping RecordedRegistration) {
    registryLock.withLock { registry in
      registry.pending.append(registration)
      if parent == nil {
        pendingMark.set(true)
      } else {
        // A child's registration is applied at once: whether its names clash with
        // its ancestors' names is judged when it is applied, against the ancestors as
        // they are then, so applying it later could judge differently.
        applyPending(&registry)
      }
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
  /// the pending mark set. Takes the registry lock.
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
    pendingMark.set(false)
  }

  /// Records a provider; the calls that register one (`addProvider` and the others)
  /// come here. An override (`asOverride`) replaces whatever else the name has, and is
  /// made as given: neither a blank name nor conflicting scopes make it invalid.
  @usableFromInline
  func addProvider(
    _ name: String, _ dependencies: [String], _ options: ProviderOptions, fileID: String,
    line: Int, isolation: CreatorIsolation, productType: Any.Type,
    creator: Creator = .refusingSynchronousCreation, asyncCreator: AsyncCreator? = nil,
    dependencyKeyTypes: [Any.Type?]? = nil, argument: ArgumentRecipe? = nil,
    isContribution: Bool = false, asOverride: Bool = false
  ) {
    let installing = installation
    let site = RegistrationSite(fileID: fileID, line: line, module: installing.module)
    let hasScope =
      !options.isDisjoint(with: [.singleton, .weakSingleton, .objectGraph, .madeAtLaunch])
      || options.namedScope != 0
    let options = hasScope ? options : options.union(installing.scope)
    record { container, registry in
      let dependencySlots = dependencies.map { container.slot(interning: $0, in: &registry) }
      // The name's slot after its dependencies' slots, in the order of first mention.
      let slot = container.names.internSlot(named: name)
      // A contribution's provider is named by its place in the collection, for paths.
      let providerName = isContribution ? "\(name)[\(registry.byName[slot.id].count)]" : name
      let (creator, asyncCreator) = container.observing(
        creator, asyncCreator, name: providerName, isolation: isolation)
      let provider = Provider(
        name: providerName, owner: container, dependencies: dependencies,
        dependencyKeyTypes: dependencyKeyTypes, dependencySlots: dependencySlots,
        options: options, isolation: isolation, creator: creator, asyncCreator: asyncCreator,
        argument: argument, productType: productType)
      let kind: Registration.Kind =
        if asOverride {
          .provider(provider)
        } else if slot.isBlank {
          .invalid(.blankName, provider: provider)
        } else if options.hasConflictingScopes {
          .invalid(.conflictingScopes(options), provider: provider)
        } else {
          .provider(provider)
        }
      container.register(
        Registration(
          slot: slot, site: site, owner: container, kind: kind, isContribution: isContribution),
        in: &registry, asOverride: asOverride)
    }
  }
}
