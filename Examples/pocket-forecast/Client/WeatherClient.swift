/// Loads weather reports from a weather service.
///
/// The app sees only this protocol: the `weatherClient` provider declares `any
/// WeatherClient` as its result, so replacing the stub with a networked client changes
/// that one provider and nothing else.
protocol WeatherClient: Sendable {
  /// Loads the current report for a city and stores it in the weather report DAO.
  ///
  /// - Parameter cityName: The city's name, as the user typed it.
  /// - Returns: The report, whose ``WeatherReport/cityDisplayName`` is the service's
  ///   spelling of the name.
  /// - Throws: ``AppError/data(_:)`` when the service has no reports for the city.
  func loadWeatherReport(for cityName: String) throws(AppError) -> WeatherReport
}
