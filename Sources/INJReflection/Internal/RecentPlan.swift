package import INJPrimitives
/// The injection plan of the type the last object of one source had (a provider's
/// last product), so that the next object of that type finds its plan, or learns
/// that nothing is to be injected, without a lookup.
///
/// Invariant: plans are cached for the life of the process (``PlanCache`` never lets
/// one go), so an unretained reference to one stays valid forever, and reading one
/// borrowed needs no reference counting. The reference is swapped atomically, in a word
/// its owner keeps (a provider keeps it inside itself, ``ObjectWords``); the container's
/// concurrency tests resolve products of several types on many threads, under
/// ThreadSanitizer.
package struct RecentPlan: Sendable {
  private let plan: AtomicWord

  /// The plan kept in `word`, which holds nil (zero) at first and nothing but plans.
  @inlinable
  @inline(__always)
  package init(_ word: AtomicWord) {
    plan = word
  }

  /// The plan for an instance's type, when anything may be injected into it.
  ///
  /// - Parameters:
  ///   - type: The instance's type.
  ///   - instance: The instance, asked for only when the plan is not the last one.
  /// - Returns: The plan, or nil when the type has no injectable properties.
  package func plan(for type: Any.Type, of instance: () -> Any) -> InjectionPlan? {
    if let cached = plan.loadReference(ordering: .acquiring, as: InjectionPlan.self) {
      let (hit, injects) = cached._withUnsafeGuaranteedRef {
        ($0.type == type, $0.hasInjectableProperties)
      }
      if hit { return injects ? cached.takeUnretainedValue() : nil }
    }
    let found = InjectionPlan.plan(for: instance())
    plan.storeReference(Unmanaged.passUnretained(found), ordering: .releasing)
    return found.hasInjectableProperties ? found : nil
  }
}
