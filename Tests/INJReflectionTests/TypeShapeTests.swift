import Testing

@testable import INJReflection

/// The shapes read from type metadata, checked against the types the compiler names.
@Suite("Type shapes")
struct TypeShapeTests {
  protocol Vehicle {}
  protocol Electric: AnyObject {}
  class Car: Vehicle {}
  struct Scooter {}
  enum Gear { case low }

  /// The shape's name and the types it holds, for comparison.
  private func summary(_ type: Any.Type) -> String {
    func name(_ type: Any.Type) -> String { String(describing: type) }
    switch TypeShape.of(type) {
    case .optional(let wrapped): return "optional \(name(wrapped))"
    case .array(let element): return "array \(name(element))"
    case .set(let element): return "set \(name(element))"
    case .dictionary(let key, let value): return "dictionary \(name(key)) \(name(value))"
    case .anyHashable: return "anyHashable"
    case .tuple(let elements):
      return "tuple "
        + elements.map { "\($0.label ?? "_"):\(name($0.type))" }.joined(separator: " ")
    case .existential(let requirements?):
      let superclass = requirements.superclass.map { " \(name($0))" } ?? ""
      return "existential\(requirements.isClassBound ? " class" : "")\(superclass)"
        + (requirements.protocols.isEmpty ? "" : " protocols")
    case .existential(nil): return "existential unreadable"
    case .classType(let type): return "class \(name(type))"
    case .function: return "function"
    case .metatype: return "metatype"
    case .value: return "value"
    case .other: return "other"
    }
  }

  @Test func standardLibraryTypesShowWhatTheyHold() {
    #expect(summary(Int?.self) == "optional Int")
    #expect(summary(Scooter??.self) == "optional Optional<Scooter>")
    #expect(summary([Car].self) == "array Car")
    #expect(summary(Set<String>.self) == "set String")
    #expect(summary([String: [Int]].self) == "dictionary String Array<Int>")
    #expect(summary(AnyHashable.self) == "anyHashable")
    #expect(summary(Int.self) == "value")
    #expect(summary(Gear.self) == "value")
    #expect(summary(Scooter.self) == "value")
  }

  @Test func tuplesShowTheirLabelsAndElements() {
    #expect(summary((Int, String).self) == "tuple _:Int _:String")
    #expect(summary((a: Int, b: String).self) == "tuple a:Int b:String")
    #expect(summary((Int, b: String).self) == "tuple _:Int b:String")
    #expect(summary((a: Int, String).self) == "tuple a:Int _:String")
    #expect(summary((Int, Car, first: Scooter).self) == "tuple _:Int _:Car first:Scooter")
  }

  @Test func existentialsShowWhatTheirValuesMustBe() {
    #expect(summary(Any.self) == "existential")
    #expect(summary(AnyObject.self) == "existential class")
    #expect(summary((any Vehicle).self) == "existential protocols")
    #expect(summary((any Electric).self) == "existential class protocols")
    #expect(summary((any Vehicle & Electric).self) == "existential class protocols")
    #expect(summary((any Car & Electric).self) == "existential class Car protocols")
    #expect(summary((any Collection<Int>).self) == "existential unreadable")
    #expect(ExistentialRequirements(existential: AnyObject.self)?.isAnyObject == true)
    #expect(ExistentialRequirements(existential: (any Electric).self)?.isAnyObject == false)
    #expect(ExistentialRequirements(existential: Int.self) == nil)
  }

  @Test func otherKindsAreTold() {
    #expect(summary(Car.self) == "class Car")
    #expect(summary((() -> Int).self) == "function")
    #expect(summary(Int.Type.self) == "metatype")
    #expect(summary((any Vehicle.Type).self) == "metatype")
  }

  @Test func conformancesAreTold() {
    let vehicle = ExistentialRequirements(existential: (any Vehicle).self)
    #expect(vehicle?.conformance(of: Car.self) == .everywhere)
    #expect(vehicle?.conformance(of: Scooter.self) == ExistentialRequirements.Conformance.none)
    // A conformance with conditions is left to each product.
    #expect(ExistentialRequirements.hashable.conformance(of: [Int].self) == .somewhere)
    #expect(ExistentialRequirements.hashable.conformance(of: Int.self) == .everywhere)
  }
}
