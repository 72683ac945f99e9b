import Foundation
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
