import Injineer
import Testing

// The samples of the landing pages of the Injineer, INJContainer and INJReflection
// catalogs, as written there.

// The umbrella's and the container's samples run in nonisolated code, the reflection
// module's on the main actor, as the pages say.
@Suite("Landing pages")
struct LandingPageTests {
  @Test func umbrella() throws {
    final class StoreScreen {
      @Inject var catalogService: CatalogService?
    }

    let container = Container()
    container.addInstance(CatalogService(), forName: "catalogService")
    container.addProvider(forName: "storeScreen", dependencies: ["catalogService"]) { _ in
      StoreScreen()
    }
    try container.checkForErrors()
    let screen = try container.value(forName: "storeScreen", as: StoreScreen.self)

    #expect(screen.catalogService != nil)
  }

  @Test func container() throws {
    let container = Container()
    container.addInstance("https://api.example.com", forName: "baseURL")
    container.addProvider(
      forName: "weatherClient", dependencies: ["baseURL"], options: .singleton
    ) { values in
      WeatherClient(baseURL: try values.value(forName: "baseURL"))
    }
    try container.checkForErrors()
    let client = try container.value(forName: "weatherClient", as: WeatherClient.self)

    #expect(client.baseURL == "https://api.example.com")
  }

  @Test @MainActor func reflection() throws {
    @MainActor
    final class ProductsListViewController {
      @Inject var productsService: ProductsService?
      @Inject var productDetailsViewControllerProvider:
        (@MainActor () -> ProductDetailsViewController)?
    }

    let container = Container()
    container.addInstance(ProductsService(products: []), forName: "productsService")
    container.addProvider(forName: "productDetailsViewController") { _ in
      ProductDetailsViewController()
    }
    container.addProvider(
      forName: "list", dependencies: ["productsService", "productDetailsViewControllerProvider"]
    ) { _ in
      ProductsListViewController()
    }
    let list = try container.value(forName: "list", as: ProductsListViewController.self)
    #expect(list.productsService != nil)
    #expect(list.productDetailsViewControllerProvider?() != nil)
  }
}
