import Foundation
import Injineer

// The composition root: the one place that knows how the app is put together.
//
// It follows the Objective-C original's `PFAppContext` name for name: instances for the
// ready-made objects, providers for everything made from them, and provider closures
// (`…Provider`) wherever a screen must make another screen later, or must reach the root
// screen that holds it. Each name is a typed key (Keys.swift); a provider lists the keys it
// depends on after `using:`, and its creator receives their values, typed, in that order.

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
      for: .userDefaults)
    container.addInstance(try Configuration.load(from: Resources.configuration), for: .conf)
    container.addInstance(Theme.all, for: .themes)
    container.addInstance(
      WeatherReportDao(directory: dataDirectory.appendingPathComponent("reports")),
      for: .weatherReportDao)

    // Services. A singleton's creator runs once; every dependent shares its product.
    container.addAsyncProvider(
      for: .weatherClient, using: .weatherReportDao, .conf, options: .madeAtLaunch
    ) { weatherReportDao, conf in
      // The key's type, `any WeatherClient`, is what dependents get: swapping the stub for
      // a networked client changes only this creator. It is async, as a client that
      // fetches what it needs at start-up would be: it reads its fixture without holding
      // up the main actor. `.madeAtLaunch` makes it a singleton that the launch makes
      // (`makeSingletons()` in PocketForecast.swift), so the screens above it stay
      // synchronous, as a SwiftUI view's initializer, which cannot await, needs them.
      try await StubWeatherClient.load(
        configuration: conf, weatherReportDao: weatherReportDao,
        fixtureURL: Resources.forecastFixture)
    }
    container.addProvider(for: .cityDao, using: .userDefaults, options: .singleton) {
      userDefaults in
      CityDao(userDefaults: userDefaults)
    }
    container.addProvider(
      for: .theme, using: .themes, .userDefaults, options: [.singleton, .manualInit]
    ) { themes, userDefaults in
      // A singleton: every screen of a launch has the same theme. `.manualInit`: the
      // creator sets the theme up itself, so the container injects no properties into
      // it. Each launch takes the next theme in turn and stores whose turn is next.
      try ThemeFactory(themes: themes, userDefaults: userDefaults).sequentialTheme()
    }

    // Screens.
    container.addProvider(for: .weatherReportView, using: .theme) { _ in
      // Transient (no scope option): a new view for each screen that needs one. The
      // creator leaves the theme alone: `theme` is in the list, so the view's
      // `@Inject var theme` is set after this returns: property injection.
      WeatherReportView()
    }
    container.addProvider(
      for: .weatherReportViewController,
      using: .weatherReportView, .weatherClient, .weatherReportDao, .cityDao,
      Key.rootViewController.mainActorProvider
    ) { view, weatherClient, weatherReportDao, cityDao, _ in
      // Constructor injection for the four collaborators. The last key is the root's
      // provider closure, `rootViewControllerProvider`, which the screen's `@Inject`
      // property of that name gets after this returns. Registered from main-actor code,
      // the creator runs on the main actor and calls the screen's initializer directly.
      WeatherReportViewController(
        view: view, weatherClient: weatherClient, weatherReportDao: weatherReportDao,
        cityDao: cityDao)
    }
    container.addProvider(
      for: .rootViewController,
      using: .weatherReportViewController, Key.citiesListViewController.mainActorProvider,
      Key.addCityViewController.mainActorProvider,
      options: [.singleton, .allowsCaptiveDependencies]
    ) { mainContentViewController, _, _ in
      // The root holds the weather report screen, which reaches back to the root through
      // `rootViewControllerProvider`: a closure, so this is not a cycle. With
      // `.rootViewController` in that list instead, `checkForErrors()` would report one.
      // The two screens it opens come through its `@Inject` provider-closure properties.
      // The root keeps its one report screen for life, as the original did: a singleton
      // holding a transient, which `validate()` would warn of, and which
      // `.allowsCaptiveDependencies` says is meant.
      RootViewController(mainContentViewController: mainContentViewController)
    }
    container.addProvider(for: .window, using: .rootViewController, options: .singleton) {
      rootViewController in
      Window(rootViewController: rootViewController)
    }
    container.addProvider(
      for: .citiesListViewController,
      using: .cityDao, .theme, Key.rootViewController.mainActorProvider
    ) { cityDao, theme, _ in
      CitiesListViewController(cityDao: cityDao, theme: theme)
    }
    // The seed's form, a name and a dependency list of names as strings (the name taken
    // from its key, which the root's list uses): the creator takes nothing, and every
    // property is injected, through the `Injectable` conformance below (on the main actor,
    // since this is registered from main-actor code), by the names listed.
    container.addProvider(
      forName: Key.addCityViewController.name,
      dependencies: ["cityDao", "weatherClient", "rootViewControllerProvider"]
    ) { _ in
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
