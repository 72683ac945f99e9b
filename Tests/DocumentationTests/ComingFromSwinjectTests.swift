import Injineer
import Testing

// The samples of the article "Coming from Swinject", as written there.

final class TideClient: Sendable {
  let city = "Lisbon"
}

final class TideTable {
  let client: TideClient
  init(client: TideClient) { self.client = client }
}

final class TravelBag: Sendable {}

final class Parent {
  let child: Child
  init(child: Child) { self.child = child }
}

final class Child {
  @Inject var parentProvider: WeakLazy<Parent>?
}

struct Greeting {
  let name: String
}

struct TidesModule: ContainerModule {
  func register(in container: Container) {
    container.addProvider(forName: "tideClient") { _ in TideClient() }
  }
}

final class Inbox {
  private(set) var isSubscribed = false
  func subscribe() { isSubscribed = true }
}

// The article's samples run in nonisolated code.
@Suite("Coming from Swinject")
struct ComingFromSwinjectTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/ComingFromSwinject.md"

  /// The article's first container, as its first sample makes it.
  static func tides() throws -> Container {
    let tides = Container()
    tides.addProvider(forName: "tideClient") { _ in TideClient() }
    tides.addProvider(forName: "tideTable", dependencies: ["tideClient"]) { values in
      TideTable(client: try values.value(forName: "tideClient"))
    }
    try tides.checkForErrors()
    return tides
  }

  @Test func registeringAndResolving() throws {
    let tides = Container()
    tides.addProvider(forName: "tideClient") { _ in TideClient() }
    tides.addProvider(forName: "tideTable", dependencies: ["tideClient"]) { values in
      TideTable(client: try values.value(forName: "tideClient"))
    }
    try tides.checkForErrors()
    let tideTable = try tides.value(forName: "tideTable", as: TideTable.self)
    print(tideTable.client.city)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func overridesForPreviews() throws {
    let tides = try Self.tides()
    let preview = tides.makeChild()
    preview.override("tideClient", with: TideClient())
    try preview.checkForErrors()
    print(try preview.value(forName: "tideTable", as: TideTable.self).client.city)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func scopes() throws {
    let shop = Container(defaultScope: .objectGraph)
    shop.addProvider(forName: "travelBag", options: .scope("session")) { _ in TravelBag() }
    let before = try shop.value(forName: "travelBag", as: TravelBag.self)
    try shop.reset(scope: "session")
    print(try shop.value(forName: "travelBag", as: TravelBag.self) === before)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func circularDependencies() throws {
    let family = Container(defaultScope: .objectGraph)
    family.addProvider(forName: "parent", dependencies: ["child"]) { values in
      Parent(child: try values.value(forName: "child"))
    }
    family.addProvider(forName: "child", dependencies: ["parentProvider"]) { _ in Child() }
    try family.checkForErrors()
    let parent = try family.value(forName: "parent", as: Parent.self)
    print(try parent.child.parentProvider?.value === parent)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func arguments() throws {
    let greetings = Container()
    greetings.addProvider(forName: "greeting", argument: String.self) { _, name in
      Greeting(name: name)
    }
    let makeGreeting = try greetings.value(
      forName: "greetingProvider", as: ((String) -> Greeting).self)
    print(makeGreeting("Ada").name)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func assemblies() throws {
    let app = Container()
    app.install(TidesModule())
    print(app.installedModules)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func hooks() throws {
    let hooked = Container()
    hooked.addProvider(forName: "inbox") { _ in Inbox() }
    hooked.decorate("inbox", as: Inbox.self) { inbox, _ in
      inbox.subscribe()
      return inbox
    }
    print(try hooked.value(forName: "inbox", as: Inbox.self).isSubscribed)

    expectPrintedOutputShown(in: Self.article)
  }
}
