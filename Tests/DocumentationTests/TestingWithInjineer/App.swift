// The app of the article "Testing with Injineer" (in the INJTestSupport catalog), as written
// there, and the fake its tests use. It is nonisolated, as the article says.

import INJContainer
import INJReflection

protocol ForecastService: Sendable {
  func forecast(for city: String) throws -> String
}

struct OpenMeteoForecastService: ForecastService {
  let apiKey: String
  func forecast(for city: String) throws -> String {
    "Forecast for \(city), signed with \(apiKey.count) characters"
  }
}

struct Analytics: Sendable {
  var track: @Sendable (String) -> Void
}

final class ForecastViewModel {
  let service: any ForecastService
  @Inject var analytics: Analytics?

  init(service: any ForecastService) { self.service = service }

  func load(city: String) -> String {
    analytics?.track("forecast")
    return (try? service.forecast(for: city)) ?? "No forecast"
  }
}

enum AppContainer {
  static func make() -> Container {
    let container = Container()
    container.addInstance("secret", forName: "apiKey")
    container.addProvider(
      forName: "forecastService", dependencies: ["apiKey"], options: .singleton
    ) { values -> any ForecastService in
      OpenMeteoForecastService(apiKey: try values.value(forName: "apiKey"))
    }
    container.addInstance(Analytics(track: { _ in }), forName: "analytics")
    container.addProvider(
      forName: "forecastViewModel", dependencies: ["forecastService", "analytics"]
    ) { values in
      ForecastViewModel(service: try values.value(forName: "forecastService"))
    }
    return container
  }
}

struct FakeForecastService: ForecastService {
  var text: String
  func forecast(for city: String) throws -> String { "\(text) in \(city)" }
}
