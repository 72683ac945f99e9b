import Foundation
import Testing

/// Runs `products` and checks everything it prints.
@Suite("The products example")
struct ProductsTests {
  /// The line where `function` in `Products.swift` registers `name`: the line of its
  /// `addProvider(` call, which reports name as the registration site.
  ///
  /// Reports print it; reading it from the source keeps these tests about the text, not
  /// about where the example's comments happen to end.
  static func registrationLine(of name: String, in function: String) throws -> Int {
    let source = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/products/Products.swift")
    let lines = try String(contentsOf: source, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.contains("func \(function)()") }),
      let named = lines[start...].firstIndex(where: { $0.contains("forName: \"\(name)\"") }),
      let call = lines[start...named].lastIndex(where: { $0.contains(".addProvider(") })
    else {
      throw ExampleTestError("No registration of '\(name)' in \(function)() of \(source.path).")
    }
    return call + 1
  }

  static func captiveWarning(line: Int) -> String {
    "- The singleton 'rootViewController' (products/Products.swift:\(line)) depends on the "
      + "transient 'productsListViewController', so it keeps one 'productsListViewController' "
      + "alive as long as it lives. Depend on 'productsListViewControllerProvider' to get a "
      + "new one when needed, or give 'productsListViewController' a longer-lived scope.\n"
  }

  @Test func theWorkingAppOpensAFreshDetailScreenPerSelection() throws {
    let line = try Self.registrationLine(of: "rootViewController", in: "makeContainer")
    let run = try ExampleRun.run("products")
    #expect(
      run
        == ExampleRun(
          exitCode: 0,
          standardOutput: """
            1. A fresh detail screen per selection
            checkForErrors() found no problems. The root screen shows the list:
              1. Espresso machine    $249.00  3 in stock
              2. Milk frother         $39.50  sold out
              3. Coffee grinder       $89.00  12 in stock
            Selected: Espresso machine, $249.00, 3 in stock.
            Selected: Coffee grinder, $89.00, 12 in stock.
            Selected: Espresso machine, $249.00, 3 in stock.
            Each selection got its own detail screen: true.
            All screens share the one productsService singleton: true.

            2. A cycle broken by a provider closure
            Bought one: Espresso machine, $249.00, 2 in stock.
            Buying the Milk frother shows an alert on the root screen:
              [alert] Milk frother is sold out.
            The service reached the root screen through rootViewControllerProvider.

            validate() also lists warnings, which never make checkForErrors() throw:
            No problems; 1 warning:

            """ + Self.captiveWarning(line: line) + """
              The root screen keeps one list screen for as long as it lives, which is what this
              app wants, so that warning is accepted here.

              Run `products --broken` for the report on the cyclic wiring before the fix.

              """,
          standardError: ""))
  }

  @Test func theBrokenVariantPrintsTheCheckReportAndExits70() throws {
    let line = try Self.registrationLine(of: "rootViewController", in: "makeCyclicContainer")
    let list = try Self.registrationLine(
      of: "productsListViewController", in: "makeCyclicContainer")
    let service = try Self.registrationLine(of: "productsService", in: "makeCyclicContainer")
    let run = try ExampleRun.run("products", ["--broken"])
    #expect(run.exitCode == 70)
    #expect(
      run.standardError == """
        products: error: the container's wiring is broken.
        The container has 1 problem:
        - Cycle: productsListViewController (products/Products.swift:\(list)) → productsService \
        (products/Products.swift:\(service)) → rootViewController \
        (products/Products.swift:\(line)) → productsListViewController. Break the cycle by \
        depending on 'productsListViewControllerProvider' instead of \
        'productsListViewController' in 'rootViewController', and declare its property as \
        `@Inject var productsListViewControllerProvider: (@MainActor () -> \
        ProductsListViewController)?`.
        1 warning:

        """ + Self.captiveWarning(line: line))
    #expect(
      run.standardOutput == """
        The cyclic wiring: productsService depends on rootViewController itself, which closes
        the cycle productsListViewController → productsService → rootViewController →
        productsListViewController.
        checkForErrors() reports it before anything is created, on standard error.
        Resolving 'rootViewController' anyway throws instead of overflowing the stack:
        Cannot resolve 'rootViewController': its dependencies form a cycle, \
        productsListViewController → productsService → rootViewController → \
        productsListViewController. Break the cycle by depending on \
        'productsListViewControllerProvider' instead of 'productsListViewController' in \
        'rootViewController', and declare its property as `@Inject var \
        productsListViewControllerProvider: (@MainActor () -> ProductsListViewController)?`.
        Any edge of the cycle can become a provider closure. The README's fix: productsService
        depends on 'rootViewControllerProvider' and calls it when it needs the root screen.
        Run `products` without --broken to see it work.

        """)
  }

  @Test func helpListsTheOptionsAndExitCodes() throws {
    let run = try ExampleRun.run("products", ["--help"])
    #expect(
      run
        == ExampleRun(
          exitCode: 0,
          standardOutput: """
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

            """,
          standardError: ""))
    #expect(try ExampleRun.run("products", ["-h"]) == run)
  }

  @Test(arguments: [
    (["--brokn"], "unknown argument '--brokn'"),
    (["list"], "unknown argument 'list'"),
    (["--broken", "--broken"], "too many arguments"),
    (["--broken", "extra"], "unknown argument 'extra'"),
  ])
  func anUnknownArgumentIsAUsageError(arguments: [String], problem: String) throws {
    let run = try ExampleRun.run("products", arguments)
    #expect(
      run
        == ExampleRun(
          exitCode: 64, standardOutput: "",
          standardError: "products: error: \(problem).\nRun 'products --help' for usage.\n"))
  }
}
