import Testing

@testable import INJReflection

private class Base {}
private final class Derived: Base {}
private final class Generic<Value> {}
private struct HoldsOneReference {
  let object: Base
}

@Suite("Taking a class instance out of an Any")
struct ClassReferenceTests {
  @Test func classInstancesComeOutAsTheSameObject() {
    let objects: [AnyObject] = [Base(), Derived(), Generic<Int>(), DetailScreen()]
    for object in objects {
      let screenOrNot: Any = object
      #expect(ClassReference.of(screenOrNot) === object)
    }
    let screen: any Screen = DetailScreen()
    #expect(ClassReference.of(screen as Any) === screen)
  }

  @Test func anAnyHoldingAnExistentialGivesItsInstance() {
    // What a generic function makes of its `T` when `T` is an existential, as a
    // creator declared `-> any Screen` returns: an `Any` that holds the existential.
    func erased<T>(_ value: T) -> Any { value }
    let screen = DetailScreen()
    #expect(ClassReference.of(erased(screen as any Screen)) === screen)
    #expect(ClassReference.of(erased(screen as Any)) === screen)
    #expect(ClassReference.of(erased(screen as AnyObject)) === screen)
    #expect(ClassReference.of(erased(3 as Any)) == nil)
    #expect(ClassReference.of(erased(HoldsOneReference(object: Base()) as Any)) == nil)
  }

  @Test func otherValuesStayOut() {
    let values: [Any] = [
      1, "text", 2.5, HoldsOneReference(object: Base()), Base.self, Optional(Base()) as Any,
      { () -> Int in 1 }, (Base(), Base()), [Base()],
    ]
    for value in values {
      #expect(ClassReference.of(value) == nil, "\(type(of: value))")
    }
  }

  @Test func theReferenceRetainsLikeACast() {
    weak var released: Base?
    var kept: AnyObject?
    do {
      let object = Base()
      released = object
      let value: Any = object
      kept = ClassReference.of(value)
    }
    #expect(released != nil)
    #expect(kept === released)
    kept = nil
    #expect(released == nil)
  }
}
