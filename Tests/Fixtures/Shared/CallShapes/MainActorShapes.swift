import Injineer

/// The README's quick start, registered and resolved from main-actor code.
@MainActor
func makeShop(serviceDependencies: [String]) -> Container {
  let container = Container()
  container.addInstance(["Espresso machine", "Milk frother"], forName: "catalog")
  container.addProvider(
    forName: "productsService", dependencies: serviceDependencies, options: .singleton
  ) { values in
    ProductsService(products: try values.value(forName: "catalog"))
  }
  container.addProvider(
    forName: "productsListViewController",
    dependencies: ["productsService", "productDetailsViewControllerProvider"]
  ) { _ in
    ProductsListViewController()
  }
  container.addProvider(
    forName: "productDetailsViewController", dependencies: ["productsService"]
  ) { _ in
    ProductDetailsViewController()
  }
  container.addProvider(
    forName: "rootViewController", dependencies: ["productsListViewController"],
    options: .singleton
  ) { _ in
    RootViewController()
  }
  return container
}

/// Runs the quick start and returns what it prints.
@MainActor
func quickStart() throws -> [String] {
  let shop = makeShop(serviceDependencies: ["catalog", "rootViewControllerProvider"])
  try shop.checkForErrors()
  let root = try shop.value(forName: "rootViewController", as: RootViewController.self)
  let list = root.productsListViewController
  let first = list?.select(0)
  let second = list?.select(1)
  let service = try shop.value(forName: "productsService", as: ProductsService.self)
  return [
    "\(first?.productName ?? "-") \(second?.productName ?? "-") \(first !== second)",
    "\(first?.productsService === second?.productsService)",
    "\(service.rootViewControllerProvider?() === root)",
  ]
}

/// Main-actor calls: main-actor creators registered with `addProvider` from main-actor
/// code, with `dependencies: []`, no list, keys and an argument, and main-actor closures
/// by annotation and by `as:`.
@MainActor
func mainActorShapes() throws -> ShapeLog {
  var log = ShapeLog("main actor")
  let container = Container()
  container.addProvider(forName: "settings", dependencies: []) { _ in
    Screen(title: "Settings")
  }
  container.addProvider(forName: "about") { _ in Screen(title: "About") }
  container.addProvider(for: Key<Screen>("help"), options: .singleton) { Screen(title: "Help") }
  container.addProvider(forName: "keyed", dependencies: [.key(.screen)]) { values in
    Screen(title: "Keyed " + (try values.value(for: .screen)).title)
  }
  container.addProvider(forName: "badge", argument: Int.self) { _, count in
    Screen(title: "\(count) new")
  }
  container.addProvider(for: .screen) { Screen(title: "Home") }
  container.install(ScreensModule())
  try container.checkForErrors()
  try ScreensModule().checkForErrors()

  log.expect(try container.value(forName: "screen", as: Screen.self).title == "Home", "value")
  log.expect(try container.value(forName: "settings", as: Screen.self).title == "Settings", "[]")
  log.expect(try container.value(forName: "about", as: Screen.self).title == "About", "no list")
  log.expect(try container.value(for: Key<Screen>("help")).title == "Help", "key, .singleton")
  log.expect(try container.value(forName: "keyed", as: Screen.self).title == "Keyed Home", "keyed")
  let makeBadge = try container.value(
    forName: "badgeProvider", as: (@MainActor (Int) -> Screen).self)
  log.expect(makeBadge(3).title == "3 new", "argument: @MainActor (Int) -> Screen")

  let make = try container.value(forName: "settingsProvider", as: (@MainActor () -> Screen).self)
  log.expect(make().title == "Settings", "as: (@MainActor () -> Screen).self")
  let plain: @MainActor () -> Screen = try container.value(forName: "settingsProvider")
  log.expect(plain().title == "Settings", "let m: @MainActor () -> Screen")
  let throwing: @MainActor () throws -> Screen = try container.value(forName: "settingsProvider")
  log.expect(try throwing().title == "Settings", "let m: @MainActor () throws -> Screen")
  let fromKey = try container.value(for: Key.screen.mainActorProvider)
  log.expect(fromKey().title == "Home", "value(for: .mainActorProvider)")
  let fromModule = try container.value(forName: "moduleScreen", as: Screen.self)
  log.expect(fromModule.title == "Module", "a main-actor module")
  let preview = container.makeChild()
  preview.override("settings") { _ in Screen(title: "Preview") }
  preview.override("about", dependencies: []) { _ in Screen(title: "Preview about") }
  let previewed: @MainActor () -> Screen = try preview.value(forName: "settingsProvider")
  log.expect(previewed().title == "Preview", "override: @MainActor creator")
  log.expect(
    try container.value(forName: "settings", as: Screen.self).title == "Settings", "parent")

  // Typed wiring from main-actor code: the creator runs on the main actor.
  let typed = Container()
  typed.addProvider(for: .screen) { Screen(title: "Typed") }
  typed.addProvider(for: Key<Screen>("detail"), using: .screen, Key.screen.mainActorProvider) {
    screen, makeScreen in Screen(title: screen.title + " " + makeScreen().title)
  }
  typed.addProvider(for: Key<Screen>("row"), argument: Int.self) { index in
    Screen(title: "Row \(index)")
  }
  try typed.checkForErrors()
  log.expect(try typed.value(for: Key<Screen>("detail")).title == "Typed Typed", "typed")
  let makeRow = try typed.value(for: Key<@MainActor (Int) -> Screen>("rowProvider"))
  log.expect(makeRow(2).title == "Row 2", "typed argument")
  return log
}
