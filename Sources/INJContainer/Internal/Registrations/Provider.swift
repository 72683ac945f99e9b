import INJPrimitives
import INJReflection

/// What a provider registration makes and how: the names it depends on, its scope,
/// its creator, and the products it shares.
///
/// Everything is fixed when the provider is registered, except the shared products
/// (``singleton``, ``weakSingleton``) and the cached injection plan.
final class Provider: @unchecked Sendable {
  // Sendable by construction: every stored property is a `let` of a Sendable type
  // or a thread-safe cell (`ResettableCell`), or `words`, the four atomic words of
  // the cells `singleton`, `recentPlan`, `asyncPace` and `hookList`, read and written
  // only through them, atomically; except
  // what the container hands to whichever thread resolves it: the creator's
  // products, which the registering code decided may be shared, and
  // `valuesWithoutDependencies`, whose storage holds no values and is never written
  // after it is made.

  /// How long a product lives and who shares it.
  enum Scope {
    case transient
    case singleton
    case weakSingleton
    case objectGraph
    /// A named scope (``ProviderOptions/For/scope(_:)``): shared until it is reset.
    case named

    init(_ options: ProviderOptions) {
      self =
        options.contains(.singleton) || options.contains(.madeAtLaunch)
        ? .singleton
        : options.contains(.weakSingleton)
          ? .weakSingleton
          : options.contains(.objectGraph)
            ? .objectGraph : options.namedScope != 0 ? .named : .transient
    }

    var name: String {
      switch self {
      case .transient: "transient"
      case .singleton: "singleton"
      case .weakSingleton: "weak singleton"
      case .objectGraph: "object-graph provider"
      case .named: "scoped provider"
      }
    }

    /// Whether one product is shared between resolutions.
    var isShared: Bool { self == .singleton || self == .weakSingleton || self == .named }
  }

  /// The scope as messages say it: `singleton`, or `'session'-scoped` for a named scope.
  var scopeDescription: String {
    options.scopeName.map { "'\($0)'-scoped" } ?? scope.name
  }

  /// The words of `singleton`, `recentPlan`, `asyncPace` and `hookList`, all zero at
  /// first: the first stored property of this class, kept inside it (``ObjectWords``), so
  /// that a provider costs no allocation for its atomics. Used only through those cells.
  private var words = (0, 0, 0, 0)

