import Testing

@testable import INJReflection

/// The rules by which a provider closure's result type is checked against the declared
/// product type before any product exists.
@Suite("Cast checks")
struct CastCheckTests {
  // Internal types: the runtime finds them by name. (Private ones it cannot; see
  // `privateTypesAreLeftToEachProduct`.)
  protocol Vehicle {}
  protocol Electric: AnyObject {}
  class Car: Vehicle {}
  final class Tesla: Car, Electric {}
  final class Bike {}
  struct Scooter: Vehicle {}
  struct Boxed<Value> {}

  private func verdict<Target>(_ declared: Any.Type, _ target: Target.Type) -> CastCheck.Verdict {
    CastCheck.verdict(castingProductsOf: declared, to: target)
  }

  @Test func theDeclaredTypeAndItsSupertypesAlwaysFit() {
    #expect(verdict(Car.self, Car.self) == .always)
    #expect(verdict(Tesla.self, Car.self) == .always)
    #expect(verdict(Tesla.self, (any Vehicle).self) == .always)
    #expect(verdict(Tesla.self, (any Electric).self) == .always)
    #expect(verdict(Tesla.self, (any Vehicle & Electric).self) == .always)
    #expect(verdict(Scooter.self, (any Vehicle).self) == .always)
    #expect(verdict(Scooter.self, Any.self) == .always)
    #expect(verdict(Bike.self, AnyObject.self) == .always)
    #expect(verdict(Int.self, (any Hashable).self) == .always)
    #expect(verdict(Boxed<Int>.self, Boxed<Int>.self) == .always)
    #expect(verdict((any Vehicle).self, (any Vehicle).self) == .always)
    #expect(verdict((any Vehicle).self, Any.self) == .always)
  }

  @Test func aTypeNoProductCanHaveNeverFits() {
    #expect(verdict(String.self, Int.self) == .never)
    #expect(verdict(Bike.self, Car.self) == .never)
    #expect(verdict(Bike.self, (any Vehicle).self) == .never)
    #expect(verdict(Scooter.self, (any Electric).self) == .never)
    #expect(verdict(Scooter.self, AnyObject.self) == .never)
    #expect(verdict(Car.self, (any Vehicle & Electric).self) == .never)
    #expect(verdict(Boxed<Int>.self, Boxed<String>.self) == .never)
    #expect(verdict(Int.self, (() -> Int).self) == .never)
    // A subclass is not what a superclass's products are declared to be.
    #expect(verdict(Car.self, Tesla.self) == .never)
  }

  @Test func whereTheDeclaredTypeLeavesRoomEachProductDecides() {
    // A protocol type: its products may be of the target type, or conform to it.
    #expect(verdict((any Vehicle).self, Car.self) == .perProduct)
    #expect(verdict((any Vehicle).self, (any Electric).self) == .perProduct)
    #expect(verdict(AnyObject.self, Bike.self) == .perProduct)
    #expect(verdict(Any.self, Int.self) == .perProduct)
    // Swift wraps values in an optional, or in `AnyHashable`, when it casts.
    #expect(verdict(Int.self, Int?.self) == .perProduct)
    #expect(verdict(Int.self, AnyHashable.self) == .perProduct)
    // A type the runtime cannot look up by name.
    #expect(verdict((any Collection<Int>).self, [Int].self) == .perProduct)
  }

  @Test func aLocalTypeIsCheckedAgainstANamedProtocol() {
    struct Local: Vehicle {}
    #expect(verdict(Local.self, (any Vehicle).self) == .always)
    #expect(verdict(Local.self, (any Electric).self) == .never)
    // A local type has no name the runtime can look up, so against another concrete
    // type each product decides.
    #expect(verdict(Local.self, Scooter.self) == .perProduct)
  }

  private protocol Hidden {}
  private struct Unseen {}

  @Test func privateTypesAreLeftToEachProduct() {
    // Private and fileprivate types have no name the runtime can look up, so only the
    // same type (or a superclass, or Any) is decided before a product exists.
    #expect(verdict(Unseen.self, Unseen.self) == .always)
    #expect(verdict(Unseen.self, Any.self) == .always)
    #expect(verdict(Unseen.self, (any Hidden).self) == .perProduct)
    #expect(verdict(Unseen.self, Int.self) == .perProduct)
    #expect(verdict(Scooter.self, (any Hidden).self) == .perProduct)
  }

  @Test func theAnswerIsTheSameWhenAskedAgain() {
    for _ in 0..<3 {
      #expect(verdict(Bike.self, (any Vehicle).self) == .never)
      #expect(verdict(Tesla.self, (any Vehicle).self) == .always)
    }
  }
}
