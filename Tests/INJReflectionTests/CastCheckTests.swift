import Testing

@testable import INJReflection

/// The rules by which a provider closure's result type, an `@Inject` property's type
/// or a key's type is checked against the declared product type before any product
/// exists. `CastCheckPropertyTests` checks them against the runtime's casts.
@Suite("Cast checks")
struct CastCheckTests {
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
    #expect(verdict((any Vehicle).self, Any.self) == .always)
  }

  @Test func castsThatConvertAlwaysFit() {
    // A value that is not an object is boxed in one.
    #expect(verdict(Scooter.self, AnyObject.self) == .always)
    // A value is wrapped in an optional, or in `AnyHashable`.
    #expect(verdict(Int.self, Int?.self) == .always)
    #expect(verdict(Int.self, AnyHashable.self) == .always)
    // Collections and tuples cast element by element; an unlabelled tuple takes labels.
    #expect(verdict([Tesla].self, [Car].self) == .always)
    #expect(verdict([String: Tesla].self, [String: any Vehicle].self) == .always)
    #expect(verdict(Set<Int>.self, Set<AnyHashable>.self) == .always)
    #expect(verdict((Int, String).self, (a: Int, b: String).self) == .always)
    // A protocol type inside a collection stays one: the same type is a copy.
    #expect(verdict([any Vehicle].self, [any Vehicle].self) == .always)
    #expect(verdict((any Vehicle)?.self, (any Vehicle)?.self) == .always)
  }

  @Test func aTypeNoProductCanHaveNeverFits() {
    #expect(verdict(String.self, Int.self) == .never)
    #expect(verdict(Bike.self, Car.self) == .never)
    #expect(verdict(Scooter.self, (any Electric).self) == .never)
    #expect(verdict(Scooter.self, AnyHashable.self) == .never)
    #expect(verdict(Boxed<Int>.self, Boxed<String>.self) == .never)
    #expect(verdict(Int.self, (() -> Int).self) == .never)
    #expect(verdict(Int.self, (any Vehicle).self) == .never)
    // `nil` casts only to optionals, and a `Bike` never to a `Car`.
    #expect(verdict(Bike?.self, Car.self) == .never)
    // Tuples of other lengths, other labels, or an element that never fits.
    #expect(verdict((Int, Int).self, (Int, Int, Int).self) == .never)
    #expect(verdict((a: Int, b: Int).self, (x: Int, y: Int).self) == .never)
    #expect(verdict((Int, String).self, (Int, Int).self) == .never)
    // One kind of collection is never another, even empty.
    #expect(verdict([Int].self, Set<Int>.self) == .never)
    #expect(verdict([Int: Int].self, [Int].self) == .never)
  }

  @Test func whereTheDeclaredTypeLeavesRoomEachProductDecides() {
    // A protocol type: its products may be of the target type, or conform to it.
    #expect(verdict((any Vehicle).self, Car.self) == .perProduct)
    #expect(verdict((any Vehicle).self, (any Electric).self) == .perProduct)
    #expect(verdict(AnyObject.self, Bike.self) == .perProduct)
    #expect(verdict(Any.self, Int.self) == .perProduct)
    #expect(verdict(AnyHashable.self, Int.self) == .perProduct)
    #expect(verdict((any Collection<Int>).self, [Int].self) == .perProduct)
    // Each product of a protocol type is asked again whether it conforms.
    #expect(verdict((any Vehicle).self, (any Vehicle).self) == .perProduct)
    // A class's products may be of a subclass, which may conform where it does not:
    // the check cannot tell a final class.
    #expect(verdict(Car.self, Tesla.self) == .perProduct)
    #expect(verdict(Bike.self, (any Vehicle).self) == .perProduct)
    #expect(verdict(Car.self, (any Vehicle & Electric).self) == .perProduct)
    // An optional's value may be there; an empty collection casts to any other.
    #expect(verdict(Int?.self, Int.self) == .perProduct)
    #expect(verdict(Car?.self, Car.self) == .perProduct)
    #expect(verdict((any Vehicle)?.self, (any Vehicle).self) == .perProduct)
    #expect(verdict([Int].self, [String].self) == .perProduct)
    #expect(verdict([Car].self, [Tesla].self) == .perProduct)
    #expect(verdict([Any].self, [any Vehicle].self) == .perProduct)
    // A function casts to the same type that throws.
    #expect(verdict((() -> Int).self, (() throws -> Int).self) == .perProduct)
  }

  @Test func aClosureFitsOnlyTypesThatMayHoldOne() {
    // What a provider closure handed out as itself can be cast to: no struct (but
    // `AnyHashable`), enum, optional of one, or tuple.
    let closure = (() -> Void).self
    #expect(verdict(closure, Any.self) == .always)
    #expect(verdict(closure, (any Vehicle).self) == .perProduct)
    #expect(verdict(closure, AnyHashable.self) == .perProduct)
    #expect(verdict(closure, Int.self) == .never)
    #expect(verdict(closure, Int?.self) == .never)
    #expect(verdict(closure, (Int, String).self) == .never)
    #expect(verdict(closure, ClosedRange<Int>.self) == .never)
  }

  @Test func aConditionalConformanceIsLeftToEachProduct() {
    // `Boxed` is a `Vehicle` when its value is `Hashable`: the runtime tells whether
    // the condition holds, and a condition may rest on an isolated conformance.
    #expect(verdict(Boxed<Int>.self, (any Vehicle).self) == .perProduct)
    #expect(verdict(Boxed<Scooter>.self, (any Vehicle).self) == .never)
  }

  @Test func aLocalTypeIsCheckedLikeAnyOther() {
    struct Local: Vehicle {}
    #expect(verdict(Local.self, (any Vehicle).self) == .always)
    #expect(verdict(Local.self, (any Electric).self) == .never)
    #expect(verdict(Local.self, Scooter.self) == .never)
  }

  private protocol Hidden {}
  private struct Unseen {}

  @Test func privateTypesAreCheckedLikeAnyOther() {
    #expect(verdict(Unseen.self, Unseen.self) == .always)
    #expect(verdict(Unseen.self, Any.self) == .always)
    #expect(verdict(Unseen.self, (any Hidden).self) == .never)
    #expect(verdict(Unseen.self, Int.self) == .never)
    #expect(verdict(Scooter.self, (any Hidden).self) == .never)
  }

  @Test func theAnswerIsTheSameWhenAskedAgain() {
    for _ in 0..<3 {
      #expect(verdict(Bike.self, Car.self) == .never)
      #expect(verdict(Tesla.self, (any Vehicle).self) == .always)
    }
  }
}

