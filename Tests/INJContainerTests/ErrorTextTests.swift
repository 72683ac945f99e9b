import INJContainer
import INJReflection
import Testing

/// Every error and warning text, word for word: they are API.
@Suite("Error texts")
struct ErrorTextTests {
  final class Widget: Sendable {}
  final class Panel {
    @Inject var count: Int?
  }

  @Test func aFullValidationReportListsEveryProblemWithItsFix() {
    let container = Container()
    let file = "App/Wiring.swift"
    container.addInstance(1, forName: "", fileID: file, line: 1)
    container.addInstance(1, forName: "config", fileID: file, line: 2)
    container.addInstance(2, forName: "config", fileID: file, line: 3)
    container.addInstance(1, forName: "client", fileID: file, line: 4)
    container.addProvider(forName: "clientProvider", fileID: file, line: 5) { _ in 1 }
    container.addProvider(
      forName: "cache", options: [.singleton, .weakSingleton], fileID: file, line: 6
    ) { _ in Widget() }
    container.addProvider(forName: "screen", dependencies: [" "], fileID: file, line: 7) { _ in
      Widget()
    }
    container.addProvider(
      forName: "list", dependencies: ["confgi", "detailProvider", "a"], fileID: file, line: 8
    ) { _ in Widget() }
    container.addProvider(forName: "a", dependencies: ["b"], fileID: file, line: 9) { _ in 1 }
    container.addProvider(forName: "b", dependencies: ["a"], fileID: file, line: 10) { _ in 1 }
    let report = container.validate()
    #expect(
      report.description == """
        The container has 8 problems:
        - A blank name ('') is registered at App/Wiring.swift:1. Give it a name.
        - 'config' is registered 2 times, at App/Wiring.swift:2 and App/Wiring.swift:3. Remove \
        or rename all but one.
        - 'clientProvider' (App/Wiring.swift:5) is also the name of the provider closure for \
        'client' (App/Wiring.swift:4). Rename one of them.
        - 'cache' (App/Wiring.swift:6) has more than one scope (singleton, weakSingleton). Give \
        it at most one of .singleton, .weakSingleton, .objectGraph and .scope(_:).
        - 'screen' (App/Wiring.swift:7) depends on a blank name. Remove it from the \
        dependencies of 'screen'.
        - 'list' (App/Wiring.swift:8) depends on 'confgi', which is not registered. Did you mean \
        'config'?
        - 'list' (App/Wiring.swift:8) depends on 'detailProvider', a provider closure for \
        'detail', which is not registered. Register it, or remove it from the dependencies of \
        'list'.
        - Cycle: a (App/Wiring.swift:9) → b (App/Wiring.swift:10) → a. Break the cycle by \
        depending on 'aProvider' instead of 'a' in 'b'.
        """)
  }

  @Test func hooksThatNeverRunAreReportedWithTheirFix() {
    let container = Container()
    let file = "App/Hooks.swift"
    container.addProvider(forName: "cart", fileID: file, line: 1) { _ in [1] }
    container.addInstance(2, forName: "limit", fileID: file, line: 2)
    container.decorate("crat", as: [Int].self, fileID: file, line: 3) { product, _ in product }
    container.decorate("limit", as: Int.self, fileID: file, line: 4) { product, _ in product }
    container.decorate("cart", as: String.self, fileID: file, line: 5) { cart, _ in cart }
    container.decorate("cart", as: [Int].self, fileID: file, line: 6) { cart, _ in cart }
    container.decorate("totally", as: Int.self, fileID: file, line: 7) { n, _ in n }
    #expect(
      container.validate().problems.map(\.description) == [
        "The hook of 'crat' (App/Hooks.swift:3) never runs: no provider is registered under "
          + "'crat' in its container. Did you mean 'cart'?",
        "The hook of 'limit' (App/Hooks.swift:4) never runs: no provider is registered under "
          + "'limit' in its container. Register a provider under 'limit' there, or remove the "
          + "hook.",
        "The hook of 'cart' (App/Hooks.swift:5) takes String, but 'cart' (App/Hooks.swift:1) "
          + "provides Array<Int>, which is never String, so the hook never runs. Make it take "
          + "Array<Int> (or one of its protocols or superclasses).",
        "The hook of 'totally' (App/Hooks.swift:7) never runs: no provider is registered under "
          + "'totally' in its container. Register a provider under 'totally' there, or remove "
          + "the hook.",
      ])
  }

  @Test func aCleanReportSaysSo() {
    #expect(Container().validate().description == "No problems.")
  }

  @Test func warningsAloneAreListedAfterNoProblems() {
    let container = Container()
    container.addProvider(forName: "formatter") { _ in Widget() }
    container.addProvider(
      forName: "cache", dependencies: ["formatter"], options: .weakSingleton,
      fileID: "App/W.swift", line: 4
    ) { _ in Widget() }
    #expect(
      container.validate().description == """
        No problems; 1 warning:
        - The weak singleton 'cache' (App/W.swift:4) depends on the transient 'formatter', so \
        it keeps one 'formatter' alive as long as it lives. Depend on 'formatterProvider' to \
        get a new one when needed, or give 'formatter' a longer-lived scope.
        """)
  }

  @Test func resolutionErrorTexts() throws {
    let container = Container()
    container.addInstance(Widget(), forName: "widget", fileID: "App/A.swift", line: 1)
    container.addProvider(forName: "unlisted") { values in
      try values.value(forName: "widgte", as: Widget.self)
    }
    container.addProvider(forName: "root", dependencies: ["middle"]) { _ in Widget() }
    container.addProvider(forName: "middle", dependencies: ["widgte"]) { _ in Widget() }
    container.addProvider(forName: "orphan", dependencies: ["nothingLikeIt"]) { _ in Widget() }
    container.addProvider(forName: "panel", dependencies: ["count"]) { _ in Panel() }
    container.addInstance(Widget(), forName: "twice", fileID: "App/A.swift", line: 2)
    container.addInstance(Widget(), forName: "twice", fileID: "App/A.swift", line: 3)
    container.addInstance(Widget(), forName: "twice", fileID: "App/B.swift", line: 4)
    container.addInstance(Widget(), forName: "count")

    func text(_ name: String) -> String {
      do {
        _ = try container.value(forName: name)
        return "resolved"
      } catch {
        return String(describing: error)
      }
    }
    #expect(
      text("unlisted")
        == "Cannot resolve 'unlisted': the creator of 'unlisted' asked for 'widgte', which is "
        + "not one of its dependencies (it has none). Add 'widgte' to the dependencies of "
        + "'unlisted'. Path: unlisted → widgte.")
    #expect(
      text("root")
        == "Cannot resolve 'root': nothing is registered under 'widgte', which 'middle' depends "
        + "on. Did you mean 'widget'? Path: root → middle → widgte.")
    #expect(
      text("orphan")
        == "Cannot resolve 'orphan': nothing is registered under 'nothingLikeIt', which "
        + "'orphan' depends on. Register 'nothingLikeIt', or remove it from the dependencies "
        + "of 'orphan'. Path: orphan → nothingLikeIt.")
    #expect(
      text("unknown") == "Cannot resolve 'unknown': nothing is registered under that name. "
        + "Register it first.")
    #expect(
      text("twice")
        == "Cannot resolve 'twice': 'twice' is registered 3 times, at App/A.swift:2, "
        + "App/A.swift:3 and App/B.swift:4. Remove or rename all but one.")
    #expect(
      text("panel")
        == "Cannot resolve 'panel': injecting the properties of 'panel' failed. Cannot inject "
        + "'count' into Panel: the property holds Int, but the dependency 'count' is of type "
        + "Widget. Change the property's type, or register a value of type Int under 'count'.")
  }
}

