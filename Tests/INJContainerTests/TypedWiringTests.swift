import INJContainer
import INJReflection
import Testing

private final class Database: Sendable {
  let url: String
  init(url: String) { self.url = url }
}

private final class Repository {
  let database: Database
  let label: String
  let retries: Int
  @Inject var database2: Database?
  init(database: Database, label: String, retries: Int) {
    self.database = database
    self.label = label
    self.retries = retries
  }
}

private final class Parent {
  let makeChild: () -> Child
  init(makeChild: @escaping () -> Child) { self.makeChild = makeChild }
}

private final class Child {
  let parent: Parent
  init(parent: Parent) { self.parent = parent }
}

private final class Detail {
  let index: Int
  let database: Database
  init(index: Int, database: Database) {
    self.index = index
    self.database = database
  }
}

private protocol Plugin: Sendable { var id: String { get } }
private struct NamedPlugin: Plugin { let id: String }

@MainActor
private final class Screen {
  let title: String
  init(title: String) { self.title = title }
}

extension Key where Value == Database {
  fileprivate static var database: Self { Self("database") }
  fileprivate static var database2: Self { Self("database2") }
}
extension Key where Value == String {
  fileprivate static var label: Self { Self("label") }
  fileprivate static var url: Self { Self("url") }
}
extension Key where Value == Int {
  fileprivate static var retries: Self { Self("retries") }
}
extension Key where Value == Repository {
  fileprivate static var repository: Self { Self("repository") }
}
extension Key where Value == Parent {
  fileprivate static var parent: Self { Self("parent") }
}
extension Key where Value == Child {
  fileprivate static var child: Self { Self("child") }
}
extension Key where Value == Detail {
  fileprivate static var detail: Self { Self("detail") }
}
extension Key where Value == [any Plugin] {
  fileprivate static var plugins: Self { Self("plugins") }
}
extension Key where Value == Screen {
  fileprivate static var screen: Self { Self("screen") }
}

