import INJContainer
import Testing

@Suite("Scopes and child containers")
struct ScopeTests {
  final class Cache: Sendable {}
  final class Session: Sendable {}
  final class Screen: Sendable {
    let session: Session
    let cache: Cache
    init(session: Session, cache: Cache) {
      self.session = session
      self.cache = cache
    }
  }
  final class Pair: Sendable {
    let first: Screen
    let second: Screen
    init(first: Screen, second: Screen) {
      self.first = first
      self.second = second
    }
  }

  @Test func aWeakSingletonIsSharedWhileHeldAndRecreatedAfter() throws {
    let container = Container()
    let created = Counter()
    container.addProvider(forName: "cache", options: .weakSingleton) { _ in
      created.increment()
      return Cache()
    }
    weak var released: Cache?
    do {
      let first = try container.value(forName: "cache", as: Cache.self)
      #expect(try container.value(forName: "cache", as: Cache.self) === first)
      #expect(created.value == 1)
      released = first
    }
    #expect(released == nil)
    _ = try container.value(forName: "cache", as: Cache.self)
    #expect(created.value == 2)
  }

  @Test func aWeakSingletonMustBeAnObject() throws {
    let container = Container()
    container.addProvider(forName: "count", options: .weakSingleton) { _ in 3 }
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "count") }
    #expect(
      error?.description
        == "Cannot resolve 'count': 'count' is a weak singleton, but its creator returned a "
        + "value of type Int, which cannot be held weakly. Return a class instance, or make "
        + "'count' a singleton.")
  }

  protocol Store: AnyObject, Sendable {}
  final class MemoryStore: Store {}

  /// A creator that declares an optional: the object it holds is held weakly, and a
  /// nil is handed out as it is and not kept.
  @Test func aWeakSingletonDeclaredOptionalHoldsItsObjectWeakly() async throws {
    let container = Container()
    let makesNil = Counter()
    container.addProvider(forName: "store", options: .weakSingleton) { _ -> (any Store)? in
      MemoryStore()
    }
    container.addProvider(forName: "none", options: .weakSingleton) { _ -> (any Store)? in
      makesNil.increment()
      return nil
    }
    container.addAsyncProvider(forName: "asyncStore", options: .weakSingleton) {
      _ -> (any Store)? in MemoryStore()
    }
    try container.checkForErrors()
    let asyncStore = try await container.asyncValue(forName: "asyncStore", as: (any Store)?.self)
    #expect(
      try await container.asyncValue(forName: "asyncStore", as: (any Store)?.self) === asyncStore)
    let store = try #require(try container.value(forName: "store", as: (any Store)?.self))
    #expect(try container.value(forName: "store", as: (any Store)?.self) === store)
    #expect(try await container.asyncValue(forName: "store", as: (any Store)?.self) === store)
    #expect(try container.value(forName: "none", as: (any Store)?.self) == nil)
    #expect(try await container.asyncValue(forName: "none", as: (any Store)?.self) == nil)
    #expect(makesNil.value == 2)
  }

  private func objectGraphContainer(created: Counter) -> Container {
    let container = Container()
    container.addProvider(forName: "session", options: .objectGraph) { _ in
      created.increment()
      return Session()
    }
    container.addProvider(forName: "cache") { _ in Cache() }
    container.addProvider(forName: "screen", dependencies: ["session", "cache"]) { values in
      Screen(
        session: try values.value(forName: "session"), cache: try values.value(forName: "cache"))
    }
    container.addProvider(forName: "otherScreen", dependencies: ["session", "cache"]) { values in
      Screen(
        session: try values.value(forName: "session"), cache: try values.value(forName: "cache"))
    }
    container.addProvider(forName: "pair", dependencies: ["screen", "otherScreen"]) { values in
      Pair(
        first: try values.value(forName: "screen"), second: try values.value(forName: "otherScreen")
      )
    }
    return container
  }

  @Test func anObjectGraphProductIsSharedWithinOneResolutionAndFreshInTheNext() throws {
    let created = Counter()
    let container = objectGraphContainer(created: created)
    let pair = try container.value(forName: "pair", as: Pair.self)
    #expect(pair.first !== pair.second)
    #expect(pair.first.session === pair.second.session)
    #expect(pair.first.cache !== pair.second.cache)
    let next = try container.value(forName: "pair", as: Pair.self)
    #expect(next.first.session !== pair.first.session)
    #expect(created.value == 2)
  }

  @Test func creatorsCallingBackShareTheOuterResolutionsObjectGraph() throws {
    let created = Counter()
    let container = objectGraphContainer(created: created)
    container.addProvider(forName: "both", dependencies: ["screen"]) { [unowned container] values in
      Pair(
        first: try values.value(forName: "screen"),
        second: try container.value(forName: "screen", as: Screen.self))
    }
    let both = try container.value(forName: "both", as: Pair.self)
    #expect(both.first.session === both.second.session)
    #expect(created.value == 1)
  }

  @Test func aCreatorAskingAgainForAMadeObjectGraphProductGetsIt() throws {
    let created = Counter()
    let container = objectGraphContainer(created: created)
    container.addProvider(forName: "again", dependencies: ["session", "sessionProvider"]) {
      [unowned container] values in
      let first = try values.value(forName: "session", as: Session.self)
      let byClosure = try values.value(forName: "sessionProvider", as: (() -> Session).self)()
      let byName = try container.value(forName: "session", as: Session.self)
      return [first, byClosure, byName].allSatisfy { $0 === first }
    }
    #expect(try container.value(forName: "again", as: Bool.self))
    #expect(created.value == 1)
  }

  @Test func conflictingScopesAreReportedAndThrow() throws {
    let container = Container()
    container.addProvider(
      forName: "cache", options: [.singleton, .objectGraph], fileID: "App/C.swift", line: 7
    ) { _ in Cache() }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.description == """
        The container has 1 problem:
        - 'cache' (App/C.swift:7) has more than one scope (singleton, objectGraph). Give it at \
        most one of .singleton, .weakSingleton, .objectGraph and .scope(_:).
        """)
    #expect(throws: ResolutionError.self) { try container.value(forName: "cache") }
  }

  @Test func aChildSeesItsParentAndShadowsWithoutTheParentSeeing() throws {
    let parent = Container()
    parent.addInstance("parent", forName: "label")
    parent.addProvider(forName: "message", dependencies: ["label"]) { values in
      "message from \(try values.value(forName: "label", as: String.self))"
    }
    let child = parent.makeChild()
    child.addInstance("child", forName: "label")
    child.addProvider(forName: "greeting", dependencies: ["label", "message"]) { values in
      "\(try values.value(forName: "label", as: String.self)): "
        + (try values.value(forName: "message", as: String.self))
    }
    #expect(try child.value(forName: "greeting", as: String.self) == "child: message from parent")
    #expect(try child.value(forName: "label", as: String.self) == "child")
    #expect(try parent.value(forName: "label", as: String.self) == "parent")
    #expect(throws: ResolutionError.self) { try parent.value(forName: "greeting") }
    try child.checkForErrors()
  }

  @Test func aChildSharesItsParentsSingletonsAndKeepsItsOwn() throws {
    let parent = Container()
    parent.addProvider(forName: "shared", options: .singleton) { _ in Cache() }
    let first = parent.makeChild()
    let second = parent.makeChild()
    first.addProvider(forName: "own", options: .singleton) { _ in Session() }
    second.addProvider(forName: "own", options: .singleton) { _ in Session() }
    #expect(
      try first.value(forName: "shared", as: Cache.self)
        === second.value(forName: "shared", as: Cache.self))
    #expect(
      try first.value(forName: "own", as: Session.self)
        !== second.value(forName: "own", as: Session.self))
  }

  @Test func droppingAChildFreesOnlyTheChildsObjects() throws {
    let parent = Container()
    parent.addProvider(forName: "shared", options: .singleton) { _ in Cache() }
    weak var childSingleton: Session?
    weak var parentSingleton: Cache?
    weak var droppedChild: Container?
    do {
      let child = parent.makeChild()
      child.addProvider(forName: "own", options: .singleton) { _ in Session() }
      childSingleton = try child.value(forName: "own", as: Session.self)
      parentSingleton = try child.value(forName: "shared", as: Cache.self)
      droppedChild = child
    }
    #expect(droppedChild == nil)
    #expect(childSingleton == nil)
    #expect(parentSingleton != nil)
    #expect(try parent.value(forName: "shared", as: Cache.self) === parentSingleton)
  }
}

