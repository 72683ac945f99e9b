import INJReflection
import Synchronization

/// One registration: an instance, a provider, the provider closure derived from
/// one (`fooProvider` for `foo`), or a name that resolves to an error.
///
/// Everything but the shared-product state is fixed at creation.
@usableFromInline
final class Registration: @unchecked Sendable {
  // Sendable by construction: every stored property is a `let` except
  // `weakProduct`, which `weakProductLock` guards; the other mutable state is in
  // `Atomic` values. What is not Sendable by type is the registered instance and
  // the creator's products, which the container hands to whichever thread
  // resolves them: the registering code decides that they may be shared, as it
  // does for any value it publishes; and `valuesWithoutDependencies`, whose
  // storage holds no values and is never written after it is made, so threads
  // only read it.

  enum Role: UInt8 {
    case instance
    case provider
    /// `fooProvider`: a closure making what the slot `foo` resolves to.
    case providerClosure
    /// A name that resolves to an error (a duplicate, a collision, …).
    case invalid
  }

  enum Scope {
    case transient
    case singleton
    case weakSingleton
    case objectGraph

    var name: String {
      switch self {
      case .transient: "transient"
      case .singleton: "singleton"
      case .weakSingleton: "weak singleton"
      case .objectGraph: "object-graph provider"
      }
    }

    var isShared: Bool { self == .singleton || self == .weakSingleton }
  }

  let name: String
  /// The id of the name's slot in the owner's table.
  let slotID: Int32
  let site: RegistrationSite
  let role: Role
  /// The container the registration belongs to: its dependencies are looked up
  /// there (and in that container's ancestors). A container owns its
  /// registrations, so it outlives them.
  unowned(unsafe) let owner: Container

  /// For an instance: the value.
  let instance: Product?
  /// For a provider closure: the slot of the name it makes.
  let closureTarget: NameSlot?
  /// For an invalid name: why resolving it fails.
  let invalidReason: ResolutionError.Reason?

  /// Whether the app registered this name as a provider (valid or not).
  let isProvider: Bool
  @usableFromInline let dependencies: [String]
  let dependencySlots: [NameSlot]
  /// `dependencySlots` unretained, for the resolution loop: `dependencySlots` and
  /// the owner's name table keep them alive, and reading a slot then costs no
  /// reference counting.
  let dependencyHandles: [Unmanaged<NameSlot>]
  /// The ids of `dependencySlots`, for checks that only need identities.
  let dependencySlotIDs: [Int32]
  /// Whether the name is empty or only white space.
  let hasBlankName: Bool
  let options: ProviderOptions
  let scope: Scope
  let isMainActor: Bool
  /// Whether the product's properties are injected: not `.manualInit`, and some
  /// dependency exists to inject.
  let injectsProperties: Bool
  /// Whether resolving the provider needs no frame of its own: a transient
  /// provider without dependencies.
  let createsWithoutFrame: Bool
  /// The creator of a provider. Kept in its enum rather than as an optional
  /// closure: an optional stores a closure at the most general abstraction, and
  /// every call would then go through a thunk taking a copy of the values.
  let maker: ProductMaker?
  /// What the creator of a provider without dependencies receives, made once:
  /// nothing to build or count for each creation.
  let valuesWithoutDependencies: ResolvedValues
  /// The type the creator (or `addInstance`) declares.
  let productType: Any.Type

  private let singletonProduct = Atomic<Unmanaged<ProductBox>?>(nil)
  private let weakProductLock = ConditionLock()
  /// Guarded by `weakProductLock`.
  private var weakProduct = WeakProduct()
  private let lastPlan = Atomic<Unmanaged<InjectionPlan>?>(nil)
  private let factory = Atomic<Unmanaged<ProviderFactory>?>(nil)

