import Injineer

/// The screen that holds the others: the weather report as its main content, and the
/// cities list and the add-city screen that it opens over it.
///
/// It is a singleton. It makes a new cities list or add-city screen each time it opens
/// one, through the `…Provider` closures the container injects; those closures are also
/// what lets those screens depend on the root (through `rootViewControllerProvider`)
/// without a cycle.
///
/// In this text version of the app, showing a screen appends its text to ``screens``,
/// which the window draws at the end of the launch.
@MainActor
final class RootViewController {
  let mainContentViewController: WeatherReportViewController
  @Inject var citiesListViewControllerProvider: (@MainActor () throws -> CitiesListViewController)?
  @Inject var addCityViewControllerProvider: (@MainActor () throws -> AddCityViewController)?
  /// The text of each screen shown, in order.
  private(set) var screens: [String] = []

  init(mainContentViewController: WeatherReportViewController) {
    self.mainContentViewController = mainContentViewController
  }

  /// Shows a screen's text.
  func present(_ screen: String) {
    screens.append(screen)
  }

  /// Shows the weather report.
  ///
  /// - Throws: ``AppError`` when the report can be neither read nor fetched.
  func showMainContent() throws {
    try mainContentViewController.viewWillAppear()
  }

  /// Opens a new cities list without showing it, for an action on it.
  ///
  /// - Returns: The cities list.
  /// - Throws: An error when the container cannot make it.
  func makeCitiesList() throws -> CitiesListViewController {
    try injected(
      citiesListViewControllerProvider, "citiesListViewControllerProvider",
      in: "rootViewController")()
  }

  /// Opens a new cities list and shows it.
  ///
  /// - Parameter notes: Shown below the list.
  /// - Throws: ``AppError`` when the list cannot be read.
  func showCitiesList(notes: [String] = []) throws {
    try makeCitiesList().viewWillAppear(notes: notes)
  }

  /// Closes the cities list, which shows the weather report again.
  ///
  /// - Throws: ``AppError`` when the report can be neither read nor fetched.
  func dismissCitiesList() throws {
    try showMainContent()
  }

  /// Opens a new add-city screen.
  ///
  /// - Returns: The add-city screen.
  /// - Throws: An error when the container cannot make it.
  func makeAddCity() throws -> AddCityViewController {
    try injected(
      addCityViewControllerProvider, "addCityViewControllerProvider",
      in: "rootViewController")()
  }

  /// Closes the add-city screen, which shows the cities list again.
  ///
  /// - Parameter notes: Shown below the list.
  /// - Throws: ``AppError`` when the list cannot be read.
  func dismissAddCity(notes: [String]) throws {
    try showCitiesList(notes: notes)
  }
}