@Suite("Collisions across child containers")
struct ChildCollisionTests {
  final class Widget: Sendable {}

  @Test func aChildsProviderClosureNameCollidesWithItsParentsBase() throws {
    let parent = Container()
    parent.addInstance(Widget(), forName: "widget", fileID: "App/P.swift", line: 1)
    let child = parent.makeChild()
    child.addProvider(forName: "widgetProvider", fileID: "App/C.swift", line: 2) { _ in 1 }
    let error = #expect(throws: ValidationError.self) { try child.checkForErrors() }
    #expect(
      error?.report.problems == [
        .nameCollision(
          "widgetProvider", site: RegistrationSite(fileID: "App/C.swift", line: 2),
          baseName: "widget", baseSite: RegistrationSite(fileID: "App/P.swift", line: 1))
      ])
    #expect(throws: ResolutionError.self) { try child.value(forName: "widgetProvider") }
    try parent.checkForErrors()
  }

  @Test func aChildsBaseCollidesWithItsParentsProviderClosureName() throws {
    let parent = Container()
    parent.addProvider(forName: "widgetProvider", fileID: "App/P.swift", line: 1) { _ in 1 }
    let child = parent.makeChild()
    child.addInstance(Widget(), forName: "widget", fileID: "App/C.swift", line: 2)
    let error = #expect(throws: ValidationError.self) { try child.checkForErrors() }
    #expect(
      error?.report.problems == [
        .nameCollision(
          "widgetProvider", site: RegistrationSite(fileID: "App/P.swift", line: 1),
          baseName: "widget", baseSite: RegistrationSite(fileID: "App/C.swift", line: 2))
      ])
    #expect(throws: ResolutionError.self) { try child.value(forName: "widget") }
    #expect(throws: ResolutionError.self) { try child.value(forName: "widgetProvider") }
    #expect(try parent.value(forName: "widgetProvider", as: Int.self) == 1)
  }

  @Test func aChildShadowingBothNamesIsFine() throws {
    let parent = Container()
    parent.addInstance(Widget(), forName: "widget")
    let child = parent.makeChild()
    child.addInstance(Widget(), forName: "widget")
    try child.checkForErrors()
    let make = try child.value(forName: "widgetProvider", as: (() -> Widget).self)
    #expect(make() === (try child.value(forName: "widget", as: Widget.self)))
  }
}
