import Injineer

/// The main screen: the selected city's weather report.
///
/// Its four collaborators come through its initializer (constructor injection: the
/// provider's creator reads them from its resolved values). The root screen comes later,
/// through a closure: the root screen holds this controller, so depending on
/// `rootViewController` itself would be a cycle. Depending on `rootViewControllerProvider`
/// instead gives a closure that returns the root singleton when called, by which time it
/// exists.
@MainActor
final class WeatherReportViewController {
  let view: WeatherReportView
  private let weatherClient: any WeatherClient
  private let weatherReportDao: WeatherReportDao
  private let cityDao: CityDao
  /// Returns the root screen. A throwing closure, so that a failure to make it is an
  /// error to report rather than a stop.
  @Inject var rootViewControllerProvider: (@MainActor () throws -> RootViewController)?

  init(
    view: WeatherReportView, weatherClient: any WeatherClient,
    weatherReportDao: WeatherReportDao, cityDao: CityDao
  ) {
    self.view = view
    self.weatherClient = weatherClient
    self.weatherReportDao = weatherReportDao
    self.cityDao = cityDao
  }

  /// Shows the selected city's report: the stored one, or else a fresh one from the
  /// weather client. With no city selected, it opens the cities list instead.
  ///
  /// - Throws: ``AppError`` when the report can be neither read nor fetched.
  func viewWillAppear() throws {
    guard let cityName = try cityDao.loadSelectedCity() else {
      try rootViewController().showCitiesList(
        notes: ["No city is selected yet: pick one with 'pocket-forecast select <city>'."])
      return
    }
    if let report = try weatherReportDao.report(forCityName: cityName) {
      try rootViewController().present(
        view.draw(report, status: "Stored report; 'pocket-forecast refresh' fetches a new one."))
    } else {
      try refreshData()
    }
  }

  /// Fetches the selected city's report from the weather client and shows it.
  ///
  /// - Throws: ``AppError`` when it cannot be fetched or stored.
  func refreshData() throws {
    guard let cityName = try cityDao.loadSelectedCity() else {
      try viewWillAppear()
      return
    }
    let report = try weatherClient.loadWeatherReport(for: cityName)
    try rootViewController().present(
      view.draw(report, status: "Fetched from the weather service and stored."))
  }

  private func rootViewController() throws -> RootViewController {
    try injected(
      rootViewControllerProvider, "rootViewControllerProvider",
      in: "weatherReportViewController")()
  }
}