  let name: String
  /// The container the provider belongs to: its dependencies are looked up there
  /// (and in that container's ancestors).
  unowned let owner: Container
  /// Whether the owner has an observer (test support): checked first, so that the
  /// resolution loop of an unobserved container never goes through `owner`.
  let isObserved: Bool
  /// Whether the observer is asked before each dependency is resolved: ``isObserved``,
  /// but for a collection, whose dependencies are its contributions, not names.
  let observesDependencies: Bool
  let dependencies: [String]
  /// The key type of each dependency given as a ``Dependency/key(_:)``, nil for a
  /// name; nil altogether when no dependency has one. Only the check reads it.
  let dependencyKeyTypes: [Any.Type?]?
  let dependencySlots: [NameSlot]
  /// `dependencySlots` unretained, for the resolution loop: `dependencySlots` and
  /// the owner's name table keep them alive, and reading a slot then costs no
  /// reference counting.
  let dependencyHandles: [Unretained<NameSlot>]
  let options: ProviderOptions
  let scope: Scope
  /// Whether the provider is a singleton made at launch (``ProviderOptions/madeAtLaunch``).
  let isMadeAtLaunch: Bool
  /// The actor the creator is isolated to: it runs only where that actor runs.
  let isolation: CreatorIsolation
  /// Whether the product's properties are injected: not `.manualInit`, and some
  /// dependency exists to inject.
  let injectsProperties: Bool
  /// Whether the provider is created without a frame of its own: a transient
  /// provider without dependencies (see `Resolver.createLeaf`).
  let isLeaf: Bool
  let creator: Creator
  /// The creator of an async provider (``creator`` is then never run).
  let asyncCreator: AsyncCreator?
  /// For a provider whose creator takes an argument: how its provider closures are
  /// made, and the token its creator finds the argument by.
  let argument: ArgumentRecipe?
  /// Whether something must be checked before the creator runs synchronously: its
  /// isolation, or that it is async (and so never runs synchronously).
  let checksBeforeRunning: Bool
  /// How long the latest async creation took: whether the next one, as a
  /// dependency, is made by the requesting task or gets a task of its own.
  @inline(__always)
  var asyncPace: CreationPace { CreationPace(ObjectWords.word(2, of: self)) }
  /// The type the creator declares as its result.
  let productType: Any.Type
  /// What the creator of a provider without dependencies receives, made once:
  /// nothing to build or count for each creation. Nil when there are dependencies.
  let valuesWithoutDependencies: ResolvedValues?
  /// The product of a singleton, once created; released with the provider.
  @inline(__always)
  var singleton: SingletonCell { SingletonCell(ObjectWords.word(0, of: self)) }
  /// The product of a weak singleton while something holds it, or of a named scope
  /// until the scope is reset.
  let resettable: ResettableCell?
  /// This provider's entry in each thread's ``StorageCache``.
  let storageCacheEntry: Int
  /// The hooks of the provider's name in registration order (see ``hooks``), set with
  /// the first one; the list is read and changed with its lock held.
  @inline(__always)
  var hookList: OnceWord<Locked<[Hook]>> { OnceWord(ObjectWords.word(3, of: self)) }
  /// The injection plan of the type the last product had.
  @inline(__always)
  private var recentPlan: RecentPlan { RecentPlan(ObjectWords.word(1, of: self)) }
  /// The owner's pending mark: checked before a dependency slot is followed, so that
  /// a registration a creator made earlier in the resolution is applied first.
  let pendingMark: PendingMark

  init(
    name: String, owner: Container, dependencies: [String],
    dependencyKeyTypes: [Any.Type?]? = nil, dependencySlots: [NameSlot],
    options: ProviderOptions, isolation: CreatorIsolation, creator: Creator,
    asyncCreator: AsyncCreator? = nil, argument: ArgumentRecipe? = nil, productType: Any.Type,
    dependenciesAreNames: Bool = true
  ) {
    self.name = name
    self.owner = owner
    isObserved = owner.isObserved
    observesDependencies = owner.isObserved && dependenciesAreNames
    pendingMark = owner.pendingMark
    self.dependencies = dependencies
    self.dependencyKeyTypes = dependencyKeyTypes
    self.dependencySlots = dependencySlots
    dependencyHandles = dependencySlots.map { Unretained($0) }
    self.options = options
    scope = Scope(options)
    isMadeAtLaunch = options.contains(.madeAtLaunch)
    self.isolation = isolation
    injectsProperties = !options.contains(.manualInit) && !dependencies.isEmpty
    isLeaf = scope == .transient && dependencies.isEmpty
    self.creator = creator
    self.asyncCreator = asyncCreator
    self.argument = argument
    checksBeforeRunning = isolation != .nonisolated || asyncCreator != nil || argument != nil
    self.productType = productType
    valuesWithoutDependencies =
      dependencies.isEmpty
      ? ResolvedValues(storage: ResolvedValues.Storage(names: [], providerName: name)) : nil
    resettable =
      scope == .weakSingleton || scope == .named
      ? ResettableCell(weak: scope == .weakSingleton) : nil
    storageCacheEntry = StorageCache.entryForNewProvider()
  }

  deinit {
    singleton.release()
    hookList.release()
  }

  /// The same provider for another container, with fresh shared products.
  func copy(for owner: Container, slots: (String) -> NameSlot) -> Provider {
    Provider(
      name: name, owner: owner, dependencies: dependencies,
      dependencyKeyTypes: dependencyKeyTypes, dependencySlots: dependencies.map(slots),
      options: options, isolation: isolation,
      creator: creator, asyncCreator: asyncCreator, argument: argument,
      productType: productType)
  }

