import Testing

@testable import INJReflection

private class Base {
  @Inject var first: Service?
  var ignored = 0
}

private final class Derived<Extra>: Base {
  @Inject var second: Extra?
  @Inject var third: (() -> any Screen)?
}

/// A class whose custom mirror hides its stored properties.
private final class Disguised: CustomReflectable {
  @Inject var service: Service?
  var customMirror: Mirror { Mirror(self, children: ["shown": 1]) }
}

@Suite("Finding @Inject properties")
struct DiscoveryTests {
  private func inject(into object: AnyObject) throws -> Int {
    let plan = InjectionPlan(for: object)
    return try plan.inject(
      into: object,
      from: Offers([
        "first": Service(id: 1), "second": "two",
        "service": Service(id: 4),
      ]))
  }

  @Test func findsThePropertiesOfTheClassAndItsBase() throws {
    let object = Derived<String>()
    let plan = InjectionPlan(for: object)
    #expect(plan.injectPropertyNames == ["first", "second", "third"])
    #expect(plan.isClass)
    #expect(plan.injectable == .none)

    #expect(try inject(into: object) == 2)
    #expect(object.first?.id == 1)
    #expect(object.second == "two")
    #expect(object.third == nil)
  }

  @Test func fieldOffsetsAreWhatInjectionUsesOnEveryPlatform() {
    #expect(
      InjectionPlan.plan(for: Derived<Int>()).fieldSlots.map(\.name) == [
        "first", "second", "third",
      ])
    #expect(
      SlotDiscovery.findSlots(of: Derived<Int>.self)?.map(\.name) == [
        "first", "second", "third",
      ])
  }

  @Test func fieldOffsetsSeeThroughACustomMirror() throws {
    let object = Disguised()
    #expect(try inject(into: object) == 1)
    #expect(object.service?.id == 4)
  }

  @Test func plansAreCachedPerType() {
    let first = InjectionPlan.plan(for: Derived<Double>())
    let second = InjectionPlan.plan(for: Derived<Double>())
    let other = InjectionPlan.plan(for: Derived<Float>())
    #expect(first === second)
    #expect(first !== other)
  }
}
