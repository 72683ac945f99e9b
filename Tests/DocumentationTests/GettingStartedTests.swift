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

@Suite("Getting Started with Injineer")
struct GettingStartedTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/GettingStarted.md"

  @Test func registerCheckAndResolve() throws {
    func makeAppContainer() -> Container {
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

    let container = makeAppContainer()
    try container.checkForErrors()

    let screen = try container.value(forName: "forecastScreen", as: ForecastScreen.self)
    let another = try container.value(forName: "forecastScreen", as: ForecastScreen.self)
    print(screen.client.baseURL)
    print(screen === another, screen.client === another.client)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func namesThatMayBeMissing() throws {
    let container = Container()
    container.addInstance("https://api.example.com", forName: "baseURL")
    container.addProvider(forName: "weatherClient", dependencies: ["baseURL"]) { values in
      WeatherClient(baseURL: try values.value(forName: "baseURL"))
    }

    print(container.isRegistered("weatherClient"), container.isRegistered("analytics"))
    let analytics = try container.valueIfRegistered(forName: "analytics", as: String.self)
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