extension CastCheckTests.Boxed: CastCheckTests.Vehicle where Value: Hashable {}

@Suite("Cast checks of isolated conformances")
struct IsolatedConformanceCastCheckTests {
  /// A protocol `MainActorModel` conforms to on the main actor only.
  protocol Named {}

  /// A class whose conformance to ``Named`` is isolated to the main actor.
  @MainActor final class MainActorModel: @MainActor Named {
    nonisolated init() {}
  }

  /// Another, asked about on the main actor first.
  @MainActor final class OtherMainActorModel: @MainActor Named {
    nonisolated init() {}
  }

  @Test func anIsolatedConformanceGetsTheSameVerdictWhereverItIsAskedFirst() async {
    let offMain = await Task.detached {
      CastCheck.verdict(castingProductsOf: MainActorModel.self, to: (any Named).self)
    }.value
    let onMain = await MainActor.run {
      CastCheck.verdict(castingProductsOf: MainActorModel.self, to: (any Named).self)
    }
    #expect(offMain == .perProduct)
    #expect(onMain == .perProduct)

    let first = await MainActor.run {
      CastCheck.verdict(castingProductsOf: OtherMainActorModel.self, to: (any Named).self)
    }
    let then = await Task.detached {
      CastCheck.verdict(castingProductsOf: OtherMainActorModel.self, to: (any Named).self)
    }.value
    #expect(first == .perProduct)
    #expect(then == .perProduct)
  }

  @Test func aConformanceIsFoundOnEveryThread() async {
    let requirements = ExistentialRequirements(existential: (any Named).self)
    let offMain = await Task.detached {
      ExistentialRequirements(existential: (any Named).self)?.conformance(of: MainActorModel.self)
    }.value
    #expect(offMain == .somewhere)
    #expect(requirements?.conformance(of: Int.self) == ExistentialRequirements.Conformance.none)
  }
}