  // MARK: Shared products

  /// The shared product (a singleton's, or the one ``resettable`` keeps), if one exists
  /// now.
  func sharedValue() -> Resolved? {
    scope == .singleton ? singleton.value : resettable?.value
  }

  /// Stores the shared product. Called once per creation, by the thread that
  /// claimed it, before waiting threads are woken.
  func storeShared(_ value: Resolved) {
    if scope == .singleton {
      singleton.store(value)
    } else {
      resettable?.store(value)
    }
  }

  // MARK: Injection

  /// The injection plan for `product` when anything may be injected into it, or
  /// nil when its type has no injectable properties. Cached for the product's type.
  func injectionPlan(for product: Resolved) -> InjectionPlan? {
    // A class instance's type is read from its header, without opening an
    // existential.
    let type: Any.Type =
      product.kind == .object ? Swift.type(of: product.object) : Swift.type(of: product.anyValue)
    return recentPlan.plan(for: type) { InjectionPlan.plan(for: product.anyValue) }
  }
}

extension Provider {
  /// The registration the dependency slot `handle` resolves to: in this provider's
  /// container, else in an ancestor; unretained, as its container keeps it alive. Both
  /// resolvers read dependency slots only through here.
  ///
  /// Registrations recorded in the container are applied first: a creator of the
  /// resolution in progress may have registered something (see ``PendingMark``).
  /// `path` gives the names in progress, for the error of a name nobody registered.
  @inline(__always)
  func registration(
    ofDependency handle: Unretained<NameSlot>, path: () -> [String]
  ) throws(ResolutionError) -> Unretained<Registration> {
    if pendingMark.mayHavePending {
      owner.applyPendingRegistrations()
    }
    if let registration = handle.read({ $0.registration }) {
      return registration
    }
    return try ancestorRegistration(of: handle.retained, path: path)
  }

  /// The registration of a dependency slot this container has none for: an
  /// ancestor's, or the error of a blank or unknown name, with the closest registered
  /// one. Off the resolvers' fast path.
  @inline(never)
  private func ancestorRegistration(
    of slot: NameSlot, path: () -> [String]
  ) throws(ResolutionError) -> Unretained<Registration> {
    if let registration = owner.parent?.lookup(slot.name, hash: slot.hash) {
      return registration
    }
    if slot.name.isBlank {
      throw ResolutionError(slot.name, .blankName, from: path())
    }
    throw ResolutionError(
      slot.name, .unknownName, from: path(), suggestion: owner.suggestion(for: slot.name))
  }

  /// Asks the container's observer, when it watches this provider's dependencies,
  /// whether `name` may be resolved next, and throws its refusal: what both resolvers
  /// do before each dependency. `path` gives the names in progress.
  @inline(__always)
  func observeDependency(
    _ name: @autoclosure () -> String, path: () -> [String]
  ) throws(ResolutionError) {
    guard observesDependencies, let observer = owner.observer else { return }
    let name = name()
    if let refusal = observer.willResolve(name, path: path() + [name]) {
      throw ResolutionError(name, .refused(refusal), from: path())
    }
  }

  /// A product this provider's creator just made, as the provider keeps it: held
  /// weakly for a weak singleton (an error for a value that is not an object), and
  /// told to the container's observer; what both resolvers do before injecting it.
  /// `path` gives the names in progress, this provider innermost.
  @inline(__always)
  func finishedProduct(
    _ product: consuming Resolved, path: () -> [String]
  ) throws(ResolutionError) -> Resolved {
    if scope == .weakSingleton {
      guard let held = product.heldWeakly() else {
        throw ResolutionError(
          name, .notAnObject(type: product.typeDescription), from: path(), inProgress: true)
      }
      product = held
    }
    if isObserved, let observer = owner.observer {
      observer.didCreate(name, product: product.anyValue, path: path())
    }
    return product
  }

