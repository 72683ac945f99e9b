import Injineer
import Observation
import Testing

// The samples of the article "Property Injection", as written there.

final class CatalogService: Sendable {
  let products = ["Espresso machine", "Milk frother", "Coffee grinder"]
}

final class CatalogScreen {
  @Inject var catalogService: CatalogService?
  @Inject var title: String?
}

final class CartService: Sendable {}
final class Receipt {}

final class CartScreen {
  var cartService: CartService?
  var receiptProvider: (() -> Receipt)?
}

extension CartScreen: Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&cartService, named: "cartService")
    try injector.inject(&receiptProvider, named: "receiptProvider")
  }
}

struct Preferences {
  @Inject var title: String?
}

// Observation: macOS 14 and iOS 17 on, above the package's minimums.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class CatalogViewModel {
  @ObservationIgnored @Inject var catalogService: CatalogService?
  var selection = 0
}

final class PriceList: Sendable {
  let catalogService: CatalogService
  init(catalogService: CatalogService) { self.catalogService = catalogService }
}

@Suite("Property Injection")
struct PropertyInjectionTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/PropertyInjection.md"

  @Test func automaticInjection() throws {
    let container = Container()
    container.addInstance(CatalogService(), forName: "catalogService")
    container.addInstance("Catalog", forName: "title")
    container.addProvider(forName: "catalogScreen", dependencies: ["catalogService", "title"]) {
      _ in
      CatalogScreen()
    }
    let screen = try container.value(forName: "catalogScreen", as: CatalogScreen.self)
    print(screen.title ?? "nil", screen.catalogService?.products.count ?? 0)
    expectPrintedOutputShown(in: Self.article)

    let before = console.text
    container.addProvider(forName: "untitledScreen", dependencies: ["catalogService"]) { _ in
      CatalogScreen()
    }
    container.addProvider(
      forName: "manualScreen", dependencies: ["catalogService", "title"], options: .manualInit
    ) { _ in
      CatalogScreen()
    }
    container.addProvider(forName: "featuredScreen", dependencies: ["catalogService", "title"]) {
      _ in
      let screen = CatalogScreen()
      screen.title = "Featured"
      return screen
    }
    for name in ["untitledScreen", "manualScreen", "featuredScreen"] {
      let screen = try container.value(forName: name, as: CatalogScreen.self)
      print(name, screen.title ?? "nil", screen.catalogService != nil)
    }
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before.count))))
  }

  @Test func explicitInjection() throws {
    let shop = Container()
    shop.addInstance(CartService(), forName: "cartService")
    shop.addProvider(forName: "receipt") { _ in Receipt() }
    shop.addProvider(forName: "cartScreen", dependencies: ["cartService", "receiptProvider"]) { _ in
      CartScreen()
    }
    let cart = try shop.value(forName: "cartScreen", as: CartScreen.self)
    print(cart.cartService != nil, cart.receiptProvider?() !== cart.receiptProvider?())

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func mistakes() throws {
    let mistakes = Container()
    mistakes.addInstance(42, forName: "title")
    mistakes.addProvider(forName: "catalogScreen", dependencies: ["title"]) { _ in CatalogScreen() }
    mistakes.addProvider(forName: "preferences", dependencies: ["title"]) { _ in Preferences() }
    for name in ["catalogScreen", "preferences"] {
      do {
        _ = try mistakes.value(forName: name)
      } catch {
        print(error)
      }
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anObservableClass() throws {
    let observed = Container()
    observed.addInstance(CatalogService(), forName: "catalogService")
    observed.addProvider(forName: "catalogViewModel", dependencies: ["catalogService"]) { _ in
      CatalogViewModel()
    }
    let model = try observed.value(forName: "catalogViewModel", as: CatalogViewModel.self)
    print(model.catalogService?.products.first ?? "nil", model.selection)

    expectPrintedOutputShown(in: Self.article)

    observed.addProvider(forName: "priceList", dependencies: ["catalogService"]) { values in
      PriceList(catalogService: try values.value(forName: "catalogService"))
    }
    let prices = try observed.value(forName: "priceList", as: PriceList.self)
    print(prices.catalogService.products.count)
  }
}
