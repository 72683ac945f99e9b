import Synchronization

/// The process-wide cache of injection plans, one per type.
final class PlanCache: Sendable {
  static let shared = PlanCache()

  private let plans = Mutex<[ObjectIdentifier: InjectionPlan]>([:])

  /// The plan for `instance`'s type; the first call for a type computes it
  /// outside the lock, and the first plan stored wins.
  func plan(for instance: Any) -> InjectionPlan {
    let key = ObjectIdentifier(type(of: instance))
    if let plan = plans.withLock({ $0[key] }) {
      return plan
    }
    let plan = InjectionPlan(for: instance, discovery: .preferred)
    return plans.withLock { plans in
      if let existing = plans[key] {
        return existing
      }
      plans[key] = plan
      return plan
    }
  }
}
