import Foundation

/// A weather client that answers from a bundled fixture instead of the network.
///
/// This is a deliberate part of the example, not a shortcut: it answers the way the
/// service at ``Configuration/serviceURL`` would, for the cities in
/// `ForecastFixture.json`, with the same report for the same city every time. That keeps
/// the app runnable offline and its output fixed, which its tests rely on. Like the
/// original's client, it stores every report it loads in the weather report DAO.
///
/// A networked client would implement ``WeatherClient`` with the same configuration
/// (the URL, the API key, the number of days) and be registered by the same provider.
final class StubWeatherClient: WeatherClient {
  /// The fixture's format: one issue time, and each city's conditions and forecast.
  struct Fixture: Decodable {
    struct City: Decodable {
      let cityDisplayName: String
      let current: WeatherReport.Conditions
      let forecast: [WeatherReport.DailyForecast]
    }

    let issued: String
    let cities: [City]
  }

  let configuration: Configuration
  private let weatherReportDao: WeatherReportDao
  private let fixture: Fixture

  /// Creates the client with its fixture.
  ///
  /// - Parameters:
  ///   - configuration: The service's URL, the API key and the number of days.
  ///   - weatherReportDao: Where every loaded report is stored.
  ///   - fixture: The reports the client answers with.
  init(configuration: Configuration, weatherReportDao: WeatherReportDao, fixture: Fixture) {
    self.configuration = configuration
    self.weatherReportDao = weatherReportDao
    self.fixture = fixture
  }

  /// Creates the client, reading its fixture the way a networked client would fetch
  /// what it needs at start-up: asynchronously, without holding up the caller's thread.
  ///
  /// - Parameters:
  ///   - configuration: The service's URL, the API key and the number of days.
  ///   - weatherReportDao: Where every loaded report is stored.
  ///   - fixtureURL: The fixture's JSON file.
  /// - Returns: The client.
  /// - Throws: ``AppError/internal(_:)`` when the fixture cannot be read: it ships with
  ///   the program.
  static func load(
    configuration: Configuration, weatherReportDao: WeatherReportDao, fixtureURL: URL
  ) async throws(AppError) -> StubWeatherClient {
    let read = Task.detached(priority: .userInitiated) {
      try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: fixtureURL))
    }
    do {
      return StubWeatherClient(
        configuration: configuration, weatherReportDao: weatherReportDao,
        fixture: try await read.value)
    } catch {
      throw .internal(
        "The bundled forecast fixture '\(fixtureURL.lastPathComponent)' cannot be read: "
          + "\(Resources.describe(error))")
    }
  }

  /// The cities the fixture has reports for, sorted.
  var knownCities: [String] {
    fixture.cities.map(\.cityDisplayName).sorted()
  }

  func loadWeatherReport(for cityName: String) throws(AppError) -> WeatherReport {
    let wanted = CityDao.trimmed(cityName)
    let host = configuration.serviceURL.host ?? configuration.serviceURL.absoluteString
    guard
      let city = fixture.cities.first(where: {
        $0.cityDisplayName.caseInsensitiveCompare(wanted) == .orderedSame
      })
    else {
      throw .data(
        "No weather reports for '\(wanted)' at \(host). The stub weather client knows "
          + "\(knownCities.joined(separator: ", ")).")
    }
    let report = WeatherReport(
      cityDisplayName: city.cityDisplayName, issued: fixture.issued, source: host,
      current: city.current,
      forecast: Array(city.forecast.prefix(configuration.daysToRetrieve)))
    try weatherReportDao.save(report)
    return report
  }
}