  private init(
    name: String, site: RegistrationSite, role: Role, owner: Container,
    instance: Product? = nil, closureTarget: NameSlot? = nil,
    invalidReason: ResolutionError.Reason? = nil, isProvider: Bool = false,
    dependencies: [String] = [], dependencySlots: [NameSlot] = [],
    options: ProviderOptions = [], isMainActor: Bool = false,
    maker: ProductMaker? = nil, productType: Any.Type = Any.self
  ) {
    self.name = name
    // Registrations are made with the owner's registry lock held, as interning
    // requires.
    slotID = owner.names.internSlot(named: name).id
    self.site = site
    self.role = role
    self.owner = owner
    self.instance = instance
    self.closureTarget = closureTarget
    self.invalidReason = invalidReason
    self.isProvider = isProvider
    self.dependencies = dependencies
    self.dependencySlots = dependencySlots
    dependencyHandles = dependencySlots.map { Unmanaged.passUnretained($0) }
    dependencySlotIDs = dependencySlots.map(\.id)
    hasBlankName = name.isBlank
    self.options = options
    scope =
      options.contains(.singleton)
      ? .singleton
      : options.contains(.weakSingleton)
        ? .weakSingleton : options.contains(.objectGraph) ? .objectGraph : .transient
    self.isMainActor = isMainActor
    injectsProperties = !options.contains(.manualInit) && !dependencies.isEmpty
    createsWithoutFrame = role == .provider && scope == .transient && dependencies.isEmpty
    self.maker = maker
    self.productType = productType
    valuesWithoutDependencies = ResolvedValues(
      storage: DependencyValues(names: [], providerName: name))
  }

  /// An instance registration.
  static func instance<T>(
    _ value: T, name: String, site: RegistrationSite, owner: Container
  ) -> Registration {
    Registration(
      name: name, site: site, role: .instance, owner: owner, instance: Product(value),
      productType: T.self)
  }

  /// A provider registration.
  static func provider(
    name: String, site: RegistrationSite, owner: Container, dependencies: [String],
    dependencySlots: [NameSlot], options: ProviderOptions, isMainActor: Bool,
    productType: Any.Type, maker: ProductMaker
  ) -> Registration {
    Registration(
      name: name, site: site, role: .provider, owner: owner, isProvider: true,
      dependencies: dependencies,
      dependencySlots: dependencySlots, options: options, isMainActor: isMainActor,
      maker: maker, productType: productType)
  }

  /// The registration a provider-closure name stands for.
  static func providerClosure(
    name: String, target: NameSlot, owner: Container
  ) -> Registration {
    Registration(
      name: name, site: RegistrationSite(fileID: "", line: 0), role: .providerClosure,
      owner: owner, closureTarget: target)
  }

  /// A name that resolves to an error, as registered at `site`; a provider keeps
  /// its dependencies so the checks still see them.
  static func invalid(
    _ reason: ResolutionError.Reason, name: String, site: RegistrationSite, owner: Container,
    dependencies: [String] = [], dependencySlots: [NameSlot] = [],
    options: ProviderOptions = [], isProvider: Bool = false
  ) -> Registration {
    Registration(
      name: name, site: site, role: .invalid, owner: owner, invalidReason: reason,
      isProvider: isProvider, dependencies: dependencies, dependencySlots: dependencySlots,
      options: options)
  }

  /// The same registration for another container, with fresh shared products.
  func copy(for owner: Container, slots: (String) -> NameSlot) -> Registration {
    Registration(
      name: name, site: site, role: role, owner: owner, instance: instance,
      closureTarget: closureTarget.map { slots($0.name) }, invalidReason: invalidReason,
      isProvider: isProvider, dependencies: dependencies,
      dependencySlots: dependencies.map(slots), options: options, isMainActor: isMainActor,
      maker: maker, productType: productType)
  }

  deinit {
    singletonProduct.load(ordering: .acquiring)?.release()
    factory.load(ordering: .acquiring)?.release()
  }

  /// Whether the registration was made by the app (not derived from one).
  var isMade: Bool { role != .providerClosure }

