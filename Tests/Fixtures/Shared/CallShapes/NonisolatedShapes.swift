import Injineer

/// The contract's calls, from nonisolated code: registration with every spelling of a
/// dependency list, resolution with every spelling of a type, provider closures by
/// annotation and by `as:`, keys, modules, arguments and collections.
nonisolated func nonisolatedShapes() throws -> ShapeLog {
  var log = ShapeLog("nonisolated")
  let container = Container()

  // Registration: the seed's own `dependencies: []`, no list, literals, a variable.
  container.addInstance(Engine(power: 1), forName: "engine")
  container.addInstance("Paris", forName: "city")
  container.addProvider(forName: "car", dependencies: []) { _ in Car() }
  container.addProvider(forName: "plainCar") { _ in Car() }
  container.addProvider(forName: "injectedCar", dependencies: ["engine", "engineProvider"]) {
    _ in Car()
  }
  let names = ["carProvider", "vehicleProvider"]
  container.addProvider(forName: "garage", dependencies: names) { _ in Garage() }
  container.addProvider(forName: "vehicle", dependencies: []) { _ -> any Vehicle in Car() }
  container.addProvider(forName: "mechanic", dependencies: ["engine"]) { _ in Mechanic() }
  container.addProvider(forName: "sharedEngine", dependencies: [], options: .singleton) { _ in
    Engine(power: 2)
  }
  container.addProvider(
    forName: "manualEngine", dependencies: [], options: [.singleton, .manualInit]
  ) { _ in Engine(power: 3) }
  container.addProvider(forName: "sendableEngine", dependencies: []) { @Sendable _ in
    Engine(power: 4)
  }
  container.addProvider(forName: "keyedCar", dependencies: [.key(.engine), "city"]) { values in
    let car = Car()
    car.engine = try values.value(for: .engine)
    return car
  }
  container.addProvider(forName: Key<Int>.port.name, dependencies: []) { _ in 8080 }
  container.addProvider(for: Key<String>("host"), options: .singleton) { "localhost" }
  container.addProvider(
    forName: "greeting", dependencies: ["city"], argument: String.self
  ) { values, name in
    Greeting(text: "\(name) from \(try values.value(forName: "city", as: String.self))")
  }
  container.contribute(to: "plugins", dependencies: []) { _ -> any Plugin in LoggingPlugin() }
  container.contribute(to: Key<[any Plugin]>.plugins.name) { _ -> any Plugin in MetricsPlugin() }
  container.install(EngineModule())
  try EngineModule().checkForErrors()

  try container.checkForErrors()
  log.expect(container.validate().problems.isEmpty, "validate()")

  // Values, by every spelling of the type.
  let anyEngine = try container.value(forName: "engine")
  log.expect((anyEngine as? Engine)?.power == 1, "value(forName:) -> Any")
  let engine = try container.value(forName: "engine", as: Engine.self)
  log.expect(engine.power == 1, "value(forName:as:)")
  let annotated: Engine = try container.value(forName: "engine")
  log.expect(annotated.power == 1, "let e: Engine = value(forName:)")
  let vehicle = try container.value(forName: "car", as: (any Vehicle).self)
  log.expect(vehicle.wheels == 4, "value(forName:as: (any Vehicle).self)")
  log.expect(try container.value(for: .port) == 8080, "value(for: .port)")
  log.expect(try container.value(for: Key<String>("host")) == "localhost", "value(for: Key)")
  log.expect(try container.value(for: .engine).power == 1, "value(for: .engine)")
  let sendable = try container.value(forName: "sendableEngine", as: Engine.self)
  log.expect(sendable.power == 4, "@Sendable creator")
  log.expect(try container.value(forName: "moduleEngine", as: Engine.self).power == 5, "module")
  let nobody =
    container.isRegistered("nobody")
    ? try container.value(forName: "nobody", as: Engine.self) : nil
  log.expect(nobody == nil, "isRegistered ? value : nil")
  log.expect(
    container.isRegistered("engine") && container.isRegistered(Key.port.name), "isRegistered")

  // Injection.
  let injected = try container.value(forName: "injectedCar", as: Car.self)
  log.expect(injected.engine === engine, "@Inject value")
  log.expect(injected.engineProvider?().power == 1, "@Inject () -> Engine")
  let garage = try container.value(forName: "garage", as: Garage.self)
  log.expect(try garage.carProvider?() != nil, "@Inject () throws -> Car")
  log.expect(garage.vehicleProvider?().wheels == 4, "@Inject () -> any Vehicle")
  log.expect(
    try container.value(forName: "mechanic", as: Mechanic.self).engine === engine, "Injectable")

  // Provider closures: by `as:`, and by annotation.
  let makeCar = try container.value(forName: "carProvider", as: (() -> Car).self)
  log.expect(makeCar() !== makeCar(), "as: (() -> Car).self")
  let makeCarThrowing = try container.value(forName: "carProvider", as: (() throws -> Car).self)
  log.expect(try makeCarThrowing().wheels == 4, "as: (() throws -> Car).self")
  let plain: () -> Car = try container.value(forName: "carProvider")
  log.expect(plain().wheels == 4, "let f: () -> Car")
  let throwing: () throws -> Car = try container.value(forName: "carProvider")
  log.expect(try throwing().wheels == 4, "let f: () throws -> Car")
  let supertype: () -> any Vehicle = try container.value(forName: "carProvider")
  log.expect(supertype().wheels == 4, "let f: () -> any Vehicle")
  let sendableClosure: @Sendable () -> Engine = try container.value(forName: "engineProvider")
  log.expect(sendableClosure().power == 1, "let f: @Sendable () -> Engine")
  let fromKey = try container.value(for: Key.engine.provider)
  log.expect(fromKey().power == 1, "value(for: Key.engine.provider)")
  let async: () async throws -> Car = try container.value(forName: "carProvider")
  _ = async
  log.expect(true, "let f: () async throws -> Car")
  let greet: (String) -> Greeting = try container.value(forName: "greetingProvider")
  log.expect(greet("Ann").text == "Ann from Paris", "let f: (String) -> Greeting")
  let greetThrowing = try container.value(
    forName: "greetingProvider", as: ((String) throws -> Greeting).self)
  log.expect(try greetThrowing("Bo").text == "Bo from Paris", "as: ((String) throws -> G).self")

  // Collections.
  let plugins = try container.value(forName: "plugins", as: [any Plugin].self)
  log.expect(plugins.map(\.id) == ["logging", "metrics"], "collection")
  log.expect(try container.value(for: .plugins).count == 2, "collection key")

  // Inside a creator: ResolvedValues, by every spelling.
  let probe = Container()
  probe.addInstance(Engine(power: 7), forName: "engine")
  probe.addProvider(forName: "car", dependencies: []) { _ in Car() }
  probe.addProvider(
    forName: "probe", dependencies: ["engine", "carProvider", .key(.engine)]
  ) { values -> [String] in
    var seen: [String] = []
    if values["engine"] is Engine { seen.append("subscript") }
    if try values.value(forName: "engine", as: Engine.self).power == 7 { seen.append("as:") }
    let annotated: Engine = try values.value(forName: "engine")
    if annotated.power == 7 { seen.append("annotated") }
    if try values.value(for: .engine).power == 7 { seen.append("key") }
    let make: () -> Car = try values.value(forName: "carProvider")
    if make().wheels == 4 { seen.append("() -> Car") }
    let makeThrowing: () throws -> Car = try values.value(forName: "carProvider")
    if try makeThrowing().wheels == 4 { seen.append("() throws -> Car") }
    let makeVehicle = try values.value(forName: "carProvider", as: (() -> any Vehicle).self)
    if makeVehicle().wheels == 4 { seen.append("() -> any Vehicle") }
    return seen
  }
  let seen = try probe.value(forName: "probe", as: [String].self)
  log.expect(seen.count == 7, "ResolvedValues: \(seen)")

  // Typed wiring: each dependency declared once as a key, its value a typed parameter.
  let typed = Container()
  typed.addInstance(Engine(power: 8), for: .engine)
  typed.addProvider(for: .port) { 80 }
  typed.addProvider(for: .host, using: .port, .engine, options: .singleton) { port, engine in
    "host:\(port):\(engine.power)"
  }
  typed.addProvider(for: .car, using: .engine, Key.engine.provider) { engine, makeEngine in
    let car = Car()
    car.engine = makeEngine() === engine ? engine : nil
    return car
  }
  typed.addProvider(for: Key<Greeting>("greeting"), using: .host, argument: String.self) {
    name, host in Greeting(text: "\(name)@\(host)")
  }
  typed.contribute(to: .plugins) { LoggingPlugin() }
  typed.contribute(to: .plugins, using: .port) { _ in MetricsPlugin() }
  try typed.checkForErrors()
  log.expect(try typed.value(for: .host) == "host:80:8", "addProvider(for:using:)")
  log.expect(try typed.value(for: .port) == 80, "addProvider(for:) { }")
  log.expect(try typed.value(for: .car).engine?.power == 8, "using: Key.engine.provider")
  let greetTyped = try typed.value(for: Key<(String) -> Greeting>("greetingProvider"))
  log.expect(greetTyped("Ann").text == "Ann@host:80:8", "using:argument:")
  log.expect(try typed.value(for: .plugins).count == 2, "contribute(to:using:)")

  // Overrides, in a child: a value, a provider with `dependencies: []` and without a list,
  // keys among the dependencies, and an async provider.
  let preview = container.makeChild()
  preview.override("engine", with: Engine(power: 9))
  preview.override("sendableEngine", dependencies: []) { _ in Engine(power: 10) }
  preview.override("city") { _ in "Rome" }
  preview.override("keyedCar", dependencies: [.key(.engine)], options: .objectGraph) { _ in Car() }
  preview.overrideAsync("plainCar", dependencies: []) { _ in Car() }
  log.expect(preview.validate().problems.isEmpty, "override: no problems")
  log.expect(
    try preview.value(forName: "injectedCar", as: Car.self).engine?.power == 9, "override(_:with:)")
  log.expect(try container.value(forName: "injectedCar", as: Car.self).engine === engine, "parent")
  log.expect(
    try preview.value(forName: "sendableEngine", as: Engine.self).power == 10, "override {}")

  // The graph.
  var graph = DependencyGraph<String>()
  graph.addNode("a", dependencies: ["b"])
  graph.addNode("b", dependencies: [], deferredDependencies: ["a"])
  log.expect(try graph.topologicalOrder() == ["b", "a"], "DependencyGraph")
  log.expect(graph.cycles().isEmpty && graph.stronglyConnectedComponents().count == 2, "cycles")
  return log
}
