import INJPrimitives
import INJReflection
import Testing

@testable import INJContainer

/// `fooProvider` names get their slot when something first needs them: a dependency
/// or a lookup. What they resolve to is the same as if every one existed up front.
@Suite struct ProviderClosureNameTests {
  final class Part: Sendable {}

  @Test func aClosureNameNobodyNamedYetResolvesOnItsFirstLookup() throws {
    let container = Container()
    container.addProvider(forName: "part") { _ in Part() }
    container.applyPendingRegistrations()
    let slotsBefore = container.names.slots.count
    let make = try container.value(forName: "partProvider", as: (() -> Part).self)
    #expect(make() !== make())
    #expect(container.names.slots.count == slotsBefore + 1)
    _ = try container.value(forName: "partProvider", as: (() -> Part).self)
    #expect(container.names.slots.count == slotsBefore + 1)
  }

  @Test func aNameFindsItsClosureSlotWhicheverComesFirst() {
    let container = Container()
    container.addProvider(forName: "early", dependencies: ["lateProvider", "earlyProvider"]) {
      _ in Part()
    }
    container.addProvider(forName: "late") { _ in Part() }
    container.addProvider(forName: "lateProviderProvider") { _ in Part() }
    container.applyPendingRegistrations()
    let slot = { (name: String) in container.names.slot(named: name, hash: name.hashValue)! }
    #expect(
      slot("early").retained.closureSlot
        === slot("earlyProvider").retained)
    #expect(
      slot("late").retained.closureSlot === slot("lateProvider").retained)
    #expect(
      slot("lateProvider").retained.closureSlot
        === slot("lateProviderProvider").retained)
    #expect(slot("lateProviderProvider").retained.closureSlot == nil)
    // Linked slots are what re-registering follows: a duplicate `late` breaks its
    // closure too.
    container.addProvider(forName: "late") { _ in Part() }
    #expect(throws: ResolutionError.self) {
      try container.value(forName: "lateProvider", as: (() -> Part).self)
    }
  }

  @Test func registeringMakesNoSlotForItsClosureName() {
    let container = Container()
    for index in 0..<100 {
      container.addProvider(forName: "part\(index)") { _ in Part() }
    }
    container.applyPendingRegistrations()
    #expect(container.names.slots.count == 100)
  }

  @Test func anUnknownClosureNameMakesNoSlotAndSuggestsAName() {
    let container = Container()
    container.addProvider(forName: "part") { _ in Part() }
    container.applyPendingRegistrations()
    let slotsBefore = container.names.slots.count
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "prtProvider")
    }
    #expect(
      error?.description
        == "Cannot resolve 'prtProvider': nothing is registered under that name. Did you mean 'partProvider'?"
    )
    #expect(container.names.slots.count == slotsBefore)
  }

  @Test func aDependencyOnAClosureNameBeforeItsBaseIsRegistered() throws {
    let container = Container()
    container.addProvider(forName: "maker", dependencies: ["partProvider"]) { values in
      try values.value(forName: "partProvider", as: (() -> Part).self)
    }
    container.addProvider(forName: "part") { _ in Part() }
    try container.checkForErrors()
    let make = try container.value(forName: "maker", as: (() -> Part).self)
    #expect(make() !== make())
  }

  @Test func aDependencyOnAClosureNameAfterItsBaseIsRegistered() throws {
    let container = Container()
    container.addProvider(forName: "part") { _ in Part() }
    container.addProvider(forName: "maker", dependencies: ["partProvider"]) { values in
      try values.value(forName: "partProvider", as: (() -> Part).self)
    }
    try container.checkForErrors()
    let make = try container.value(forName: "maker", as: (() -> Part).self)
    #expect(make() !== make())
  }

  @Test func aChildResolvesItsParentsClosureNameAndItsOwnShadowingOne() throws {
    let parent = Container()
    parent.addInstance("parent", forName: "label")
    let child = Container(parent: parent)
    #expect(try child.value(forName: "labelProvider", as: (() -> String).self)() == "parent")
    child.addInstance("child", forName: "label")
    #expect(try child.value(forName: "labelProvider", as: (() -> String).self)() == "child")
    #expect(try parent.value(forName: "labelProvider", as: (() -> String).self)() == "parent")
  }

  @Test func anExplicitClosureNameAfterALookupStillCollides() {
    let container = Container()
    let baseLine = #line + 1
    container.addProvider(forName: "part") { _ in Part() }
    _ = try? container.value(forName: "partProvider")
    let closureLine = #line + 1
    container.addProvider(forName: "partProvider") { _ in { Part() } }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    let file = "INJContainerTests/ProviderClosureNameTests.swift"
    #expect(
      error?.description
        == "The container has 1 problem:\n- 'partProvider' (\(file):\(closureLine)) is also "
        + "the name of the provider closure for 'part' (\(file):\(baseLine)). Rename one of "
        + "them.")
  }

  @Test func manyThreadsLookUpANewClosureNameAtOnce() async throws {
    let container = Container()
    container.addProvider(forName: "part", options: .singleton) { _ in Part() }
    let shared = try container.value(forName: "part", as: Part.self)
    let same = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          (try? container.value(forName: "partProvider", as: (() -> Part).self)())
            === shared
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(same)
  }
}

/// Each name's registrations, kept by slot id in registration order.
@Suite struct RegistrationsByNameTests {
  final class Part: Sendable {}

  @Test func eachNameKeepsItsRegistrationsInOrder() {
    let container = Container()
    container.addProvider(forName: "late", dependencies: ["unregistered"], line: 1) { _ in Part() }
    container.addProvider(forName: "twice", line: 2) { _ in Part() }
    container.contribute(to: "parts", line: 3) { _ in Part() }
    container.addProvider(forName: "twice", line: 4) { _ in Part() }
    container.contribute(to: "parts", line: 5) { _ in Part() }
    container.contribute(to: "parts", line: 6) { _ in Part() }
    container.applyPendingRegistrations()
    let lines = { (name: String) -> [Int] in
      let id = container.names.slot(named: name, hash: name.hashValue)!
        .retained.id
      return container.withRegistry { $0.byName[id].map(\.site.line) }
    }
    #expect(lines("late") == [1])
    #expect(lines("twice") == [2, 4])
    #expect(lines("parts") == [3, 5, 6])
    #expect(lines("unregistered") == [])
    #expect(container.withRegistry { $0.byName[1_000] }.isEmpty)
  }
}
