import Injineer
import Testing

// The samples of the article "Provider Closures and Cycles", as written there.

final class ArticleStore: Sendable {
  let titles = ["Brewing", "Grinding"]
}

@MainActor
final class ArticleScreen {
  @Inject var articleStore: ArticleStore?
  var title = ""
}

@MainActor
final class ArticleListScreen {
  @Inject var articleStore: ArticleStore?
  @Inject var articleScreenProvider: (@MainActor () -> ArticleScreen)?

  func open(_ index: Int) -> ArticleScreen? {
    guard let screen = articleScreenProvider?() else { return nil }
    screen.title = articleStore?.titles[index] ?? ""
    return screen
  }
}

@MainActor
protocol TitledScreen: AnyObject {
  var title: String { get }
}

extension ArticleScreen: TitledScreen {}

@MainActor
final class DraftListScreen {
  @Inject var articleScreenProvider: (() -> ArticleScreen)?
}

@MainActor
final class ArticleReader {
  let title: String
  init(title: String) { self.title = title }
}

@MainActor
final class Coordinator {}
@MainActor
final class SettingsScreen {}

@MainActor
final class AccountService {
  private let coordinator: @MainActor () -> Coordinator
  init(coordinator: @escaping @MainActor () -> Coordinator) {
    self.coordinator = coordinator
  }

  /// Signs out and returns the coordinator that shows the sign-in screen.
  func signOut() -> Coordinator { coordinator() }
}

@MainActor
final class Playlist {
  let track: Track
  init(track: Track) { self.track = track }
}

@MainActor
final class Track {
  @Inject var playlistProvider: (@MainActor () -> Playlist)?
}

@MainActor
final class ReceiptPrinter {}

@MainActor
final class OrderScreen {
  @Inject var receiptPrinterProvider: Lazy<ReceiptPrinter>?
}

// Every sample of the article runs on the main actor, as the article says.
@Suite("Provider Closures and Cycles")
@MainActor
struct ProviderClosuresAndCyclesTests: PrintingSample {
  let console = Console()

  @Test func closuresThatTakeAnArgument() throws {
    let readers = Container()
    readers.addInstance(ArticleStore(), forName: "articleStore")
    readers.addProvider(
      forName: "articleReader", dependencies: ["articleStore"], argument: Int.self
    ) { values, index in
      ArticleReader(
        title: try values.value(forName: "articleStore", as: ArticleStore.self).titles[index])
    }
    let openArticle = try readers.value(
      forName: "articleReaderProvider", as: (@MainActor (Int) -> ArticleReader).self)
    print(openArticle(1).title)

    expectPrintedOutputShown(in: Self.article)
  }

  static let article = "Sources/INJContainer/INJContainer.docc/ProviderClosuresAndCycles.md"

  func articleContainer() throws -> Container {
    let container = Container()
    container.addInstance(ArticleStore(), forName: "articleStore")
    container.addProvider(
      forName: "articleList", dependencies: ["articleStore", "articleScreenProvider"]
    ) { _ in
      ArticleListScreen()
    }
    container.addProvider(forName: "articleScreen", dependencies: ["articleStore"]) { _ in
      ArticleScreen()
    }
    try container.checkForErrors()
    return container
  }

