/// The add-city screen: checks a name with the weather service and adds the city.
///
/// This class imports nothing from the container: its properties are plain optionals,
/// which the composition root fills through an `Injectable` conformance (the explicit
/// way, see `AppContext.swift`) instead of `@Inject` markers.
@MainActor
final class AddCityViewController {
  var cityDao: CityDao?
  var weatherClient: (any WeatherClient)?
  var rootViewControllerProvider: (@MainActor () throws -> RootViewController)?

  /// Adds the city if the weather service has reports for it, spelled as the service
  /// spells it, then closes this screen, which shows the cities list again.
  ///
  /// - Parameter name: The city's name, as the user typed it.
  /// - Throws: ``AppError/data(_:)`` when the weather service does not know the city.
  func add(_ name: String) throws {
    let client = try injected(weatherClient, "weatherClient", in: "addCityViewController")
    let cityDao = try injected(cityDao, "cityDao", in: "addCityViewController")
    // Like the original, ask the weather service first: a city it has no reports for is
    // not worth adding. The report it returns is stored, ready for `select`.
    let report = try client.loadWeatherReport(for: name)
    let city = report.cityDisplayName
    let note =
      try cityDao.saveCity(city) ? "Added \(city)." : "\(city) is already one of your cities."
    try rootViewController().dismissAddCity(notes: [note])
  }

  private func rootViewController() throws -> RootViewController {
    try injected(
      rootViewControllerProvider, "rootViewControllerProvider",
      in: "addCityViewController")()
  }
}
