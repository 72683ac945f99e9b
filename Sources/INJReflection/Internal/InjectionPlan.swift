package import INJPrimitives

/// How to inject every instance of one type: computed once per type and cached.
package final class InjectionPlan: Sendable {

  /// The type the plan is for.
  package let type: Any.Type
  /// Whether instances are class instances (only those are injected).
  package let isClass: Bool
  /// How instances are used as ``Injectable``, if the type conforms.
  let injectable: ConformanceIndex.Conformance
  /// The `@Inject` properties, at fixed offsets, base class first.
  let fieldSlots: [FieldSlot]
  /// The names of the `@Inject` properties, base class first.
  package var injectPropertyNames: [String] { fieldSlots.map(\.name) }

  /// Whether an instance of the type can have anything injected at all.
  package var hasInjectableProperties: Bool {
    if case .none = injectable { !fieldSlots.isEmpty } else { true }
  }

  /// Finds the injectable properties of `instance`'s type: none where the runtime cannot
  /// list its fields (a program built without field names).
  ///
  /// - Parameter instance: An instance of the type.
  init(for instance: Any) {
    let type = Swift.type(of: instance)
    self.type = type
    isClass = type is AnyClass
    injectable = ConformanceIndex.injectableConformance(of: type)
    // The plan is cached per type: the slots are found anew, not kept twice.
    fieldSlots = SlotDiscovery.findSlots(of: type) ?? []
  }

  /// The cached plan for `instance`'s type, computed on first use.
  package static func plan(for instance: Any) -> InjectionPlan {
    // Every plan is returned when not asking only for injectable ones.
    PlanCache.plan(for: instance, ifInjectable: false)!
  }

  /// Fills the injectable properties of `instance` that are nil and offered by
  /// `source`: first those an ``Injectable`` type hands over, then its `@Inject`
  /// properties.
  ///
  /// - Returns: How many properties were filled.
  /// - Throws: ``InjectionError`` when a value does not fit its property or the
  ///   instance is a value type with `@Inject` properties, and whatever an
  ///   ``Injectable`` type's method throws.
  ///
  /// - Parameters:
  ///   - instance: The instance.
  ///   - object: The same instance as a class reference, when the caller has it.
  ///   - source: The values to inject.
  package func inject(
    into instance: Any, object: AnyObject? = nil, from source: any InjectionSource
  ) throws -> Int {
    guard isClass else {
      guard fieldSlots.isEmpty else {
        throw InjectionError(
          reason: .valueType(injectProperties: injectPropertyNames), propertyName: nil,
          typeName: String(describing: type))
      }
      return 0
    }
    var count = 0
    // Every instance of a class is one reference: taken once, for both ways.
    let object = object ?? ClassReference.of(instance)
    let handing: (any Injectable)? =
      switch injectable {
      case .none: nil
      case .witness(let witness): object.map(witness.injectable)
      case .cast: instance as? any Injectable
      }
    if let handing {
      var injector = PropertyInjector(source: source, ownerType: type)
      try handing.injectProperties(&injector)
      count += injector.injectedCount
    }
    guard let object else { return count }
    for slot in fieldSlots {
      if try slot.fill(in: object, from: source, ownerType: type) { count += 1 }
    }
    return count
  }
}

/// The injection plan of the type the last object of one source had (a provider's
/// last product, or the last type of one entry of ``PlanCache``'s table of recent
/// plans), so that the next object of that type finds its plan, or learns that nothing
/// is to be injected, without a lookup.
///
/// Invariant: plans are cached for the life of the process (``PlanCache`` never lets
/// one go, and every plan kept here is one it cached), so an unretained reference to
/// one stays valid forever, and reading one borrowed needs no reference counting. The
/// reference is swapped atomically, in a word its owner keeps (a provider keeps it
/// inside itself, ``ObjectWords``); the container's concurrency tests resolve products
/// of several types on many threads, under ThreadSanitizer.
package struct RecentPlan: Sendable {
  private let plan: AtomicWord

  /// The plan kept in `word`, which holds nil (zero) at first and nothing but plans.
  @inlinable
  @inline(__always)
  package init(_ word: AtomicWord) {
    plan = word
  }

  /// The plan for an instance's type, answered without reference counting when the
  /// plan kept is the type's.
  ///
  /// - Parameters:
  ///   - type: The instance's type.
  ///   - ifInjectable: Whether to answer nil for a type with nothing to inject.
  ///   - find: Finds the plan in ``PlanCache``, asked only when the plan kept is another
  ///     type's.
  /// - Returns: The plan, or, `ifInjectable`, nil when the type has no injectable
  ///   properties.
  @inline(__always)
  package func plan(
    for type: Any.Type, ifInjectable: Bool = true, find: () -> InjectionPlan
  ) -> InjectionPlan? {
    if let cached = plan.loadReference(ordering: .acquiring, as: InjectionPlan.self) {
      let (hit, injects) = cached.read { ($0.type == type, $0.hasInjectableProperties) }
      if hit { return ifInjectable && !injects ? nil : cached.retained }
    }
    let found = find()
    plan.storeReference(Unretained(found), ordering: .releasing)
    return ifInjectable && !found.hasInjectableProperties ? nil : found
  }
}
