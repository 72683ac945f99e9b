import Injineer

/// The cities screen: lists the user's cities, selects one, removes one.
///
/// The city DAO and the theme come through the initializer; the root screen comes
/// through `rootViewControllerProvider`, set by property injection, because the root
/// screen is what opens this one.
@MainActor
final class CitiesListViewController {
  private let cityDao: CityDao
  private let theme: Theme
  @Inject var rootViewControllerProvider: (@MainActor () throws -> RootViewController)?

  init(cityDao: CityDao, theme: Theme) {
    self.cityDao = cityDao
    self.theme = theme
  }

  /// Shows the list, the selected city marked.
  ///
  /// - Parameter notes: Shown below the list.
  /// - Throws: ``AppError`` when the list cannot be read.
  func viewWillAppear(notes: [String] = []) throws {
    let cities = try cityDao.listAllCities()
    let selected = try cityDao.loadSelectedCity()
    var lines = cities.map { city in
      "\(theme.bullet) \(city)\(city == selected ? "  (selected)" : "")"
    }
    if cities.isEmpty {
      lines = ["No cities yet: add one with 'pocket-forecast add <city>'."]
    }
    try rootViewController().present(
      ScreenText.draw(title: "Your cities", lines: lines, notes: notes, theme: theme))
  }

  /// Selects a city and closes the list, which brings back the weather report, now for
  /// that city.
  ///
  /// - Parameter name: The city's name; case does not matter.
  /// - Throws: ``AppError/data(_:)`` when the city is not in the list.
  func select(_ name: String) throws {
    let city = try existingCity(named: name)
    try cityDao.saveCurrentlySelectedCity(city)
    try rootViewController().dismissCitiesList()
  }

  /// Removes a city, then shows the list.
  ///
  /// - Parameter name: The city's name; case does not matter.
  /// - Throws: ``AppError/data(_:)`` when the city is not in the list.
  func remove(_ name: String) throws {
    let city = try existingCity(named: name)
    let wasSelected = try cityDao.loadSelectedCity() == city
    try cityDao.deleteCity(city)
    try viewWillAppear(
      notes: ["Removed \(city)." + (wasSelected ? " No city is selected now." : "")])
  }

  private func existingCity(named name: String) throws -> String {
    if let city = try cityDao.city(named: name) {
      return city
    }
    let cities = try cityDao.listAllCities()
    let list = cities.isEmpty ? "you have none" : cities.joined(separator: ", ")
    throw AppError.data(
      "'\(CityDao.trimmed(name))' is not one of your cities (\(list)). "
        + "Add it with 'pocket-forecast add <city>'.")
  }

  private func rootViewController() throws -> RootViewController {
    try injected(
      rootViewControllerProvider, "rootViewControllerProvider",
      in: "citiesListViewController")()
  }
}
