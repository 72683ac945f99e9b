import Injineer
import Testing

// The samples of the article "Coming from Factory", as written there. Its `TideClient` and
// `TideTable` are those of "Coming from Swinject", in ComingFromSwinjectTests.swift.

final class ShoppingCart: Sendable {}

final class TideScreen {
  @Inject var tideClientProvider: Lazy<TideClient>?
}

// The article's samples run in nonisolated code.
@Suite("Coming from Factory")
struct ComingFromFactoryTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/ComingFromFactory.md"

  /// The article's first container, as its first sample makes it.
  static func services() throws -> Container {
    let services = Container()
    services.addProvider(forName: "tideClient") { _ in TideClient() }
    services.addProvider(forName: "tideTable", dependencies: ["tideClient"]) { values in
      TideTable(client: try values.value(forName: "tideClient"))
    }
    try services.checkForErrors()
    return services
  }

  @Test func registeringAndResolving() throws {
    let services = Container()
    services.addProvider(forName: "tideClient") { _ in TideClient() }
    services.addProvider(forName: "tideTable", dependencies: ["tideClient"]) { values in
      TideTable(client: try values.value(forName: "tideClient"))
    }
    try services.checkForErrors()
    print(try services.value(forName: "tideTable", as: TideTable.self).client.city)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func anOverrideForALaunchArgument() throws {
    let services = try Self.services()
    let launched = services.makeChild()
    let arguments = ["-mock-tides"]  // ProcessInfo.processInfo.arguments in an app
    if arguments.contains("-mock-tides") {
      launched.override("tideClient", with: TideClient())
    }
    try launched.checkForErrors()
    print(try launched.value(forName: "tideTable", as: TideTable.self).client.city)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func scopes() throws {
    let session = Container()
    session.addProvider(forName: "cart", options: .scope("session")) { _ in ShoppingCart() }
    let cart = try session.value(forName: "cart", as: ShoppingCart.self)
    try session.reset(scope: "session")  // sign-out
    print(try session.value(forName: "cart", as: ShoppingCart.self) === cart)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func injectingProperties() throws {
    let screens = Container()
    screens.addProvider(forName: "tideClient") { _ in TideClient() }
    screens.addProvider(forName: "tideScreen", dependencies: ["tideClientProvider"]) { _ in
      TideScreen()
    }
    try screens.checkForErrors()
    let screen = try screens.value(forName: "tideScreen", as: TideScreen.self)
    print(try screen.tideClientProvider?.value.city ?? "-")

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func decorators() throws {
    let decorated = Container()
    decorated.addProvider(forName: "tideClient") { _ in TideClient() }
    decorated.decorate("tideClient", as: TideClient.self) { client, _ in
      print("made a client for \(client.city)")
      return client
    }
    _ = try decorated.value(forName: "tideClient", as: TideClient.self)

    expectPrintedOutputShown(in: Self.article)
  }
}
