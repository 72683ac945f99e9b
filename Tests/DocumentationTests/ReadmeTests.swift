import Foundation
import INJTestSupport
import Injineer
import Testing

// The quick start of README.md, as written there. The article "Migrating from the
// Objective-C Injineer" uses the same classes.

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
    forName: "featuredViewController", dependencies: ["productsService"], options: .manualInit
  ) { _ in
    let details = ProductDetailsViewController()
    details.productName = "Espresso machine"
    return details
  }
  container.addProvider(
    forName: "rootViewController", dependencies: ["productsListViewController"],
    options: .singleton
  ) { _ in
    RootViewController()
  }
  return container
}

// The README's typed wiring, as written there.

final class Catalog: Sendable {
  let products: [String]
  init(products: [String]) { self.products = products }
}

@MainActor
final class ProductScreen {
  var productName = ""
}

@MainActor
final class ShopScreen {
  let catalog: Catalog
  let makeProductScreen: @MainActor () -> ProductScreen

  init(catalog: Catalog, makeProductScreen: @escaping @MainActor () -> ProductScreen) {
    self.catalog = catalog
    self.makeProductScreen = makeProductScreen
  }

  func select(_ index: Int) -> ProductScreen {
    let screen = makeProductScreen()
    screen.productName = catalog.products[index]
    return screen
  }
}

extension Key where Value == [String] {
  static var productNames: Self { Self("productNames") }
}

extension Key where Value == Catalog {
  static var catalog: Self { Self("catalog") }
}

extension Key where Value == ProductScreen {
  static var productScreen: Self { Self("productScreen") }
}

extension Key where Value == ShopScreen {
  static var shopScreen: Self { Self("shopScreen") }
}

@MainActor
func makeTypedShop() -> Container {
  let container = Container()
  container.addInstance(["Espresso machine", "Milk frother"], for: .productNames)
  container.addProvider(for: .catalog, using: .productNames, options: .singleton) { names in
    Catalog(products: names)
  }
  container.addProvider(for: .productScreen) { ProductScreen() }
  container.addProvider(for: .shopScreen, using: .catalog, Key.productScreen.mainActorProvider) {
    catalog, makeProductScreen in
    ShopScreen(catalog: catalog, makeProductScreen: makeProductScreen)
  }
  return container
}

@Suite("README")
@MainActor
struct ReadmeTests: PrintingSample {
  let console = Console()

  @Test func quickStart() throws {
    let shop = makeShop(serviceDependencies: ["catalog", "rootViewControllerProvider"])
    try shop.checkForErrors()

    let root = try shop.value(forName: "rootViewController", as: RootViewController.self)
    let list = root.productsListViewController
    let first = list?.select(0)
    let second = list?.select(1)
    print(first?.productName ?? "-", second?.productName ?? "-", first !== second)
    print(first?.productsService === second?.productsService)

    let service = try shop.value(forName: "productsService", as: ProductsService.self)
    print(service.rootViewControllerProvider?() === root)

    let featured = try shop.value(
      forName: "featuredViewController", as: ProductDetailsViewController.self)
    print(featured.productName, featured.productsService == nil)

    expectPrintedOutputShown(in: "README.md")
  }

  @Test func typedWiring() throws {
    let typedShop = makeTypedShop()
    try typedShop.checkForErrors()
    let shopScreen = try typedShop.value(for: .shopScreen)
    let first = shopScreen.select(0)
    print(first.productName, shopScreen.select(1).productName, first !== shopScreen.select(0))

    expectPrintedOutputShown(in: "README.md")
  }

  @MainActor
  @Test func everyNameResolves() async {
    let shop = makeShop(serviceDependencies: ["catalog", "rootViewControllerProvider"])
    await assertEveryNameResolves(shop)
  }

  /// The README says what the check reports when the cycle's fix is made in the root's list
  /// alone, its property unchanged.
  @Test func theCycleFixedInTheListAlone() throws {
    let shop = Container()
    shop.addInstance(["Espresso machine"], forName: "catalog")
    shop.addProvider(
      forName: "productsService", dependencies: ["catalog", "rootViewController"],
      options: .singleton
    ) { values in
      ProductsService(products: try values.value(forName: "catalog"))
    }
    shop.addProvider(
      forName: "productsListViewController",
      dependencies: ["productsService", "productDetailsViewControllerProvider"]
    ) { _ in
      ProductsListViewController()
    }
    shop.addProvider(forName: "productDetailsViewController") { _ in
      ProductDetailsViewController()
    }
    shop.addProvider(
      forName: "rootViewController", dependencies: ["productsListViewControllerProvider"],
      options: .singleton
    ) { _ in
      RootViewController()
    }
    let error = #expect(throws: ValidationError.self) { try shop.checkForErrors() }
    let declaration =
      "@Inject var productsListViewControllerProvider: "
      + "(@MainActor () -> ProductsListViewController)?"
    #expect(
      error?.report.problems.map {
        if case .unfilledInjectProperty(let provider, _, _, let property, let listed, let fix) = $0
        {
          return "\(provider) \(property) \(listed) \(fix)"
        }
        return "\($0)"
      } == [
        "productsService rootViewControllerProvider rootViewController "
          + "@Inject var rootViewController: RootViewController?",
        "rootViewController productsListViewController productsListViewControllerProvider "
          + declaration,
      ])
    let readme = try String(
      contentsOf: Markdown.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("such as\n`\(declaration)`."))
  }

  @Test func aCycle() throws {
    let cyclic = makeShop(serviceDependencies: ["catalog", "rootViewController"])
    do {
      try cyclic.checkForErrors()
    } catch let error as ValidationError {
      print(error.cycles)
    }
    do {
      _ = try cyclic.value(forName: "rootViewController")
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: "README.md")
  }
}
