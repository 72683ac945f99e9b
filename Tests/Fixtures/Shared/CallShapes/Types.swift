// The types every call shape uses. The same files are built as three targets: Swift 6,
// Swift 5, and Swift 6 with main-actor isolation by default, so every declaration
// says its isolation where the default would differ.
import Injineer

// MARK: Nonisolated types

nonisolated final class Engine: Sendable {
  let power: Int
  init(power: Int) { self.power = power }
}

nonisolated protocol Vehicle: AnyObject {
  var wheels: Int { get }
}

nonisolated final class Car: Vehicle {
  @Inject var engine: Engine?
  @Inject var engineProvider: (() -> Engine)?
  var wheels: Int { 4 }
  init() {}
}

nonisolated final class Garage {
  @Inject var carProvider: (() throws -> Car)?
  @Inject var vehicleProvider: (() -> any Vehicle)?
  init() {}
}

nonisolated final class Mechanic: Injectable {
  var engine: Engine?
  init() {}
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&engine, named: "engine")
  }
}

nonisolated final class Greeting {
  let text: String
  init(text: String) { self.text = text }
}

nonisolated final class Forecast: Sendable {
  let city: String
  init(city: String) { self.city = city }
  static func load(_ city: String) async -> Forecast { Forecast(city: city) }
}

nonisolated protocol Plugin: Sendable {
  var id: String { get }
}

nonisolated struct LoggingPlugin: Plugin {
  var id: String { "logging" }
}

nonisolated struct MetricsPlugin: Plugin {
  var id: String { "metrics" }
}

nonisolated struct EngineModule: ContainerModule {
  func register(in container: Container) {
    container.addProvider(forName: "moduleEngine", dependencies: []) { _ in Engine(power: 5) }
  }
}

// Keys are declared in a constrained extension, `extension Key where Value == T`: a
// creator of the wrong type then gets the compiler's plain message.
extension Key where Value == Engine {
  nonisolated static var engine: Self { Self("engine") }
}

extension Key where Value == String {
  nonisolated static var host: Self { Self("host") }
}

extension Key where Value == Car {
  nonisolated static var car: Self { Self("car") }
}

extension Key where Value == Int {
  nonisolated static var port: Self { Self("port") }
}

extension Key where Value == [any Plugin] {
  nonisolated static var plugins: Self { Self("plugins") }
}

// MARK: Main-actor types (the README's quick start)

@MainActor
final class ProductsService {
  let products: [String]
  @Inject var rootViewControllerProvider: (@MainActor () -> RootViewController)?
  init(products: [String]) { self.products = products }
}

@MainActor
final class ProductDetailsViewController {
  @Inject var productsService: ProductsService?
  var productName = ""
}

@MainActor
final class ProductsListViewController {
  @Inject var productsService: ProductsService?
  @Inject var productDetailsViewControllerProvider: (@MainActor () -> ProductDetailsViewController)?

  func select(_ index: Int) -> ProductDetailsViewController? {
    let details = productDetailsViewControllerProvider?()
    details?.productName = productsService?.products[index] ?? ""
    return details
  }
}

@MainActor
final class RootViewController {
  @Inject var productsListViewController: ProductsListViewController?
}

@MainActor
final class Screen {
  let title: String
  init(title: String) { self.title = title }
}

/// A module of main-actor screens: its conformance is main-actor isolated, so it is
/// installed and checked from main-actor code.
@MainActor
struct ScreensModule: @MainActor ContainerModule {
  func register(in container: Container) {
    container.addProvider(forName: "moduleScreen", dependencies: []) { _ in
      Screen(title: "Module")
    }
  }
}

extension Key where Value == Screen {
  nonisolated static var screen: Self { Self("screen") }
}
