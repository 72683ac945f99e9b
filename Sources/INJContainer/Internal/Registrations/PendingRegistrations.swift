import INJPrimitives
import INJReflection

/// A registration recorded by `addInstance` or `addProvider` and not yet applied to
/// the registry: what the call was given. Applying it builds the provider and the
/// registration, interns the names and indexes it, with the registry lock held.
enum RecordedRegistration {
  case instance(RecordedInstance)
  case provider(RecordedProvider)
}

/// What `addInstance` records.
final class RecordedInstance: @unchecked Sendable {
  // Sendable by construction: every stored property is a `let`, and `value` holds an
  // instance whose type `addInstance` requires to be `Sendable` (`Resolved` erases
  // that).
  let name: String
  let site: RegistrationSite
  let value: Resolved
  let type: Any.Type
  let asOverride: Bool

  init(name: String, site: RegistrationSite, value: Resolved, type: Any.Type, asOverride: Bool) {
    self.name = name
    self.site = site
    self.value = value
    self.type = type
    self.asOverride = asOverride
  }
}

/// What `addProvider` and the calls built on it record.
final class RecordedProvider: Sendable {
  let name: String
  let dependencies: [String]
  let options: ProviderOptions
  let site: RegistrationSite
  let isolation: CreatorIsolation
  let productType: Any.Type
  let creator: Creator
  let asyncCreator: AsyncCreator?
  let dependencyKeyTypes: [Any.Type?]?
  let argument: ArgumentRecipe?
  let isContribution: Bool
  let asOverride: Bool

  init(
    name: String, dependencies: [String], options: ProviderOptions, site: RegistrationSite,
    isolation: CreatorIsolation, productType: Any.Type, creator: Creator,
    asyncCreator: AsyncCreator?, dependencyKeyTypes: [Any.Type?]?, argument: ArgumentRecipe?,
    isContribution: Bool, asOverride: Bool
  ) {
    self.name = name
    self.dependencies = dependencies
    self.options = options
    self.site = site
    self.isolation = isolation
    self.productType = productType
    self.creator = creator
    self.asyncCreator = asyncCreator
    self.dependencyKeyTypes = dependencyKeyTypes
    self.argument = argument
    self.isContribution = isContribution
    self.asOverride = asOverride
  }
}

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

  /// Records that registrations are waiting. Call with the registry lock held.
  func set() {
    isSet.store(1, ordering: .releasing)
  }

  /// Records that none are waiting. Call with the registry lock held, after
  /// applying them.
  func clear() {
    isSet.store(0, ordering: .releasing)
  }
}

extension Container {
  /// Records a registration, applied before the registry is next read.
  func record(_ registration: RecordedRegistration) {
    registryLock.withLock { registry in
      registry.pending.append(registration)
      if parent == nil {
        pendingMark.set()
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
    for recorded in pending {
      switch recorded {
      case .instance(let instance):
        apply(instance, in: &registry)
      case .provider(let provider):
        apply(provider, in: &registry)
      }
    }
    pendingMark.clear()
  }

  private func apply(_ recorded: RecordedInstance, in registry: inout Registry) {
    let slot = names.internSlot(named: recorded.name)
    let kind: Registration.Kind =
      slot.isBlank
      ? .invalid(.blankName, provider: nil) : .instance(recorded.value, type: recorded.type)
    register(
      Registration(slot: slot, site: recorded.site, owner: self, kind: kind),
      in: &registry, asOverride: recorded.asOverride)
  }

  private func apply(_ recorded: RecordedProvider, in registry: inout Registry) {
    let name = recorded.name
    // A contribution's provider is named by its place in the collection, for paths.
    let providerName =
      recorded.isContribution ? "\(name)[\(contributionCount(to: name, in: registry))]" : name
    let provider = Provider(
      name: providerName, owner: self, dependencies: recorded.dependencies,
      dependencyKeyTypes: recorded.dependencyKeyTypes,
      dependencySlots: recorded.dependencies.map { slot(interning: $0, in: &registry) },
      options: recorded.options, isolation: recorded.isolation, creator: recorded.creator,
      asyncCreator: recorded.asyncCreator, argument: recorded.argument,
      productType: recorded.productType)
    let options = recorded.options
    // The name's slot after its dependencies' slots, in the order of first mention.
    let nameSlot = names.internSlot(named: name)
    let kind: Registration.Kind =
      if nameSlot.isBlank {
        .invalid(.blankName, provider: provider)
      } else if options.hasConflictingScopes {
        .invalid(.conflictingScopes(options), provider: provider)
      } else {
        .provider(provider)
      }
    register(
      Registration(
        slot: nameSlot, site: recorded.site, owner: self, kind: kind,
        isContribution: recorded.isContribution),
      in: &registry, asOverride: recorded.asOverride)
  }
}