  /// Whether making a product needs the main actor further down: a direct dependency
  /// (not a provider closure) whose creator runs on the main actor, or one that needs it
  /// further down, as the registrations are now. Not through an async provider, whose
  /// resolution hops to its actor, nor a singleton made at launch, made before.
  ///
  /// - Complexity: O(*n* + *e*) for the *n* providers and *e* dependencies below, walked
  ///   without recursion.
  var needsMainActorBelow: Bool {
    isBelow { $0.isolation == .mainActor }
  }

  /// Whether this provider, or one it needs further down as ``needsMainActorBelow`` walks
  /// them, is an object-graph provider: what a provider closure of it resolves depends on
  /// the object graph it is called in.
  var reachesObjectGraph: Bool {
    scope == .objectGraph || isBelow { $0.scope == .objectGraph }
  }

  /// Whether a provider this one needs further down, as ``needsMainActorBelow`` walks
  /// them, passes `test`.
  private func isBelow(_ test: (Provider) -> Bool) -> Bool {
    var pending = [self]
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
    while let provider = pending.popLast() {
      for slot in provider.dependencySlots {
        let found =
          slot.registration ?? provider.owner.parent?.lookup(slot.name, hash: slot.hash)
        guard let dependency = found?.retained.registeredProvider,
          dependency.asyncCreator == nil, !dependency.isMadeAtLaunch
        else { continue }
        if test(dependency) { return true }
        if seen.insert(ObjectIdentifier(dependency)).inserted { pending.append(dependency) }
      }
    }
    return false
  }
}

/// A provider's creator with its product type erased, made where the type is known
/// so that handing a class instance over costs nothing.
@usableFromInline
enum Creator: Sendable {
  /// A creator whose declared product type is a class: every product is one
  /// strong reference.
  case object(@Sendable (ResolvedValues) throws -> AnyObject)
  /// Any other creator.
  case value(@Sendable (ResolvedValues) throws -> Any)

  /// Erases a creator's product type. The closure need not be `Sendable`: the
  /// resolver runs it only where its ``CreatorIsolation`` allows (see
  /// ``UncheckedCreator``).
  ///
  /// Inlined into the registering code, where `T` is concrete, so that the
  /// conversion of a class instance to `AnyObject` is specialized away instead of
  /// copying through `T`'s value witnesses on every creation.
  @inlinable
  static func erasing<T>(_ creator: @escaping (ResolvedValues) throws -> T) -> Creator {
    let creator = UncheckedCreator(creator)
    if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      // A class type: every value is one strong reference, the layout of `AnyObject`.
      return .object { values in unsafeBitCast(try creator.create(values), to: AnyObject.self) }
    }
    return .value { values in try creator.create(values) }
  }

  /// Erases an async creator's product type.
  @inlinable
  static func erasingAsync<T>(
    _ creator: @escaping @Sendable (ResolvedValues) async throws -> T
  ) -> AsyncCreator {
    if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      return .object { values in unsafeBitCast(try await creator(values), to: AnyObject.self) }
    }
    return .value { values in try await creator(values) }
  }

  /// Runs the creator.
  @inline(__always)
  func create(_ values: ResolvedValues) throws -> Resolved {
    switch self {
    case .object(let create): Resolved(object: try create(values))
    case .value(let create): Resolved(try create(values))
    }
  }
}

/// An async provider's creator with its product type erased. Only an async
/// resolution (``AsyncResolver``) runs it; a synchronous one refuses the provider
/// before it would.
@usableFromInline
enum AsyncCreator: Sendable {
  /// A creator whose declared product type is a class.
  case object(@Sendable (ResolvedValues) async throws -> AnyObject)
  /// Any other creator.
  case value(@Sendable (ResolvedValues) async throws -> Any)

  /// Runs the creator.
  @inline(__always)
  func create(_ values: ResolvedValues) async throws -> Resolved {
    switch self {
    case .object(let create): Resolved(object: try await create(values))
    case .value(let create): Resolved(try await create(values))
    }
  }
}
