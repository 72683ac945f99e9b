// The example from Injineer's original README, in Swift.
//
// A shop has a products service, a root screen, a list screen and a detail screen.
// The list opens a *fresh* detail screen for every selection, which it gets by
// depending on `productDetailsViewControllerProvider` (a closure) instead of
// `productDetailsViewController` (one object, made once). The service shows alerts on
// the root screen; depending on the root itself would close the cycle
// root → list → service → root, so it depends on `rootViewControllerProvider`.
//
//   swift run products            the working app, step by step
//   swift run products --broken   the cyclic wiring: the check's report, exit code 70
//
// Exit codes: 0 success, 64 usage error, 70 the container's wiring is broken.

import Foundation
import Injineer

// MARK: - The app's own classes
//
// Screens and the service they share are `@MainActor`, as UIKit's and AppKit's classes
// are; that also makes them `Sendable`, so the service can be a singleton. They know
// nothing of the container except the `@Inject` marker on the properties it fills. Each is created by a provider's creator with a plain initializer; the
// container then sets every `@Inject` property that is still nil and whose name is in
// the provider's dependency list.

/// Something the shop sells.
struct Product: Sendable {
  let name: String
  let priceInCents: Int
  var inStock: Int

  /// `$249.00`.
  var price: String {
    let cents = priceInCents % 100
    return "$\(priceInCents / 100).\(cents < 10 ? "0" : "")\(cents)"
  }

  /// `3 in stock`, or `sold out`.
  var availability: String {
    inStock == 0 ? "sold out" : "\(inStock) in stock"
  }

  static let catalog = [
    Product(name: "Espresso machine", priceInCents: 24_900, inStock: 3),
    Product(name: "Milk frother", priceInCents: 3_950, inStock: 0),
    Product(name: "Coffee grinder", priceInCents: 8_900, inStock: 12),
  ]
}

/// Keeps the catalog and sells from it.
///
/// It shows alerts on the root screen, and reaches that screen through a closure:
/// that lets the container make the service before the root screen exists, which it
/// must, because the root screen (through the list) needs the service first.
@MainActor
final class ProductsService {
  private(set) var products: [Product]
  private let rootViewController: @MainActor () -> RootViewController

  init(products: [Product], rootViewController: @escaping @MainActor () -> RootViewController) {
    self.products = products
    self.rootViewController = rootViewController
  }

  /// Sells one item, or shows an alert on the root screen when none is left.
  func buy(_ name: String) {
    guard let index = products.firstIndex(where: { $0.name == name }) else {
      rootViewController().showAlert("There is no product named '\(name)'.")
      return
    }
    guard products[index].inStock > 0 else {
      rootViewController().showAlert("\(name) is sold out.")
      return
    }
    products[index].inStock -= 1
  }
}

/// The first screen: every product, one per line.
@MainActor
final class ProductsListViewController {
  @Inject var productsService: ProductsService?
  /// Makes a new detail screen for a product name on every call. The container
  /// fills it because the provider lists `productDetailsViewControllerProvider`: the
  /// name of a provider (`productDetailsViewController`) followed by `Provider`. That
  /// provider's creator takes the product name as an argument, so the closure does.
  @Inject var productDetailsViewControllerProvider:
    (@MainActor (String) -> ProductDetailsViewController)?

  func lines() -> [String] {
    let products = productsService?.products ?? []
    return products.indices.map { index in
      let product = products[index]
      return "  \(index + 1). \(pad(product.name, 18)) \(pad(product.price, 8, left: true))  "
        + product.availability
    }
  }

  /// Opens the detail screen for the product at `index`: a new screen every time.
  func select(_ index: Int) -> ProductDetailsViewController? {
    guard let products = productsService?.products, products.indices.contains(index) else {
      return nil
    }
    return productDetailsViewControllerProvider?(products[index].name)
  }
}

