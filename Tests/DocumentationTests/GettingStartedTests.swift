import Injineer
import Testing

// The samples of the article "Getting Started with Injineer", as written there.

final class WeatherClient: Sendable {
  let baseURL: String
  init(baseURL: String) { self.baseURL = baseURL }
}

final class ForecastScreen {
  let client: WeatherClient
  init(client: WeatherClient) { self.client = client }
}

extension Key where Value == String {
  static var baseURL: Self { Self("baseURL") }
}

extension Key where Value == WeatherClient {
  static var weatherClient: Self { Self("weatherClient") }
}

extension Key where Value == ForecastScreen {
  static var forecastScreen: Self { Self("forecastScreen") }
}

@Suite("Getting Started with Injineer")
struct GettingStartedTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/GettingStarted.md"

  @Test func registerCheckAndResolve() throws {
    func makeAppContainer() -> Container {
      let container = Container()
      container.addInstance("https://api.example.com", for: .baseURL)
      container.addProvider(for: .weatherClient, using: .baseURL, options: .singleton) { baseURL in
        WeatherClient(baseURL: baseURL)
      }
      container.addProvider(for: .forecastScreen, using: .weatherClient) { client in
        ForecastScreen(client: client)
      }
      return container
    }

    let container = makeAppContainer()
    try container.checkForErrors()

    let screen = try container.value(for: .forecastScreen)
    let another = try container.value(forName: "forecastScreen", as: ForecastScreen.self)
    print(screen.client.baseURL)
    print(screen === another, screen.client === another.client)

    expectPrintedOutputShown(in: Self.article)

    // The provider closure's key the article names, and a provider without dependencies.
    let makeScreen = try container.value(for: Key.forecastScreen.provider)
    #expect(makeScreen() !== makeScreen())
    let bare = Container()
    bare.addProvider(for: .baseURL) { "https://api.example.com" }
    #expect(try bare.value(for: .baseURL) == "https://api.example.com")
  }

  @Test func theSameRegistrationsWithNames() throws {
    func makeAppContainerWithNames() -> Container {
      let container = Container()
      container.addInstance("https://api.example.com", forName: "baseURL")
      container.addProvider(
        forName: "weatherClient", dependencies: ["baseURL"], options: .singleton
      ) { values in
        WeatherClient(baseURL: try values.value(forName: "baseURL"))
      }
      container.addProvider(forName: "forecastScreen", dependencies: ["weatherClient"]) { values in
        ForecastScreen(client: try values.value(forName: "weatherClient"))
      }
      return container
    }

    let container = makeAppContainerWithNames()
    try container.checkForErrors()
    let screen = try container.value(for: .forecastScreen)
    #expect(screen.client === (try container.value(for: .weatherClient)))
  }

  @Test func namesThatMayBeMissing() throws {
    let container = Container()
    container.addInstance("https://api.example.com", forName: "baseURL")
    container.addProvider(forName: "weatherClient", dependencies: ["baseURL"]) { values in
      WeatherClient(baseURL: try values.value(forName: "baseURL"))
    }

    print(container.isRegistered("weatherClient"), container.isRegistered("analytics"))
    let analytics =
      container.isRegistered("analytics")
      ? try container.value(forName: "analytics", as: String.self) : nil
    print(analytics ?? "no analytics")
    for registration in container.registrations() {
      print(registration.name, registration.kind, registration.dependencies)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aWrongName() throws {
    let broken = Container()
    broken.addInstance("https://api.example.com", forName: "baseURL")
    broken.addProvider(forName: "weatherClient", dependencies: ["baseURl"]) { values in
      WeatherClient(baseURL: try values.value(forName: "baseURl"))
    }

    do {
      try broken.checkForErrors()
    } catch let error as ValidationError {
      for missing in error.missingDependencies {
        print(
          missing.requiredBy, "needs", missing.name, "- did you mean", missing.suggestion ?? "?")
      }
    }

    do {
      _ = try broken.value(forName: "weatherClient")
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }
}