extension ErrorTextTests {
  final class Api: Sendable {}
  final class Screen {
    @Inject var api: Api?
    @Inject var title: String?
    @Inject var makeApi: (() -> Api)?
  }

  @Test func anInjectPropertyItsDependencyCanNeverFillIsAProblemWithBothSites() {
    let container = Container()
    let file = "App/Wiring.swift"
    container.addInstance(42, forName: "title", fileID: file, line: 1)
    container.addProvider(forName: "api", fileID: file, line: 2) { _ in "not an Api" }
    container.addProvider(
      forName: "screen", dependencies: ["api", "title", "makeApi"], fileID: file, line: 3
    ) { _ in Screen() }
    container.addProvider(forName: "makeApi", fileID: file, line: 4) { _ in Api() }
    let report = container.validate()
    #expect(
      report.problems.map(\.description) == [
        "'screen' (App/Wiring.swift:3) makes Screen, whose @Inject property 'api' holds Api, "
          + "but 'api' (App/Wiring.swift:2) provides String, which is never Api. Give the "
          + "property the type String (or one of its protocols or superclasses), or register "
          + "Api under 'api'.",
        "'screen' (App/Wiring.swift:3) makes Screen, whose @Inject property 'title' holds "
          + "String, but 'title' (App/Wiring.swift:1) provides Int, which is never String. "
          + "Give the property the type Int (or one of its protocols or superclasses), or "
          + "register String under 'title'.",
        "'screen' (App/Wiring.swift:3) makes Screen, whose @Inject property 'makeApi' holds "
          + "() -> Api, but 'makeApi' (App/Wiring.swift:4) provides Api, which is never "
          + "() -> Api. Give the property the type Api (or one of its protocols or "
          + "superclasses), or register () -> Api under 'makeApi'.",
      ])
  }

  @Test func injectPropertiesThatFitAreNoProblem() throws {
    let container = Container()
    container.addProvider(forName: "api") { _ in Api() }
    container.addInstance("Home", forName: "title")
    container.addProvider(forName: "screen", dependencies: ["api", "title", "apiProvider"]) {
      _ in Screen()
    }
    try container.checkForErrors()
  }
}

extension ErrorTextTests {
  final class Repo: Sendable {}
  final class ItemsScreen {
    @Inject var repository: Repo?
  }

  /// A property named unlike the one dependency its provider lists is never filled: the
  /// warning says so, and that the name decides.
  @Test func anInjectPropertyNamedUnlikeTheListedDependencyIsNeverFilled() throws {
    let container = Container()
    container.addInstance(Repo(), forName: "itemRepository", fileID: "App/Items.swift", line: 1)
    container.addProvider(
      forName: "itemsScreen", dependencies: ["itemRepository"], fileID: "App/Items.swift",
      line: 2
    ) { _ in ItemsScreen() }
    try container.checkForErrors()
    #expect(
      container.validate().description == """
        No problems; 1 warning:
        - 'itemsScreen' (App/Items.swift:2) makes ItemsScreen, whose @Inject property \
        'repository' is never filled: the container fills an @Inject property only from the \
        dependency of its own name, and 'itemsScreen' does not list 'repository'. List it among \
        the dependencies, rename the property after a dependency 'itemsScreen' lists, or remove \
        the property.
        """)
    let screen = try container.value(forName: "itemsScreen", as: ItemsScreen.self)
    #expect(screen.repository == nil)
  }
}
