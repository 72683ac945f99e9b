import INJPrimitives

/// The process-wide cache of injection plans, one per type.
///
/// Plans live in a dictionary behind a lock, for the life of the process. In front
/// of it sits a small table of recently used plans that any thread reads without a
/// lock: an entry is an unretained pointer to a plan, which stays valid because the
/// dictionary never lets a plan go.
enum PlanCache {
  private static let recentCount = 256
  private static let plans = Locked<[ObjectIdentifier: InjectionPlan]>([:])
  private static let recent = AtomicWords(count: recentCount)

  /// The plan for `instance`'s type, or, `ifInjectable`, nil for a type with nothing
  /// to inject; answered without reference counting when the type was seen recently.
  /// The first call for a type computes the plan outside the lock, and the first plan
  /// stored wins.
  @inline(__always)
  static func plan(for instance: Any, ifInjectable: Bool) -> InjectionPlan? {
    let type = Swift.type(of: instance)
    let key = ObjectIdentifier(type)
    let recentPlan = RecentPlan(recent[recentIndex(of: key)])
    return recentPlan.plan(for: type, ifInjectable: ifInjectable) {
      storedPlan(for: instance, key: key)
    }
  }

  private static func storedPlan(for instance: Any, key: ObjectIdentifier) -> InjectionPlan {
    if let plan = plans.withLock({ $0[key] }) {
      return plan
    }
    let plan = InjectionPlan(for: instance)
    return plans.withLock { plans in
      let stored = plans[key] ?? plan
      plans[key] = stored
      return stored
    }
  }

  /// A slot of the recent table for a type: metadata addresses are aligned, so the
  /// low bits are dropped.
  private static func recentIndex(of key: ObjectIdentifier) -> Int {
    let bits = UInt(bitPattern: key)
    return Int(truncatingIfNeeded: (bits >> 4) ^ (bits >> 12)) & (recentCount - 1)
  }
}