@Suite("Typed wiring")
struct TypedWiringTests {
  @Test func theCreatorReceivesEachDeclaredValueTypedInOrder() throws {
    let container = Container()
    container.addInstance("db://main", for: .url)
    container.addInstance("orders", for: .label)
    container.addInstance(3, for: .retries)
    container.addProvider(for: .database, using: .url, options: .singleton) { url in
      Database(url: url)
    }
    container.addProvider(for: .database2) { Database(url: "db://second") }
    container.addProvider(for: .repository, using: .database, .label, .retries, .database2) {
      database, label, retries, _ in
      Repository(database: database, label: label, retries: retries)
    }
    try container.checkForErrors()
    let repository = try container.value(for: .repository)
    #expect(repository.database.url == "db://main")
    #expect(repository.label == "orders")
    #expect(repository.retries == 3)
    // The declared keys are the dependency list: @Inject properties named like one are
    // filled.
    #expect(repository.database2?.url == "db://second")
    #expect(try container.value(for: .database) === repository.database)
    #expect(
      container.registrations().first { $0.name == "repository" }?.dependencies
        == ["database", "label", "retries", "database2"])
  }

  @Test func theCheckSeesTheDeclaredKeys() throws {
    let container = Container()
    container.addInstance("db://main", forName: "urls")
    container.addInstance(3, forName: "label")
    container.addProvider(for: .database, using: .url) { Database(url: $0) }
    container.addProvider(for: .repository, using: .database, .label, .retries) {
      Repository(database: $0, label: $1, retries: $2)
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.missingDependencies.map { "\($0.name) \($0.requiredBy) \($0.suggestion ?? "-")" }
        == ["url database urls", "retries repository -"])
    #expect(
      error?.report.problems.contains {
        if case .keyTypeMismatch(let provider, _, let dependency, _, _, _) = $0 {
          return provider == "repository" && dependency == "label"
        }
        return false
      } == true)
  }

  @Test func aProviderClosureKeyBreaksACycle() throws {
    let container = Container()
    container.addProvider(for: .parent, using: Key.child.provider) { makeChild in
      Parent(makeChild: makeChild)
    }
    container.addProvider(for: .child, using: .parent) { Child(parent: $0) }
    try container.checkForErrors()
    let parent = try container.value(for: .parent)
    let first = parent.makeChild()
    #expect(first !== parent.makeChild())

    let cyclic = Container()
    cyclic.addProvider(for: .parent, using: .child) { child in Parent(makeChild: { child }) }
    cyclic.addProvider(for: .child, using: .parent) { Child(parent: $0) }
    let error = #expect(throws: ValidationError.self) { try cyclic.checkForErrors() }
    #expect(error?.cycles == [["child", "parent", "child"]])
  }

  @Test func aRuntimeArgumentComesFirst() throws {
    let container = Container()
    container.addInstance(Database(url: "db://main"), for: .database)
    container.addProvider(for: .detail, using: .database, argument: Int.self) { index, database in
      Detail(index: index, database: database)
    }
    try container.checkForErrors()
    let makeDetail = try container.value(for: Key.detail.provider(taking: Int.self))
    #expect(Key.detail.mainActorProvider(taking: Int.self).name == "detailProvider")
    #expect(makeDetail(4).index == 4)
    #expect(makeDetail(5).database.url == "db://main")
    #expect(throws: ResolutionError.self) { try container.value(for: .detail) }
  }

  @Test func asyncCreatorsAndTheSynchronousOnesAboveThem() async throws {
    let container = Container()
    container.addInstance("db://main", for: .url)
    container.addAsyncProvider(for: .database, using: .url, options: .singleton) { url in
      await Task.yield()
      return Database(url: url)
    }
    container.addProvider(for: .repository, using: .database, .url, .url) {
      Repository(database: $0, label: $1, retries: $2.count)
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.report.problems.count == 1)
    #expect(
      error?.report.problems.first.map {
        if case .synchronousDependsOnAsync = $0 { true } else { false }
      } == true)
    let repository = try await container.asyncValue(for: .repository)
    #expect(repository.database.url == "db://main")
    #expect(repository.retries == 9)
  }

  @Test func contributionsDeclareTheirKeysToo() throws {
    let container = Container()
    container.addInstance("audit", for: .label)
    container.contribute(to: .plugins) { NamedPlugin(id: "logging") }
    container.contribute(to: .plugins, using: .label) { NamedPlugin(id: $0) }
    try container.checkForErrors()
    #expect(try container.value(for: .plugins).map(\.id) == ["logging", "audit"])
  }

  @MainActor
  @Test func aCreatorRegisteredFromMainActorCodeRunsOnTheMainActor() async throws {
    let container = Container()
    container.addInstance("Settings", for: .label)
    container.addProvider(for: .screen, using: .label) { Screen(title: $0) }
    try container.checkForErrors()
    #expect(try container.value(for: .screen).title == "Settings")
    let offMain = await Task.detached {
      do {
        _ = try container.value(forName: "screen")
        return "resolved"
      } catch let error as ResolutionError {
        if case .notOnMainActor = error.reason { return "refused" }
        return "\(error)"
      } catch {
        return "\(error)"
      }
    }.value
    #expect(offMain == "refused")
    let makeScreen = try container.value(for: Key.screen.mainActorProvider)
    #expect(makeScreen().title == "Settings")
  }

  @Test func aValueOfAnotherTypeUnderADeclaredKeyIsAnErrorNamingTheKey() throws {
    let container = Container()
    container.addInstance(7, forName: "url")
    container.addProvider(for: .database, using: .url) { Database(url: $0) }
    let error = #expect(throws: ResolutionError.self) { try container.value(for: .database) }
    #expect(
      error?.description
        == "Cannot resolve 'database': the creator of 'database' asked for 'url' as String, but "
        + "it is of type Int. Ask for Int (or one of its protocols or superclasses), or register "
        + "a value of type String under 'url'. Path: database → url.")
  }
}
