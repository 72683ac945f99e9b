import Foundation
import Injineer

// The composition root: the one place that knows how the app is put together.
//
// It follows the Objective-C original's `PFAppContext` name for name: instances for the
// ready-made objects, providers for everything made from them, and provider closures
// (`…Provider`) wherever a screen must make another screen later, or must reach the root
// screen that holds it.

@MainActor
enum AppContext {
  /// Registers the whole app.
  ///
  /// Nothing is created yet, except the instances: providers run when something is
  /// resolved. Call ``Container/checkForErrors()`` on the result before resolving.
  ///
  /// - Parameter dataDirectory: Where the user defaults and the stored reports live.
  /// - Returns: The container.
  /// - Throws: ``AppError`` when an instance cannot be made: a damaged settings file, a
  ///   broken bundled configuration.
  static func makeContainer(dataDirectory: URL) throws(AppError) -> Container {
    let container = Container()

    // Instances: ready objects, with no dependencies. Whoever depends on the name gets
    // exactly this object.
    //
    // The user defaults are told each setting the app keeps and the kind of value it
    // holds, so that they check the file as they open it: a damaged file stops the app
    // before the theme's turn, or anything else, is written over it.
    let settings: [String: KeyValueStore.Kind] = [
      CityDao.citiesKey: .strings,
      CityDao.selectedCityKey: .string,
      ThemeFactory.nextThemeKey: .integer,
    ]
    container.addInstance(
      try KeyValueStore(
        fileURL: dataDirectory.appendingPathComponent("settings.json"), kinds: settings),
      forName: "userDefaults")
    container.addInstance(try Configuration.load(from: Resources.configuration), forName: "conf")
    container.addInstance(Theme.all, forName: "themes")
    container.addInstance(
      WeatherReportDao(directory: dataDirectory.appendingPathComponent("reports")),
      forName: "weatherReportDao")

    // Services. A singleton's creator runs once; every dependent shares its product.
    container.addAsyncProvider(
      forName: "weatherClient", dependencies: ["weatherReportDao", "conf"],
      options: .madeAtLaunch
    ) { values -> any WeatherClient in
      // The declared result, `any WeatherClient`, is what dependents ask for: swapping the
      // stub for a networked client changes only this creator. It is async, as a client
      // that fetches what it needs at start-up would be: it reads its fixture without
      // holding up the main actor. `.madeAtLaunch` makes it a singleton that the launch
      // makes (`makeSingletons()` in PocketForecast.swift), so the screens above it stay
      // synchronous, as a SwiftUI view's initializer, which cannot await, needs them.
      try await StubWeatherClient.load(
        configuration: values.value(forName: "conf"),
        weatherReportDao: values.value(forName: "weatherReportDao"),
        fixtureURL: Resources.forecastFixture)
    }
    container.addProvider(
      forName: "cityDao", dependencies: ["userDefaults"], options: .singleton
    ) { values in
      CityDao(userDefaults: try values.value(forName: "userDefaults"))
    }
    container.addProvider(
      forName: "theme", dependencies: ["themes", "userDefaults"],
      options: [.singleton, .manualInit]
    ) { values in
      // A singleton: every screen of a launch has the same theme. `.manualInit`: the
      // creator sets the theme up itself, so the container injects no properties into
      // it. Each launch takes the next theme in turn and stores whose turn is next.
      try ThemeFactory(
        themes: values.value(forName: "themes"), userDefaults: values.value(forName: "userDefaults")
      ).sequentialTheme()
    }

    // Screens.
    container.addProvider(forName: "weatherReportView", dependencies: ["theme"]) { _ in
      // Transient (no scope option): a new view for each screen that needs one. Its
      // `@Inject var theme` is set after this returns: property injection.
      WeatherReportView()
    }
    container.addProvider(
      forName: "weatherReportViewController",
      dependencies: [
        "weatherReportView", "weatherClient", "weatherReportDao", "cityDao",
        "rootViewControllerProvider",
      ]
    ) { values in
      // Constructor injection for the four collaborators; `rootViewControllerProvider` is
      // set afterwards into its `@Inject` property. Registered from main-actor code, the
      // creator runs on the main actor and calls the screen's initializer directly.
      try WeatherReportViewController(
        view: values.value(forName: "weatherReportView"),
        weatherClient: values.value(forName: "weatherClient"),
        weatherReportDao: values.value(forName: "weatherReportDao"),
        cityDao: values.value(forName: "cityDao"))
    }
    container.addProvider(
      forName: "rootViewController",
      dependencies: [
        "weatherReportViewController", "citiesListViewControllerProvider",
        "addCityViewControllerProvider",
      ],
      options: .singleton
    ) { values in
      // The root holds the weather report screen, which reaches back to the root through
      // `rootViewControllerProvider`: a closure, so this is not a cycle. With
      // `rootViewController` in that list instead, `checkForErrors()` would report one.
      // The root keeps its one report screen for life, as the original did; `validate()`
      // lists that as a warning (a singleton holding a transient), and it is meant.
      RootViewController(
        mainContentViewController: try values.value(forName: "weatherReportViewController"))
    }
    container.addProvider(
      forName: "window", dependencies: ["rootViewController"], options: .singleton
    ) { values in
      Window(rootViewController: try values.value(forName: "rootViewController"))
    }
    container.addProvider(
      forName: "citiesListViewController",
      dependencies: ["cityDao", "theme", "rootViewControllerProvider"]
    ) { values in
      try CitiesListViewController(
        cityDao: values.value(forName: "cityDao"), theme: values.value(forName: "theme"))
    }
    container.addProvider(
      forName: "addCityViewController",
      dependencies: ["cityDao", "weatherClient", "rootViewControllerProvider"]
    ) { _ in
      // Every property is injected, through the `Injectable` conformance below (on the
      // main actor, since this is registered from main-actor code).
      AddCityViewController()
    }

    return container
  }
}

// The explicit way to be injected: the class hands each property to the injector, which
// fills it when it is nil and the provider lists its name. The conformance lives here, so
// the class itself knows nothing of the container.
extension AddCityViewController: @MainActor Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&cityDao, named: "cityDao")
    try injector.inject(&weatherClient, named: "weatherClient")
    try injector.inject(&rootViewControllerProvider, named: "rootViewControllerProvider")
  }
}
