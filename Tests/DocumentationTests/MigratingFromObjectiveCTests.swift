import Injineer
import Testing

// The samples of the article "Migrating from the Objective-C Injineer", as written there.
// Its classes are those of the README's quick start, in ReadmeTests.swift.

@Suite("Migrating from the Objective-C Injineer")
@MainActor
struct MigratingFromObjectiveCTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/MigratingFromObjectiveC.md"

  @Test func theSameContainer() throws {
    let container = Container()
    let service = ProductsService(products: ["Espresso machine"])
    container.addInstance(service, forName: "productsService")
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
    try container.checkForErrors()

    let list = try container.value(
      forName: "productsListViewController", as: ProductsListViewController.self)
    print(list.select(0)?.productName ?? "nothing", list.select(0) !== list.select(0))

    expectPrintedOutputShown(in: Self.article)
  }
}