  @Test func aNewObjectPerCall() throws {
    let container = try articleContainer()

    let list = try container.value(forName: "articleList", as: ArticleListScreen.self)
    let first = list.open(0)
    let second = list.open(1)
    print(first?.title ?? "-", second?.title ?? "-", first !== second)
    print(first?.articleStore === list.articleStore)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func askingTheContainer() throws {
    let container = try articleContainer()

    let makeScreen = try container.value(
      forName: "articleScreenProvider", as: (@MainActor () -> ArticleScreen).self)
    let tryScreen: @MainActor () throws -> ArticleScreen = try container.value(
      forName: "articleScreenProvider")
    let store: @Sendable () -> ArticleStore = try container.value(forName: "articleStoreProvider")
    print(makeScreen() !== makeScreen(), try tryScreen().title.isEmpty, store() === store())

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aSupertype() throws {
    let container = try articleContainer()

    let makeAnyScreen = try container.value(
      forName: "articleScreenProvider", as: (@MainActor () -> any TitledScreen).self)
    print(makeAnyScreen().title.isEmpty)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func mainActorProductsRefusePlainClosures() throws {
    let drafts = Container()
    drafts.addInstance(ArticleStore(), forName: "articleStore")
    drafts.addProvider(
      forName: "articleScreen", dependencies: ["articleStore"], fileID: "App/Drafts.swift", line: 3
    ) { _ in
      ArticleScreen()
    }
    drafts.addProvider(
      forName: "draftList", dependencies: ["articleScreenProvider"], fileID: "App/Drafts.swift",
      line: 6
    ) { _ in
      DraftListScreen()
    }
    do {
      try drafts.checkForErrors()
    } catch {
      print(error)
    }
    do {
      _ = try drafts.value(forName: "draftList")
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aReleasedContainer() throws {
    @MainActor
    func makeReceiptMaker() throws -> @MainActor () throws -> Receipt {
      let container = Container()
      container.addProvider(forName: "receipt") { _ in Receipt() }
      return try container.value(
        forName: "receiptProvider", as: (@MainActor () throws -> Receipt).self)
    }

    let makeReceipt = try makeReceiptMaker()
    do {
      _ = try makeReceipt()
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aCycle() throws {
    let cyclic = Container()
    cyclic.addProvider(
      forName: "coordinator", dependencies: ["settings"], options: .singleton
    ) { _ in
      Coordinator()
    }
    cyclic.addProvider(forName: "settings", dependencies: ["accounts"], options: .singleton) { _ in
      SettingsScreen()
    }
    cyclic.addProvider(
      forName: "accounts", dependencies: ["coordinator"], options: .singleton
    ) { values in
      let coordinator = try values.value(forName: "coordinator", as: Coordinator.self)
      return AccountService(coordinator: { coordinator })
    }

    do {
      try cyclic.checkForErrors()
    } catch let error as ValidationError {
      print(error.cycles)
    }
    expectPrintedOutputShown(in: Self.article)

    let before = console.text.count
    do {
      _ = try cyclic.value(forName: "coordinator")
    } catch {
      print(error)
    }
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))))
  }

  @Test func theCycleBroken() throws {
    let fixed = Container()
    fixed.addProvider(
      forName: "coordinator", dependencies: ["settings"], options: .singleton
    ) { _ in
      Coordinator()
    }
    fixed.addProvider(forName: "settings", dependencies: ["accounts"], options: .singleton) { _ in
      SettingsScreen()
    }
    fixed.addProvider(
      forName: "accounts", dependencies: ["coordinatorProvider"], options: .singleton
    ) { values in
      AccountService(
        coordinator: try values.value(
          forName: "coordinatorProvider", as: (@MainActor () -> Coordinator).self))
    }
    try fixed.checkForErrors()

    let coordinator = try fixed.value(forName: "coordinator", as: Coordinator.self)
    let accounts = try fixed.value(forName: "accounts", as: AccountService.self)
    print(accounts.signOut() === coordinator)

    expectPrintedOutputShown(in: Self.article)
    #expect(fixed.validate().isClean)
    #expect(fixed.dependencyGraph().cycles().isEmpty)
  }

  @Test func aParentAndAChildInOneObjectGraph() throws {
    let family = Container()
    family.addProvider(
      forName: "playlist", dependencies: ["track"], options: .objectGraph
    ) { values in
      Playlist(track: try values.value(forName: "track"))
    }
    family.addProvider(
      forName: "track", dependencies: ["playlistProvider"], options: .objectGraph
    ) { _ in
      Track()
    }
    try family.checkForErrors()

    let playlist = try family.value(forName: "playlist", as: Playlist.self)
    print(playlist.track.playlistProvider?() === playlist)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func lazyDependencies() throws {
    let orders = Container()
    orders.addProvider(forName: "receiptPrinter") { _ in ReceiptPrinter() }
    orders.addProvider(forName: "orderScreen", dependencies: ["receiptPrinterProvider"]) { _ in
      OrderScreen()
    }
    try orders.checkForErrors()

    let screen = try orders.value(forName: "orderScreen", as: OrderScreen.self)
    let printer = try screen.receiptPrinterProvider?.value  // made here
    print(try screen.receiptPrinterProvider?.value === printer)

    expectPrintedOutputShown(in: Self.article)
  }
}
