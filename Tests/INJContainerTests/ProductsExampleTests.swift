import INJContainer
import INJReflection
import Testing

/// The original README's example: a list screen that opens a fresh detail screen
/// per selection, and the cycle root → list → service → root with its fix.
@Suite("The original README's products example")
@MainActor
struct ProductsExampleTests {
  @MainActor
  final class CyclicProductsService {
    @Inject var rootViewController: CyclicRootViewController?
    @Inject var rootViewControllerProvider: (@MainActor () -> CyclicRootViewController)?
  }

  @MainActor
  final class CyclicListViewController {
    @Inject var productsService: CyclicProductsService?
    @Inject var productDetailsViewControllerProvider:
      (@MainActor () -> CyclicDetailsViewController)?
  }

  @MainActor
  final class CyclicDetailsViewController {
    @Inject var productsService: CyclicProductsService?
  }

  @MainActor
  final class CyclicRootViewController {
    @Inject var productsListViewController: CyclicListViewController?
  }

  private func products(serviceDependency: String) -> Container {
    let container = Container()
    container.addProvider(
      forName: "rootViewController", dependencies: ["productsListViewController"],
      options: .singleton, fileID: "Products/Wiring.swift", line: 1
    ) { _ in CyclicRootViewController() }
    container.addProvider(
      forName: "productsListViewController",
      dependencies: ["productsService", "productDetailsViewControllerProvider"],
      fileID: "Products/Wiring.swift", line: 2
    ) { _ in CyclicListViewController() }
    container.addProvider(
      forName: "productDetailsViewController", dependencies: ["productsService"],
      fileID: "Products/Wiring.swift", line: 3
    ) { _ in CyclicDetailsViewController() }
    container.addProvider(
      forName: "productsService", dependencies: [serviceDependency], options: .singleton,
      fileID: "Products/Wiring.swift", line: 4
    ) { _ in CyclicProductsService() }
    return container
  }

  @Test func theCycleIsReportedExactly() throws {
    let container = products(serviceDependency: "rootViewController")
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.cycles == [
        [
          "productsListViewController", "productsService", "rootViewController",
          "productsListViewController",
        ]
      ])
    #expect(
      error?.description == """
        The container has 1 problem:
        - Cycle: productsListViewController (Products/Wiring.swift:2) → productsService \
        (Products/Wiring.swift:4) → rootViewController (Products/Wiring.swift:1) → \
        productsListViewController. Break the cycle by depending on \
        'productsListViewControllerProvider' instead of 'productsListViewController' in \
        'rootViewController', and declare its property as `@Inject var \
        productsListViewControllerProvider: (@MainActor () -> CyclicListViewController)?`.
        2 warnings:
        - The singleton 'rootViewController' (Products/Wiring.swift:1) depends on the transient \
        'productsListViewController', so it keeps one 'productsListViewController' alive as long \
        as it lives. Depend on 'productsListViewControllerProvider' to get a new one when needed, \
        or give 'productsListViewController' a longer-lived scope.
        - 'productsService' (Products/Wiring.swift:4) makes CyclicProductsService, whose @Inject \
        property 'rootViewControllerProvider' is never filled: the container fills an @Inject \
        property only from the dependency of its own name, and 'productsService' does not list \
        'rootViewControllerProvider'. List it among the dependencies, rename the property after \
        a dependency 'productsService' lists, or remove the property.
        """)
  }

  @Test func resolvingTheCycleThrowsInsteadOfOverflowingTheStack() throws {
    let container = products(serviceDependency: "rootViewController")
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "rootViewController")
    }
    #expect(
      error?.path == [
        "rootViewController", "productsListViewController", "productsService",
        "rootViewController",
      ])
    guard case .cycle(let cycle) = error?.reason else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    // The cycle as the check reports it, from its smallest name.
    #expect(
      cycle == [
        "productsListViewController", "productsService", "rootViewController",
        "productsListViewController",
      ])
  }

  @Test func dependingOnTheRootsProviderBreaksTheCycle() throws {
    let container = products(serviceDependency: "rootViewControllerProvider")
    try container.checkForErrors()

    let root = try container.value(forName: "rootViewController", as: CyclicRootViewController.self)
    let list = try #require(root.productsListViewController)
    let service = try #require(list.productsService)
    let makeRoot = try #require(service.rootViewControllerProvider)
    #expect(service.rootViewController == nil)
    #expect(makeRoot() === root)

    let makeDetails = try #require(list.productDetailsViewControllerProvider)
    #expect(makeDetails() !== makeDetails())
    #expect(makeDetails().productsService === service)
  }

  @Test func callingTheRootProviderWhileCreatingTheRootIsACycle() throws {
    let container = Container()
    container.addProvider(
      forName: "rootViewController", dependencies: ["productsService"], options: .singleton
    ) { values in
      _ = try values.value(forName: "productsService", as: CyclicProductsService.self)
      return CyclicRootViewController()
    }
    container.addProvider(
      forName: "productsService", dependencies: ["rootViewControllerProvider"],
      options: .singleton
    ) { values in
      let makeRoot = try values.value(
        forName: "rootViewControllerProvider",
        as: (@MainActor () throws -> CyclicRootViewController).self)
      _ = try makeRoot()
      return CyclicProductsService()
    }
    try container.checkForErrors()
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "rootViewController")
    }
    #expect(error?.path == ["rootViewController", "productsService", "rootViewController"])
  }
}
