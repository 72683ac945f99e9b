import Dispatch
import INJPrimitives
import Testing

@testable import INJReflection

// Every way a class can come to conform to `Injectable`, or not.

private final class Unrelated {}

private class ConformingBase: Injectable {
  var calledAs: String?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    calledAs = "base"
  }
}

private final class InheritsConformance: ConformingBase {
  override func injectProperties(_ injector: inout PropertyInjector) throws {
    try super.injectProperties(&injector)
    calledAs = "subclass"
  }
}

private class NonConformingBase {}

private final class ConformsBelowAPlainBase: NonConformingBase, Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {}
}

private class GenericConforming<Value>: Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {}
}

private final class SubclassOfGeneric: GenericConforming<String> {}

private final class ConformsWhereEquatable<Value> {}

extension ConformsWhereEquatable: Injectable where Value: Equatable {
  func injectProperties(_ injector: inout PropertyInjector) throws {}
}

private struct NotEquatable {}

/// A class whose conformance is declared apart from it, as an app's composition root
/// would.
private final class ConformsInAnExtension {}

extension ConformsInAnExtension: Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {}
}

private enum GenericOuter<Value> {
  final class Inner: Injectable {
    func injectProperties(_ injector: inout PropertyInjector) throws {}
  }
}

@MainActor private final class MainActorModel {}

extension MainActorModel: @MainActor Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {}
}

private struct AStruct {}

/// Whether the index says `type` conforms to `Injectable`.
private func conforms(_ type: Any.Type) -> Bool {
  if case .none = ConformanceIndex.injectableConformance(of: type) { false } else { true }
}

@Suite("Which classes conform to Injectable")
struct ConformanceIndexTests {
  /// What the records alone tell of a class.
  fileprivate enum Expected {
    /// It conforms, and the records hold its witness table.
    case witness
    /// It conforms; the runtime builds the witness table (a generic class).
    case cast
    case doesNotConform
    case askTheRuntime
  }

  /// Every class above, with the answer expected from the records alone.
  private static let classes: [(type: AnyClass, answer: Expected)] = [
    (Unrelated.self, .doesNotConform),
    (ConformingBase.self, .witness),
    (InheritsConformance.self, .witness),
    (NonConformingBase.self, .doesNotConform),
    (ConformsBelowAPlainBase.self, .witness),
    (GenericConforming<Int>.self, .witness),
    (SubclassOfGeneric.self, .witness),
    (ConformsWhereEquatable<Int>.self, .askTheRuntime),
    (ConformsWhereEquatable<NotEquatable>.self, .askTheRuntime),
    (ConformsInAnExtension.self, .witness),
    (GenericOuter<Int>.Inner.self, .witness),
    (MainActorModel.self, .askTheRuntime),
  ]

  @Test func theIndexGivesTheRuntimesAnswerForEveryKindOfClass() {
    for entry in Self.classes {
      let type: AnyClass = entry.type
      #expect(conforms(type) == (type is any Injectable.Type), "\(type)")
    }
    #expect(conforms(ConformsWhereEquatable<Int>.self))
    #expect(!conforms(ConformsWhereEquatable<NotEquatable>.self))
  }

  @Test func valueTypesNeverConform() {
    #expect(!conforms(AStruct.self))
    #expect(!conforms(Int.self))
    #expect(!conforms((any Injectable).self))
  }

  @Test func theRecordsAnswerUnconditionalConformancesWithoutTheRuntime() {
    var records = ConformanceRecords()
    for entry in Self.classes {
      let type: AnyClass = entry.type
      #expect(entry.answer.matches(records.answer(for: type)), "\(type)")
    }
    #expect(!records.unreadable)
    #expect(records.imagesRead > 0)
    // The test module's conformances, and the index's own probe.
    #expect(records.conformances.count >= 9)
  }

