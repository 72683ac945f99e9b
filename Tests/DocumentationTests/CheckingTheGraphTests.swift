import Foundation
import Injineer
import Testing

// The samples of the article "Checking the Graph", as written there.

final class Theme: Sendable {}
final class ImageCache: Sendable {}

struct Offline: Error, CustomStringConvertible {
  var description: String { "the network is offline" }
}

final class Dashboard {
  @Inject var theme: Theme?
}

final class Api: Sendable {}

final class ApiScreen {
  @Inject var apiProvider: ((Int) -> Api)?
  @Inject var themeProvider: Theme?
}

struct ReaderSettings {
  @Inject var theme: Theme?
}

final class Account {
  @Inject var home: Home?
}

final class Home {
  @Inject var account: Account?
}

/// `Account` and `Home` declared as the article's cycle fix says.
private final class FixedAccount {
  @Inject var home: FixedHome?
}

private final class FixedHome {
  @Inject var accountProvider: (() -> FixedAccount)?
}

protocol Plugin: Sendable {}
struct AuditPlugin: Plugin {}
struct Logger: Sendable {}

final class Toolbar {
  @Inject var plugins: [any Plugin]?
}

// The article's samples run in nonisolated code, as it says.
@Suite("Checking the Graph")
struct CheckingTheGraphTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/CheckingTheGraph.md"

  @Test func everyProblemAtOnce() throws {
    let file = "App/Wiring.swift"
    let container = Container()
    container.addInstance("https://api.example.com", forName: "", fileID: file, line: 3)
    container.addInstance(Theme(), forName: "theme", fileID: file, line: 4)
    container.addInstance(Theme(), forName: "theme", fileID: file, line: 5)
    container.addInstance(ImageCache(), forName: "imageCache", fileID: file, line: 6)
    container.addProvider(forName: "imageCacheProvider", fileID: file, line: 7) { _ in
      ImageCache()
    }
    container.addProvider(
      forName: "session", options: [.singleton, .objectGraph], fileID: file, line: 8
    ) { _ in
      Theme()
    }
    container.addProvider(forName: "header", dependencies: [" "], fileID: file, line: 9) { _ in
      "Header"
    }
    container.addProvider(
      forName: "home", dependencies: ["thme", "detailProvider", "feed"], fileID: file, line: 10
    ) { _ in
      "Home"
    }
    container.addProvider(forName: "feed", dependencies: ["home"], fileID: file, line: 11) { _ in
      "Feed"
    }

    do {
      try container.checkForErrors()
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func providerClosureSlots() throws {
    let file = "App/Wiring.swift"
    let closures = Container()
    closures.addProvider(forName: "api", fileID: file, line: 3) { _ in Api() }
    closures.addInstance(Theme(), forName: "theme", fileID: file, line: 4)
    closures.addProvider(
      forName: "apiScreen", dependencies: ["apiProvider", "themeProvider"], fileID: file, line: 5
    ) { _ in
      ApiScreen()
    }
    closures.addProvider(
      forName: "status", dependencies: [.key(Key<() -> String>("apiProvider"))], fileID: file,
      line: 6
    ) { _ in
      "ok"
    }
    do {
      try closures.checkForErrors()
    } catch {
      print(error)
    }
    expectPrintedOutputShown(in: Self.article)

    let before = console.text.count
    do {
      _ = try closures.value(forName: "apiScreen")
    } catch {
      print(error)
    }
    do {
      _ = try closures.value(forName: "apiProvider", as: ((Int) -> Api).self)
    } catch {
      print(error)
    }
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))), "\(console.text)")
  }

  @Test func productsTheContainerWouldRefuse() throws {
    let file = "App/Wiring.swift"
    let container = Container()
    container.addInstance(Theme(), forName: "theme", fileID: file, line: 3)
    container.addProvider(
      forName: "readerSettings", dependencies: ["theme"], fileID: file, line: 4
    ) { _ in
      ReaderSettings()
    }
    container.addProvider(forName: "counter", options: .weakSingleton, fileID: file, line: 5) { _ in
      0
    }
    do {
      try container.checkForErrors()
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func warnings() throws {
    let file = "App/Wiring.swift"
    let container = Container()
    container.addInstance(Theme(), forName: "theme", fileID: file, line: 3)
    container.addProvider(forName: "formatter", fileID: file, line: 4) { _ in ImageCache() }
    container.addProvider(
      forName: "cache", dependencies: ["formatter"], options: .singleton, fileID: file, line: 5
    ) { _ in
      ImageCache()
    }
    container.addProvider(forName: "dashboard", fileID: file, line: 6) { _ in Dashboard() }

    try container.checkForErrors()
    print(container.validate())

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func anAcknowledgedCaptiveDependency() throws {
    let acknowledged = Container()
    acknowledged.addProvider(forName: "formatter") { _ in ImageCache() }
    acknowledged.addProvider(
      forName: "cache", dependencies: ["formatter"],
      options: [.singleton, .allowsCaptiveDependencies]
    ) { _ in
      ImageCache()
    }
    print(acknowledged.validate())
    print(acknowledged.validate().isClean)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func propertiesAListNeverFills() throws {
    func accounts(homeDependencies: [String]) -> Container {
      let file = "App/Wiring.swift"
      let container = Container()
      container.addProvider(forName: "account", dependencies: ["home"], fileID: file, line: 3) {
        _ in
        Account()
      }
      container.addProvider(
        forName: "home", dependencies: homeDependencies, fileID: file, line: 4
      ) { _ in
        Home()
      }
      return container
    }

    for dependencies in [["account"], ["accountProvider"]] {
      do {
        try accounts(homeDependencies: dependencies).checkForErrors()
      } catch {
        print(error)
      }
    }

    expectPrintedOutputShown(in: Self.article)

    // Declared as the fix says, the graph checks clean and the property is filled.
    let fixed = Container()
    fixed.addProvider(forName: "account", dependencies: ["home"]) { _ in FixedAccount() }
    fixed.addProvider(forName: "home", dependencies: ["accountProvider"]) { _ in FixedHome() }
    try fixed.checkForErrors()
    let home = try fixed.value(forName: "home", as: FixedHome.self)
    #expect(home.accountProvider?() != nil)
    let article = try String(
      contentsOf: Markdown.packageRoot.appendingPathComponent(Self.article), encoding: .utf8)
    #expect(article.contains("`@Inject var accountProvider: (() -> Account)?`, the graph"))
  }

  @Test func collectionsTheirReadersCannotTake() throws {
    let file = "App/Wiring.swift"
    let plugins = Container()
    plugins.contribute(to: "plugins", fileID: file, line: 3) { _ -> any Plugin in AuditPlugin() }
    plugins.contribute(to: "plugins", fileID: file, line: 4) { _ in Logger() }
    plugins.addProvider(forName: "toolbar", dependencies: ["plugins"], fileID: file, line: 5) {
      _ in
      Toolbar()
    }
    do {
      try plugins.checkForErrors()
    } catch {
      print(error)
    }
    do {
      _ = try plugins.value(forName: "plugins", as: [any Plugin].self)
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func tooManyCycles() throws {
    let names = ["a", "b", "c", "d", "e", "f", "g"]
    let dense = Container()
    for name in names {
      dense.addProvider(forName: name, dependencies: names.filter { $0 != name }) { _ in name }
    }
    let report = dense.validate()
    let lines = report.description.split(separator: "\n")
    print(report.problems.count, report.isCycleListTruncated)
    print(String(lines[lines.count - 1]))

    expectPrintedOutputShown(in: Self.article)
    #expect(dense.dependencyGraph().cycles(limit: 10_000).count == 2_365)
    #expect(report.problems.count == DependencyGraph<String>.cycleListLimit)
  }

  @Test func resolutionErrors() throws {
    let file = "App/Wiring.swift"
    let broken = Container()
    broken.addInstance("text", forName: "count")
    broken.addInstance(1, forName: "twice", fileID: file, line: 20)
    broken.addInstance(2, forName: "twice", fileID: file, line: 21)
    broken.addInstance(Theme(), forName: "theme")
    broken.addProvider(forName: "themeProvider") { _ in Theme() }
    broken.addProvider(forName: "cache", options: [.singleton, .weakSingleton]) { _ in
      ImageCache()
    }
    broken.addProvider(forName: "counter", options: .weakSingleton) { _ in 0 }
    broken.addProvider(forName: "client") { _ -> String in throw Offline() }
    broken.addProvider(forName: "screen", dependencies: ["client"]) { _ in "Screen" }
    broken.addProvider(forName: "badge", dependencies: ["count"]) { values in
      "\(try values.value(forName: "count", as: Int.self)) new"
    }
    broken.addProvider(forName: "title", dependencies: ["count"]) { values in
      try values.value(forName: "cuont", as: String.self)
    }
    broken.addProvider(forName: "footer", dependencies: ["cuont"]) { _ in "Footer" }
    broken.addProvider(forName: "sidebar", dependencies: ["nothingLikeIt"]) { _ in "Sidebar" }
    broken.addProvider(forName: "header", dependencies: [""]) { _ in "Header" }

    let names = [
      "countt", "nothingLikeIt", "footer", "sidebar", "title", "screen", "badge", "twice",
      "themeProvider", " ", "header", "cache", "counter",
    ]
    for name in names {
      do {
        _ = try broken.value(forName: name)
      } catch {
        print(error)
      }
    }
    do {
      _ = try broken.value(forName: "count", as: Int.self)
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func lookingAtTheGraph() throws {
    let app = Container()
    app.addInstance("https://api.example.com", forName: "baseURL")
    app.addProvider(
      forName: "weatherClient", dependencies: ["baseURL"], options: .singleton
    ) { values in
      WeatherClient(baseURL: try values.value(forName: "baseURL"))
    }
    app.addProvider(
      forName: "forecastScreen", dependencies: ["weatherClient", "settingsScreenProvider"]
    ) { values in
      ForecastScreen(client: try values.value(forName: "weatherClient"))
    }
    app.addProvider(forName: "settingsScreen", dependencies: ["weatherClient"]) { _ in "Settings" }
    app.addProvider(forName: "legacyScreen") { _ in "Legacy" }

    print(app.dependencyGraph().unreachableNodes(from: ["forecastScreen"]))
    print(app.mermaidText(), terminator: "")

    expectPrintedOutputShown(in: Self.article)
  }
}
