/// The injection plan of the type the last object of one source had (a provider's
/// last product), so that the next object of that type finds its plan, or learns
/// that nothing is to be injected, without a lookup.
///
/// Invariant: plans are cached for the life of the process (``PlanCache`` never lets
/// one go), so an unretained reference to one stays valid forever, and reading one
/// borrowed needs no reference counting. The reference is swapped atomically; the
/// container's concurrency tests resolve products of several types on many threads,
/// under ThreadSanitizer.
package struct RecentPlan: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: the slot is an `AtomicReference`, and plans are
  // immutable.
  private let plan = AtomicReference<InjectionPlan>()

  package init() {}

  /// The plan for an instance's type, when anything may be injected into it.
  ///
  /// - Parameters:
  ///   - type: The instance's type.
  ///   - instance: The instance, asked for only when the plan is not the last one.
  /// - Returns: The plan, or nil when the type has no injectable properties.
  package func plan(for type: Any.Type, of instance: () -> Any) -> InjectionPlan? {
    if let cached = plan.load(ordering: .acquiring) {
      let (hit, injects) = cached._withUnsafeGuaranteedRef {
        ($0.type == type, $0.hasInjectableProperties)
      }
      if hit { return injects ? cached.takeUnretainedValue() : nil }
    }
    let found = InjectionPlan.plan(for: instance())
    plan.store(Unmanaged.passUnretained(found), ordering: .releasing)
    return found.hasInjectableProperties ? found : nil
  }
}