/// Shows one product and sells it.
@MainActor
final class ProductDetailsViewController {
  @Inject var productsService: ProductsService?
  let productName: String

  init(productName: String) {
    self.productName = productName
  }

  func line() -> String {
    guard let product = productsService?.products.first(where: { $0.name == productName }) else {
      return "\(productName): no longer in the catalog."
    }
    return "\(product.name), \(product.price), \(product.availability)."
  }

  func buy() {
    productsService?.buy(productName)
  }
}

/// The screen that holds all others; alerts are shown on it.
@MainActor
final class RootViewController {
  @Inject var productsListViewController: ProductsListViewController?
  private(set) var alerts: [String] = []

  func showAlert(_ message: String) {
    alerts.append(message)
  }
}

/// `text` padded with spaces to `width` characters, on the right or on the left.
func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return left ? padding + text : text + padding
}

// MARK: - The composition root
//
// All wiring lives here, in one function per variant. Each provider names the names it
// depends on; the container resolves them before the creator runs. The functions are
// `@MainActor`, so each creator is too: it may call the screens' initializers, and the
// container runs it only on the main actor.

/// The README's wiring with its fix: `productsService` depends on
/// `rootViewControllerProvider`.
@MainActor
func makeContainer() -> Container {
  let container = Container()
  container.addProvider(
    forName: "rootViewController", dependencies: ["productsListViewController"],
    options: .singleton
  ) { _ in
    // Property injection: `productsListViewController` is set after this returns.
    RootViewController()
  }
  container.addProvider(
    forName: "productsListViewController",
    dependencies: ["productsService", "productDetailsViewControllerProvider"]
  ) { _ in
    ProductsListViewController()
  }
  container.addProvider(
    forName: "productDetailsViewController", dependencies: ["productsService"],
    argument: String.self
  ) { _, productName in
    // Assisted injection: the product name comes from the caller of the closure.
    ProductDetailsViewController(productName: productName)
  }
  container.addProvider(
    forName: "productsService", dependencies: ["rootViewControllerProvider"], options: .singleton
  ) { values in
    // Constructor injection: read the dependency from `values`. A `fooProvider`
    // dependency is a closure that returns the `foo` singleton when called; calling it
    // later, not now, is what breaks the cycle. `foo` is made on the main actor, so the
    // closure is `@MainActor () -> Foo`: the compiler refuses a call from elsewhere.
    ProductsService(
      products: Product.catalog,
      rootViewController: try values.value(
        forName: "rootViewControllerProvider", as: (@MainActor () -> RootViewController).self))
  }
  return container
}

/// The same wiring before the fix: `productsService` depends on `rootViewController`
/// itself, which closes the cycle root → list → service → root.
@MainActor
func makeCyclicContainer() -> Container {
  let container = Container()
  container.addProvider(
    forName: "rootViewController", dependencies: ["productsListViewController"],
    options: .singleton
  ) { _ in
    RootViewController()
  }
  container.addProvider(
    forName: "productsListViewController",
    dependencies: ["productsService", "productDetailsViewControllerProvider"]
  ) { _ in
    ProductsListViewController()
  }
  container.addProvider(
    forName: "productDetailsViewController", dependencies: ["productsService"],
    argument: String.self
  ) { _, productName in
    // Assisted injection: the product name comes from the caller of the closure.
    ProductDetailsViewController(productName: productName)
  }
  container.addProvider(
    forName: "productsService", dependencies: ["rootViewController"], options: .singleton
  ) { values in
    // This creator could only run once the root screen exists, and the root screen
    // needs this service (through its list) before it can exist.
    let root = try values.value(forName: "rootViewController", as: RootViewController.self)
    return ProductsService(products: Product.catalog, rootViewController: { root })
  }
  return container
}

// MARK: - The program