  /// Runs the creator.
  @inline(__always)
  func create(_ values: ResolvedValues) throws -> Product {
    switch maker.unsafelyUnwrapped {
    case .object(let make): Product(object: try make(values))
    case .value(let make): Product(try make(values))
    }
  }

  // MARK: Shared products

  /// The singleton's product, once created. Lock-free.
  @inline(__always)
  var singletonValue: Product? {
    guard let box = singletonProduct.load(ordering: .acquiring) else { return nil }
    return box._withUnsafeGuaranteedRef { $0.value }
  }

  /// The shared product (singleton or weak singleton), if one exists now.
  func sharedValue() -> Product? {
    switch scope {
    case .singleton:
      return singletonValue
    case .weakSingleton:
      return weakProductLock.withLock { weakProduct.object.map { Product(object: $0) } }
    case .transient, .objectGraph:
      return nil
    }
  }

  /// Stores the shared product. Called once per creation, by the thread that
  /// claimed it, before waiting threads are woken.
  func storeShared(_ value: Product) {
    switch scope {
    case .singleton:
      let box = Unmanaged.passRetained(ProductBox(value))
      singletonProduct.store(box, ordering: .releasing)
    case .weakSingleton:
      if value.kind == .object {
        weakProductLock.withLock { weakProduct.object = value.object }
      }
    case .transient, .objectGraph:
      break
    }
  }

  // MARK: Provider closures

  /// What `fooProvider` gives for this registration `foo`: a factory whose
  /// closures resolve `foo` through `slot` on every call. Made on first use.
  func providerFactory(slot: NameSlot) -> ProviderFactory {
    if let existing = factory.load(ordering: .acquiring) {
      return existing.takeUnretainedValue()
    }
    let made = Unmanaged.passRetained(Self.makeFactory(productType, owner: owner, slot: slot))
    let (stored, winner) = factory.compareExchange(
      expected: nil, desired: made, ordering: .acquiringAndReleasing)
    if stored {
      return made.takeUnretainedValue()
    }
    made.release()
    // The exchange failed, so another thread stored its factory first.
    return winner.unsafelyUnwrapped.takeUnretainedValue()
  }

  private static func makeFactory<Made>(
    _ productType: Made.Type, owner: Container, slot: NameSlot
  ) -> ProviderFactory {
    // The closures hold the container weakly: a singleton keeping one must not
    // keep its container alive.
    ProviderFactory(making: productType) { [weak owner] () throws -> Made in
      guard let owner else {
        throw ResolutionError(
          name: slot.name, path: [slot.name], reason: .containerReleased)
      }
      return try owner.resolveForProviderClosure(slot: slot, as: productType)
    }
  }

  // MARK: Injection

  /// The injection plan for `product` when anything may be injected into it, or
  /// nil when its type has no injectable properties. Cached for the product's type.
  func injectionPlan(for product: Product) -> InjectionPlan? {
    // A class instance's type is read from its header, without opening an
    // existential.
    let type: Any.Type =
      product.kind == .object ? Swift.type(of: product.object) : Swift.type(of: product.anyValue)
    if let cached = lastPlan.load(ordering: .acquiring) {
      // Borrowed: answering "nothing to inject" needs no reference counting.
      let (hit, injects) = cached._withUnsafeGuaranteedRef {
        ($0.type == type, $0.hasInjectableProperties)
      }
      if hit { return injects ? cached.takeUnretainedValue() : nil }
    }
    let plan = InjectionPlan.plan(for: product.anyValue)
    // Plans are cached for the life of the process, so an unretained pointer to
    // one stays valid.
    lastPlan.store(Unmanaged.passUnretained(plan), ordering: .releasing)
    return plan.hasInjectableProperties ? plan : nil
  }
}

/// A product kept by a singleton.
final class ProductBox {
  let value: Product
  init(_ value: Product) { self.value = value }
}

/// The product of a weak singleton.
struct WeakProduct {
  weak var object: AnyObject?
}
