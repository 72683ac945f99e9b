#if !canImport(Darwin)
@_spi(Reflection) import Swift
import Testing

@testable import INJReflection

private class PlainBase {
  let first = 1
  var second = "two"
}

private final class PlainDerived: PlainBase {
  var third: Service?
  weak var fourth: Service?
  unowned let fifth: Service
  lazy var sixth = [1, 2]

  init(fifth: Service) {
    self.fifth = fifth
  }
}

private class GenericBase<Value> {
  var value: Value?
  let count = 0
}

private final class GenericDerived: GenericBase<(Int, String)> {
  @Inject var service: Service?
  var closure: (() -> Int)?
}

private enum GenericOuter<Value> {
  final class Inner {
    var held: Value?
    @Inject var screen: (() -> any Screen)?
  }
}

private final class UnderscoredField {
  var _cache: [String: Int] = [:]
}

private final class NoFields {}

@Suite("Reading field names from the field records")
struct FieldRecordsTests {
  private static let classes: [AnyClass] = [
    PlainBase.self, PlainDerived.self, GenericBase<Int>.self, GenericDerived.self,
    GenericOuter<Double>.Inner.self, UnderscoredField.self, NoFields.self,
  ]

  /// The names the standard library's walk lists, which resolves every field's type.
  private func walkedNames(of type: AnyClass) -> [String] {
    var names: [String] = []
    _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 0b11)) { name, _, _, _ in
      names.append(String(cString: name))
      return true
    }
    return names
  }

  @Test func theRecordsListTheSameFieldsAsTheWalk() {
    for type in Self.classes {
      #expect(FieldRecords.fieldNames(of: type) == walkedNames(of: type), "\(type)")
    }
    #expect(FieldRecords.fieldNames(of: PlainDerived.self)?.count == 6)
  }

  @Test func onlyClassesWithoutUnderscoredFieldsSkipTheWalk() {
    #expect(SlotDiscovery.recordSlots(of: PlainDerived.self)?.isEmpty == true)
    #expect(SlotDiscovery.recordSlots(of: GenericBase<Int>.self)?.isEmpty == true)
    #expect(SlotDiscovery.recordSlots(of: NoFields.self)?.isEmpty == true)
    #expect(SlotDiscovery.recordSlots(of: GenericDerived.self) == nil)
    #expect(SlotDiscovery.recordSlots(of: GenericOuter<Double>.Inner.self) == nil)
    #expect(SlotDiscovery.recordSlots(of: UnderscoredField.self) == nil)
  }

  @Test func discoveryFindsWhatTheWalkFinds() {
    for type in Self.classes {
      let found = SlotDiscovery.fieldSlots(of: type)
      let walked = SlotDiscovery.walkFields(of: type)
      #expect(found?.map(\.name) == walked?.map(\.name), "\(type)")
      #expect(found?.map(\.offset) == walked?.map(\.offset), "\(type)")
    }
    #expect(SlotDiscovery.fieldSlots(of: GenericDerived.self)?.map(\.name) == ["service"])
    #expect(SlotDiscovery.fieldSlots(of: UnderscoredField.self)?.isEmpty == true)
  }
}
#endif
