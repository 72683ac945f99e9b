import INJPrimitives

/// The process-wide cache of injection plans, one per type.
///
/// Plans live in a dictionary behind a lock, for the life of the process. In front
/// of it sits a small table of recently used plans that any thread reads without a
/// lock: an entry is an unretained pointer to a plan, which stays valid because the
/// dictionary never lets a plan go.
final class PlanCache: Sendable {
  static let shared = PlanCache()

  private static let recentCount = 256
  private let plans = Locked<[ObjectIdentifier: InjectionPlan]>([:])
  private let recent = AtomicWords(count: PlanCache.recentCount)

  private init() {}

  /// The plan for `instance`'s type, or, `ifInjectable`, nil for a type with nothing
  /// to inject; answered without reference counting when the type was seen recently.
  /// The first call for a type computes the plan outside the lock, and the first plan
  /// stored wins.
  @inline(__always)
  func plan(for instance: Any, ifInjectable: Bool) -> InjectionPlan? {
    let type = Swift.type(of: instance)
    let key = ObjectIdentifier(type)
    let recentPlan = RecentPlan(recent[Self.recentIndex(of: key)])
    return recentPlan.plan(for: type, ifInjectable: ifInjectable) {
      storedPlan(for: instance, key: key)
    }
  }

  private func storedPlan(for instance: Any, key: ObjectIdentifier) -> InjectionPlan {
    if let plan = plans.withLock({ $0[key] }) {
      return plan
    }
    let plan = InjectionPlan(for: instance)
    return plans.withLock { plans in
      if let existing = plans[key] {
        return existing
      }
      plans[key] = plan
      return plan
    }
  }

  /// A slot of the recent table for a type: metadata addresses are aligned, so the
  /// low bits are dropped.
  private static func recentIndex(of key: ObjectIdentifier) -> Int {
    let bits = UInt(bitPattern: key)
    return Int(truncatingIfNeeded: (bits >> 4) ^ (bits >> 12)) & (recentCount - 1)
  }
}
