import Injineer

// The mistake the article "Getting Started with Injineer" shows, with its types: a creator
// parameter of another type than its key's gets a message that names the key.
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

extension Key where Value == ForecastScreen {
  static var forecastScreen: Self { Self("forecastScreen") }
}

func registerTheScreen(in container: Container) {
  // expected-error on the next line: static property 'baseURL' requires the types 'WeatherClient' and 'String' be equivalent
  container.addProvider(for: .forecastScreen, using: .baseURL) { client in
    ForecastScreen(client: client)
  }
}
