import Injineer

/// Async calls: async providers with `dependencies: []` and with keys among the
/// dependencies, `asyncValue` by name and by key, async provider closures, and
/// singletons made at launch.
nonisolated func asyncShapes() async throws -> ShapeLog {
  var log = ShapeLog("async")
  let container = Container()
  container.addInstance("Oslo", forName: "city")
  container.addAsyncProvider(forName: "forecast", dependencies: ["city"]) { values in
    await Forecast.load(try values.value(forName: "city"))
  }
  container.addAsyncProvider(forName: "emptyForecast", dependencies: []) { _ in
    await Forecast.load("Bergen")
  }
  container.addAsyncProvider(
    forName: "sharedForecast", dependencies: [], options: .singleton
  ) { _ in await Forecast.load("Tromsø") }
  container.addAsyncProvider(for: Key<Forecast>("keyedForecast")) {
    await Forecast.load("Bodø")
  }
  container.addAsyncProvider(for: Key<Forecast>("singleKeyedForecast"), options: .singleton) {
    await Forecast.load("Narvik")
  }
  // Names alone, as a `[String]` built at run time.
  let names = ["city"]
  container.addAsyncProvider(forName: "listedForecast", dependencies: names) { values in
    await Forecast.load(try values.value(forName: "city"))
  }
  // Keys among the dependencies.
  container.addAsyncProvider(
    forName: "keyedCityForecast", dependencies: [.key(Key<String>("city"))]
  ) { values in await Forecast.load(try values.value(for: Key<String>("city"))) }
  container.addAsyncProvider(
    forName: Key<Forecast>("launchForecast").name,
    dependencies: [.key(Key<String>("city")), "engine"], options: .madeAtLaunch
  ) { values in await Forecast.load(try values.value(for: Key<String>("city"))) }
  container.addProvider(forName: "engine", dependencies: []) { _ in Engine(power: 9) }
  try container.checkForErrors()
  try await container.makeSingletons()

  log.expect(
    try await container.asyncValue(forName: "forecast", as: Forecast.self).city == "Oslo",
    "asyncValue")
  let annotated: Forecast = try await container.asyncValue(forName: "emptyForecast")
  log.expect(annotated.city == "Bergen", "let f: Forecast = asyncValue")
  log.expect(
    try await container.asyncValue(for: Key<Forecast>("keyedForecast")).city == "Bodø", "key")
  log.expect(
    try await container.asyncValue(for: Key<Forecast>("singleKeyedForecast")).city == "Narvik",
    "key, options: .singleton")
  log.expect(
    try await container.asyncValue(forName: "keyedCityForecast", as: Forecast.self).city
      == "Oslo", "dependencies: [.key(...)]")
  log.expect(
    try await container.asyncValue(forName: "listedForecast", as: Forecast.self).city
      == "Oslo", "dependencies: names")
  log.expect(
    try container.value(for: Key<Forecast>("launchForecast")).city == "Oslo",
    "key's name, [.key(...), name], made at launch")
  log.expect(try await container.asyncValue(forName: "engine", as: Engine.self).power == 9, "sync")
  let load: () async throws -> Forecast = try container.value(forName: "forecastProvider")
  log.expect(try await load().city == "Oslo", "let f: () async throws -> Forecast")
  let loadAs = try container.value(
    forName: "forecastProvider", as: (() async throws -> Forecast).self)
  log.expect(try await loadAs().city == "Oslo", "as: (() async throws -> Forecast).self")
  let fromKey = try container.value(for: Key<Forecast>("forecast").asyncProvider)
  log.expect(try await fromKey().city == "Oslo", "value(for: .asyncProvider)")

  // Typed wiring with async creators: a singleton made at launch under a synchronous
  // provider, and an async provider closure handed to a synchronous creator.
  let typed = Container()
  typed.addInstance("Oslo", for: .host)
  typed.addAsyncProvider(for: Key<Forecast>("launch"), using: .host, options: .madeAtLaunch) {
    city in await Forecast.load(city)
  }
  typed.addAsyncProvider(for: Key<Forecast>("later")) { await Forecast.load("Alta") }
  typed.addProvider(
    for: Key<String>("summary"), using: Key<Forecast>("launch"),
    Key<Forecast>("later").asyncProvider
  ) { forecast, _ in "forecast for " + forecast.city }
  try typed.checkForErrors()
  try await typed.makeSingletons()
  log.expect(try typed.value(for: Key<String>("summary")) == "forecast for Oslo", "typed async")
  log.expect(
    try await typed.asyncValue(for: Key<Forecast>("later")).city == "Alta", "typed, no keys")
  return log
}