  @Test func everyWitnessFromTheRecordsIsTheRuntimesOwn() {
    let instances: [AnyObject] = [
      ConformingBase(), InheritsConformance(), ConformsBelowAPlainBase(),
      GenericConforming<Int>(), SubclassOfGeneric(), ConformsInAnExtension(),
      GenericOuter<Int>.Inner(),
    ]
    for instance in instances {
      guard
        case .witness(let witness)? = recordsAnswer(for: type(of: instance)),
        let cast = instance as? any Injectable
      else {
        Issue.record("\(type(of: instance)) has no witness table from the records")
        continue
      }
      // A class existential is the reference, then the witness table. (`as any
      // Injectable` keeps the existential from being opened into the class.)
      let runtimeTable = unsafeBitCast(
        cast as any Injectable, to: (AnyObject, UnsafeRawPointer).self
      ).1
      #expect(witness.table == runtimeTable, "\(type(of: instance))")
    }
  }

  @Test func aWitnessFromTheRecordsCallsTheClassesOwnMethod() throws {
    let objects: [ConformingBase] = [ConformingBase(), InheritsConformance()]
    for object in objects {
      guard
        case .witness(let witness)? = recordsAnswer(for: type(of: object))
      else {
        Issue.record("no witness table for \(type(of: object))")
        continue
      }
      let injectable = witness.injectable(object)
      #expect(injectable === object)
      var injector = PropertyInjector(source: Offers(), ownerType: type(of: object))
      try injectable.injectProperties(&injector)
    }
    #expect(objects.map(\.calledAs) == ["base", "subclass"])
    let extended = ConformsInAnExtension()
    if case .witness(let witness)? = recordsAnswer(for: ConformsInAnExtension.self) {
      #expect(witness.injectable(extended) === extended)
    } else {
      Issue.record("no witness table for ConformsInAnExtension")
    }
  }

  @Test func readingAgainFindsNoNewImages() {
    var records = ConformanceRecords()
    _ = records.answer(for: Unrelated.self)
    let read = (records.imagesRead, records.conformances)
    _ = records.answer(for: ConformingBase.self)
    #expect(records.imagesRead == read.0)
    #expect(records.conformances.map(\.type) == read.1.map(\.type))
    #expect(records.conformances.map(\.conformance) == read.1.map(\.conformance))
  }

  @Test func manyThreadsAskAtOnce() {
    let answers = Answers(count: Self.classes.count * 8)
    DispatchQueue.concurrentPerform(iterations: answers.count) { index in
      let type: AnyClass = Self.classes[index % Self.classes.count].type
      answers.set(index, conforms(type))
    }
    for index in 0..<answers.count {
      let type: AnyClass = Self.classes[index % Self.classes.count].type
      #expect(answers.get(index) == (type is any Injectable.Type), "\(type)")
    }
  }
}

/// Answers written by many threads, one slot each.
private final class Answers: Sendable {
  let count: Int
  private let slots: Locked<[Bool?]>

  init(count: Int) {
    self.count = count
    slots = Locked(Array(repeating: nil, count: count))
  }

  func set(_ index: Int, _ answer: Bool) {
    slots.withLock { $0[index] = answer }
  }

  func get(_ index: Int) -> Bool? {
    slots.withLock { $0[index] }
  }
}

extension ConformanceIndexTests.Expected {
  func matches(_ answer: ConformanceIndex.Conformance?) -> Bool {
    switch (self, answer) {
    case (.witness, .witness?), (.cast, .cast?),
      (.doesNotConform, ConformanceIndex.Conformance.none?),
      (.askTheRuntime, nil):
      true
    default: false
    }
  }
}

/// The records' own answer for `type` (nil where they leave it to the runtime), whether
/// or not the index answers from them (``FastPaths``): these tests check the reading
/// itself.
private func recordsAnswer(for type: AnyClass) -> ConformanceIndex.Conformance? {
  ConformanceIndex.injectable.withLock { $0.answer(for: type) }
}
