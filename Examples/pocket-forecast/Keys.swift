import Injineer

// The app's names, each declared once with the type registered under it: the Objective-C
// original's names, now typed. The composition root (AppContext.swift) registers each
// under its key and lists each provider's dependencies as keys, so the compiler checks
// every creator against its list, and the check finds a key that nothing registers.
//
// Each key lives in an extension constrained to its type, so that a creator of another
// type gets the compiler's plain message.

// Instances.
extension Key where Value == KeyValueStore {
  static var userDefaults: Self { Self("userDefaults") }
}

extension Key where Value == Configuration {
  static var conf: Self { Self("conf") }
}

extension Key where Value == [Theme] {
  static var themes: Self { Self("themes") }
}

extension Key where Value == WeatherReportDao {
  static var weatherReportDao: Self { Self("weatherReportDao") }
}

// Services.
extension Key where Value == any WeatherClient {
  static var weatherClient: Self { Self("weatherClient") }
}

extension Key where Value == CityDao {
  static var cityDao: Self { Self("cityDao") }
}

extension Key where Value == Theme {
  static var theme: Self { Self("theme") }
}

// Screens.
extension Key where Value == WeatherReportView {
  static var weatherReportView: Self { Self("weatherReportView") }
}

extension Key where Value == WeatherReportViewController {
  static var weatherReportViewController: Self { Self("weatherReportViewController") }
}

extension Key where Value == RootViewController {
  static var rootViewController: Self { Self("rootViewController") }
}

extension Key where Value == Window {
  static var window: Self { Self("window") }
}

extension Key where Value == CitiesListViewController {
  static var citiesListViewController: Self { Self("citiesListViewController") }
}

extension Key where Value == AddCityViewController {
  static var addCityViewController: Self { Self("addCityViewController") }
}