@main
@MainActor
struct Products {
  static let usage = """
    USAGE: products [--broken]

    The products example from Injineer's original README: a list screen that opens a
    fresh detail screen per selection, and a cycle broken with a provider closure.

    OPTIONS:
      --broken    Wire the cyclic variant, print checkForErrors()'s report and exit 70.
      -h, --help  Show this help.

    EXIT CODES:
      0   success
      64  usage error: an unknown argument
      70  the container's wiring is broken (the report is on standard error)

    """

  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments {
    case []:
      runWorkingApp()
    case ["--broken"]:
      exit(runCyclicVariant())
    case ["-h"], ["--help"]:
      print(usage, terminator: "")
    default:
      let unknown = arguments.first { !["--broken", "-h", "--help"].contains($0) }
      let problem = unknown.map { "unknown argument '\($0)'" } ?? "too many arguments"
      printError("products: error: \(problem).\nRun 'products --help' for usage.")
      exit(64)
    }
  }

  /// The working app, step by step.
  static func runWorkingApp() {
    let container = makeContainer()
    // Check the whole graph once, before anything is created: every missing name and
    // every cycle is reported together.
    do {
      try container.checkForErrors()
    } catch {
      printError("products: error: the container's wiring is broken.\n\(error)")
      exit(70)
    }

    let root: RootViewController
    do {
      root = try container.value(forName: "rootViewController", as: RootViewController.self)
    } catch {
      printError("products: error: \(error)")
      exit(70)
    }
    guard let list = root.productsListViewController else {
      printError("products: error: the root screen has no list screen.")
      exit(70)
    }

    print("1. A fresh detail screen per selection")
    print("checkForErrors() found no problems. The root screen shows the list:")
    list.lines().forEach { print($0) }
    let first = list.select(0)
    let second = list.select(2)
    let again = list.select(0)
    for details in [first, second, again] {
      print("Selected: \(details?.line() ?? "nothing")")
    }
    print("Each selection got its own detail screen: \(first !== again && first !== second).")
    print(
      "All screens share the one productsService singleton: "
        + "\(first?.productsService === list.productsService).")

    print("")
    print("2. A cycle broken by a provider closure")
    first?.buy()
    print("Bought one: \(first?.line() ?? "nothing")")
    let frother = list.select(1)
    frother?.buy()
    print("Buying the \(frother?.productName ?? "nothing") shows an alert on the root screen:")
    root.alerts.forEach { print("  [alert] \($0)") }
    print("The service reached the root screen through rootViewControllerProvider.")

    print("")
    print("validate() also lists warnings, which never make checkForErrors() throw:")
    print(container.validate())
    print(
      """
      The root screen keeps one list screen for as long as it lives, which is what this
      app wants, so that warning is accepted here.

      Run `products --broken` for the report on the cyclic wiring before the fix.
      """)
  }

  /// The cyclic variant: the check's report on standard error.
  ///
  /// - Returns: The exit code: 70 when the check fails, as it does.
  static func runCyclicVariant() -> Int32 {
    let container = makeCyclicContainer()
    print(
      """
      The cyclic wiring: productsService depends on rootViewController itself, which closes
      the cycle productsListViewController → productsService → rootViewController →
      productsListViewController.
      """)
    do {
      try container.checkForErrors()
      print("checkForErrors() found no problems.")
      return 0
    } catch {
      print("checkForErrors() reports it before anything is created, on standard error.")
      printError("products: error: the container's wiring is broken.\n\(error)")
    }
    // Resolving without the check would not overflow the stack either: the container
    // notices the name it is already resolving and throws.
    do {
      _ = try container.value(forName: "rootViewController")
    } catch {
      print("Resolving 'rootViewController' anyway throws instead of overflowing the stack:")
      print(error)
    }
    // The check and the resolver name the same edge to turn into a provider closure; any
    // edge of the cycle will do.
    print(
      """
      Any edge of the cycle can become a provider closure. The README's fix: productsService
      depends on 'rootViewControllerProvider' and calls it when it needs the root screen.
      Run `products` without --broken to see it work.
      """)
    return 70
  }

  static func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
