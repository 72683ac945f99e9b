import Foundation
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

extension GenericOuter where Value == Int {
  /// A class in a constrained extension of a generic type: generic itself.
  final class Constrained {
    var count = 0
    @Inject var service: Service?
  }
}

private final class UnderscoredField {
  var _cache: [String: Int] = [:]
}

private final class NoFields {}

/// Fields named like a wrapper's storage that are not one, beside one that is.
private final class Lookalikes {
  var _optional: Inject<Service>? = nil
  var _closure: (() -> Inject<Service>)? = nil
  var _pair: (Inject<Service>, Int)? = nil
  var _list: [Inject<Service>] = []
  var _title = ""
  var _$registrar = Registrar()
  var _meta: Inject<Service>.Type = Inject<Service>.self
  @Inject var service: Service?
}

private struct Registrar {}

private class InjectingBase {
  @Inject var service: Service?
  let count = 3
}

private final class InjectingDerived: InjectingBase {
  @Inject var screen: (any Screen)?
  var label = "derived"
  @Inject var factory: (() -> Service)?
  @Inject var registrar: Registrar?
  @Inject var pair: (Service, [String: Int])?
}

private final class GenericInjecting<Value> {
  var held: Value?
  @Inject var value: Value?
}

private actor InjectingActor {
  var count = 0
  @Inject var service: Service?
}

/// `@Inject` properties whose types name a type twice: the second mention is a
/// back-reference in the mangled name.
private final class RepeatedTypes {
  @Inject var triple: (Service, Registrar, Service)?
  @Inject var combine: ((Service, Registrar) -> Registrar)?
  @Inject var work: (@Sendable (Service, Registrar, Service) async throws -> Registrar)?
}

private final class ObjectSubclass: NSObject {
  @Inject var service: Service?
  var label = "object"
}

private final class GenericStorage<Value> {
  var _raw: Value?
  @Inject var service: Service?
}

@Suite("Reading field names from the field records")
struct FieldRecordsTests {
  private static let classes: [AnyClass] = [
    PlainBase.self, PlainDerived.self, GenericBase<Int>.self, GenericDerived.self,
    GenericOuter<Double>.Inner.self, UnderscoredField.self, NoFields.self, Lookalikes.self,
    InjectingBase.self, InjectingDerived.self, GenericInjecting<String>.self,
    GenericInjecting<() -> Int>.self, GenericStorage<Int>.self, InjectingActor.self,
    ObjectSubclass.self, RepeatedTypes.self, GenericOuter<Int>.Constrained.self,
  ]

  /// The names and offsets the standard library's walk lists, which resolves every
  /// field's type.
  private func walkedFields(of type: AnyClass) -> [FieldSlot] {
    var fields: [FieldSlot] = []
    _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 0b11)) {
      name, offset, _, _ in
      fields.append(FieldSlot(name: String(cString: name), offset: offset))
      return true
    }
    return fields
  }

  @Test func theRecordsListTheSameFieldsAsTheWalk() {
    for type in Self.classes where type != GenericStorage<Int>.self {
      let read = FieldRecords.fields(of: type)?.map { FieldSlot(name: $0.name, offset: $0.offset) }
      #expect(read == walkedFields(of: type), "\(type)")
    }
    #expect(FieldRecords.fields(of: PlainDerived.self)?.count == 6)
  }

  @Test func theRecordsTellInjectStorageFromLookalikes() {
    let fields = FieldRecords.fields(of: Lookalikes.self)
    #expect(fields?.filter(\.isInjectStorage).map(\.name) == ["_service"])
    #expect(fields?.count == 8)
  }

  @Test func onlyAFieldWhoseTypeVariesIsLeftToTheWalk() {
    for type in Self.classes where type != GenericStorage<Int>.self {
      #expect(FieldRecords.injectSlots(of: type) != nil, "\(type)")
    }
    // `_raw: Value?` is named like a wrapper's storage, and its type is whatever
    // `Value` is.
    #expect(FieldRecords.injectSlots(of: GenericStorage<Int>.self) == nil)
  }

  @Test func discoveryFindsWhatTheWalkFinds() {
    for type in Self.classes {
      let found = SlotDiscovery.findSlots(of: type)
      let walked = SlotDiscovery.walkFields(of: type)?.map(\.slot)
      #expect(found == walked, "\(type)")
      #expect(found?.map(\.name) == SlotDiscovery.typedSlots(of: type)?.map(\.slot.name))
    }
    #expect(SlotDiscovery.findSlots(of: GenericDerived.self)?.map(\.name) == ["service"])
    #expect(SlotDiscovery.findSlots(of: UnderscoredField.self)?.isEmpty == true)
    #expect(SlotDiscovery.findSlots(of: Lookalikes.self)?.map(\.name) == ["service"])
    #expect(
      SlotDiscovery.findSlots(of: InjectingDerived.self)?.map(\.name) == [
        "service", "screen", "factory", "registrar", "pair",
      ])
    #expect(SlotDiscovery.findSlots(of: GenericInjecting<String>.self)?.map(\.name) == ["value"])
  }

  @Test func theRecordsResolveEachPropertysTypeAsTheWalkDoes() {
    let generic: [AnyClass] = [
      GenericBase<Int>.self, GenericDerived.self, GenericOuter<Double>.Inner.self,
      GenericOuter<Int>.Constrained.self,
      GenericInjecting<String>.self, GenericInjecting<() -> Int>.self, GenericStorage<Int>.self,
    ]
    for type in Self.classes {
      let read = FieldRecords.typedInjectSlots(of: type)
      guard !generic.contains(where: { $0 == type }) else {
        // A generic class's properties may hold its parameters: left to the walk.
        #expect(read == nil, "\(type)")
        continue
      }
      let walked = SlotDiscovery.walkFields(of: type)
      #expect(read?.map(\.slot) == walked?.map(\.slot), "\(type)")
      #expect(
        read?.map { ObjectIdentifier($0.valueType) }
          == walked?.map { ObjectIdentifier($0.valueType) },
        "\(type)")
    }
  }

  @Test func typesNamedTwiceInAPropertysTypeResolveAsDeclared() {
    let typed = FieldRecords.typedInjectSlots(of: RepeatedTypes.self)
    #expect(
      typed?.map { ObjectIdentifier($0.valueType) } == [
        ObjectIdentifier((Service, Registrar, Service).self),
        ObjectIdentifier(((Service, Registrar) -> Registrar).self),
        ObjectIdentifier((@Sendable (Service, Registrar, Service) async throws -> Registrar).self),
      ])
  }

  @Test func theCheckGetsEachPropertysType() {
    let typed = SlotDiscovery.typedSlots(of: InjectingDerived.self)
    #expect(typed?.map(\.slot.name) == ["service", "screen", "factory", "registrar", "pair"])
    #expect(
      typed?.map { ObjectIdentifier($0.valueType) } == [
        ObjectIdentifier(Service.self), ObjectIdentifier((any Screen).self),
        ObjectIdentifier((() -> Service).self), ObjectIdentifier(Registrar.self),
        ObjectIdentifier((Service, [String: Int]).self),
      ])
  }
}
