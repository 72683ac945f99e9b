import Testing

@testable import INJReflection

/// A generic struct shaped like `Inject`: one reference, one generic parameter.
private struct Lookalike<Value> {
  let box: AnyObject
}

@Suite("Recognizing @Inject storage by its type")
struct InjectFieldTypeTests {
  /// `Inject` specializations of every kind of value an `@Inject` property holds.
  private static let wrappers: [(fieldType: Any.Type, valueType: Any.Type)] = [
    (Inject<Int>.self, Int.self),
    (Inject<String?>.self, String?.self),
    (Inject<Service>.self, Service.self),
    (Inject<any Screen>.self, (any Screen).self),
    (Inject<() -> Service>.self, (() -> Service).self),
    (Inject<() throws -> DetailScreen>.self, (() throws -> DetailScreen).self),
    (Inject<@MainActor () -> Service>.self, (@MainActor () -> Service).self),
    (Inject<() async throws -> Service>.self, (() async throws -> Service).self),
    (Inject<(Int) -> Service>.self, ((Int) -> Service).self),
    (Inject<(Int, String)>.self, (Int, String).self),
    (Inject<[String: Service]>.self, [String: Service].self),
  ]

  @Test func everyInjectSpecializationIsRecognizedWithItsValueType() {
    for entry in Self.wrappers {
      #expect(
        InjectFieldType.valueType(of: entry.fieldType).map(ObjectIdentifier.init)
          == ObjectIdentifier(entry.valueType), "\(entry.fieldType)")
    }
  }

  @Test func otherTypesAreNot() {
    let others: [Any.Type] = [
      Int.self, Int?.self, String.self, [Int].self, Lookalike<Int>.self, Service.self,
      (() -> Service).self, (Int, Int).self, (any Screen).self, Inject<Int>.Type.self,
    ]
    for type in others {
      #expect(InjectFieldType.valueType(of: type) == nil, "\(type)")
    }
  }
}
