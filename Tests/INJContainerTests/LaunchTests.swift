import Foundation
import INJContainer
import Testing

/// Async singletons made at launch, with synchronous providers over them, and
/// `makeSingletons()` making singletons in the order of their dependencies.
@Suite("Singletons made at launch")
struct LaunchTests {
  final class Store: Sendable {
    let opened: Int
    init(opened: Int) { self.opened = opened }
    static func open() async -> Store {
      await Task.yield()
      return Store(opened: 1)
    }
  }

  final class Repository: Sendable {
    let store: Store
    init(store: Store) { self.store = store }
  }

  final class Screen {
    let repository: Repository
    init(repository: Repository) { self.repository = repository }
  }

  private static func app() -> Container {
    let container = Container()
    container.addAsyncProvider(
      forName: "store", options: .madeAtLaunch, fileID: "App/App.swift", line: 1
    ) { _ in await Store.open() }
    container.addProvider(
      forName: "repository", dependencies: ["store"], options: .singleton,
      fileID: "App/App.swift", line: 2
    ) { values in Repository(store: try values.value(forName: "store")) }
    container.addProvider(
      forName: "screen", dependencies: ["repository"], fileID: "App/App.swift", line: 3
    ) { values in Screen(repository: try values.value(forName: "repository")) }
    return container
  }

  @Test func synchronousProvidersOverALaunchSingletonPassTheCheck() throws {
    try Self.app().checkForErrors()
  }

  @Test func beforeTheLaunchASynchronousResolutionNamesTheCall() {
    let error = #expect(throws: ResolutionError.self) {
      try Self.app().value(forName: "screen")
    }
    if case .notMadeAtLaunch? = error?.reason {
    } else {
      Issue.record("\(String(describing: error))")
    }
    #expect(
      error?.description
        == "Cannot resolve 'screen': 'store' is an async singleton made at launch, and the "
        + "launch has not made it yet. Call try await container.makeSingletons() when the app "
        + "starts, before resolving synchronously what depends on 'store', or resolve 'screen' "
        + "with asyncValue(forName:as:). Path: screen → repository → store.")
  }

  @Test func afterTheLaunchTheSynchronousLayersResolveSynchronously() async throws {
    let container = Self.app()
    try await container.makeSingletons()
    let screen = try container.value(forName: "screen", as: Screen.self)
    let again = try container.value(forName: "screen", as: Screen.self)
    #expect(screen.repository.store.opened == 1)
    #expect(screen !== again && screen.repository === again.repository)
  }

  @Test func anAsyncRequestMakesALaunchSingletonBeforeTheLaunch() async throws {
    let container = Self.app()
    let screen = try await container.asyncValue(forName: "screen", as: Screen.self)
    #expect(screen.repository.store.opened == 1)
    #expect(try container.value(forName: "repository", as: Repository.self) === screen.repository)
  }

  /// The request gives up its resolution while it makes a singleton first, so the claims
  /// above the singleton are free for the singleton's creator: one that asks for what
  /// needs the singleton fails, and nothing waits for good.
  @Test func aSingletonMadeFirstWhoseCreatorAsksForItsDependentFailsWithoutHanging() async {
    let container = Container()
    container.addAsyncProvider(forName: "store", options: .singleton) { _ in
      _ = try container.value(forName: "repository")
      return await Store.open()
    }
    container.addProvider(forName: "repository", dependencies: ["store"], options: .singleton) {
      values in Repository(store: try values.value(forName: "store"))
    }
    let watched = WatchedTask {
      try await container.asyncValue(forName: "repository", as: Repository.self)
    }
    let result = await watched.result()
    guard case .failure(let error as ResolutionError)? = result else {
      Issue.record("expected a resolution error, got \(String(describing: result))")
      return
    }
    #expect(error.name == "store")
    #expect(
      error.description
        == "Cannot resolve 'repository': the creator of 'store' is async, so a synchronous "
        + "resolution cannot make it. Resolve it with asyncValue(forName:as:), or register "
        + "'repository' with addAsyncProvider. Path: repository → store.")
  }

  /// A synchronous creator runs once per product: one that asks the container, from
  /// inside, for a name over an async singleton not made yet gets the synchronous
  /// resolution's error, and the request does not run it again after making the
  /// singleton.
  @Test func aCreatorAskingInsideForANameOverAnAsyncSingletonGetsTheErrorOnce() async throws {
    let container = Self.app()
    let runs = Counter()
    container.addProvider(forName: "report") { _ in
      runs.increment()
      return try container.value(forName: "screen", as: Screen.self)
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "report", as: Screen.self)
    }
    #expect(runs.value == 1)
    #expect(
      error?.description
        == "Cannot resolve 'report': 'store' is an async singleton made at launch, and the "
        + "launch has not made it yet. Call try await container.makeSingletons() when the app "
        + "starts, before resolving synchronously what depends on 'store', or resolve 'report' "
        + "with asyncValue(forName:as:). Path: report → screen → repository → store.")
    try await container.makeSingletons()
    #expect(try container.value(forName: "report", as: Screen.self).repository.store.opened == 1)
    #expect(runs.value == 2)
  }

  /// A singleton the request makes first is made below the synchronous providers in
  /// progress: a cycle back through one of them names it.
  @Test func aCycleThroughASingletonMadeFirstNamesTheSynchronousProviders() async {
    let container = Container()
    container.addAsyncProvider(
      forName: "store", dependencies: ["repository"], options: .singleton
    ) { _ in await Store.open() }
    container.addProvider(forName: "repository", dependencies: ["store"], options: .singleton) {
      values in Repository(store: try values.value(forName: "store"))
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "store", as: Store.self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'store': its dependencies form a cycle, repository → store → "
        + "repository. Break the cycle by depending on 'repositoryProvider' instead of "
        + "'repository' in 'store'.")
  }

  @Test func theCheckStillReportsASynchronousProviderOverOtherAsyncProviders() {
    let container = Container()
    container.addAsyncProvider(forName: "session", fileID: "App/App.swift", line: 1) { _ in
      await Store.open()
    }
    container.addAsyncProvider(
      forName: "cache", options: .singleton, fileID: "App/App.swift", line: 2
    ) { _ in await Store.open() }
    container.addProvider(
      forName: "feed", dependencies: ["session", "cache"], fileID: "App/App.swift", line: 3
    ) { _ in 0 }
    #expect(
      container.validate().problems.map(\.description) == [
        "'feed' (App/App.swift:3) is synchronous but depends on 'session' (App/App.swift:1), "
          + "whose creator is async, so value(forName:) cannot make it. Register 'feed' with "
          + "addAsyncProvider, or make 'session' at launch: give it options: .madeAtLaunch and "
          + "call makeSingletons() when the app starts.",
        "'feed' (App/App.swift:3) is synchronous but depends on 'cache' (App/App.swift:2), "
          + "whose creator is async, so value(forName:) cannot make it. Register 'feed' with "
          + "addAsyncProvider, or make 'cache' at launch: give it options: .madeAtLaunch and "
          + "call makeSingletons() when the app starts.",
      ])
  }

  @Test func aLaunchSingletonIsASingletonAndHasOneScope() {
    let container = Container()
    container.addAsyncProvider(forName: "store", options: [.madeAtLaunch, .singleton]) { _ in
      await Store.open()
    }
    container.addAsyncProvider(
      forName: "weak", options: [.madeAtLaunch, .weakSingleton], fileID: "App/App.swift",
      line: 2
    ) { _ in await Store.open() }
    #expect(
      container.validate().problems.map(\.description) == [
        "'weak' (App/App.swift:2) has more than one scope (madeAtLaunch, weakSingleton). Give it "
          + "at most one of .singleton, .weakSingleton, .objectGraph and .scope(_:)."
      ])
  }

  // MARK: Waves

  @Test func singletonsComeInWavesOfTheirDependencies() {
    let container = Container()
    container.addProvider(forName: "c", dependencies: ["mapper"], options: .singleton) { _ in 3 }
    container.addProvider(forName: "mapper", dependencies: ["b"]) { _ in 0 }
    container.addProvider(forName: "b", dependencies: ["a"], options: .singleton) { _ in 2 }
    container.addProvider(forName: "a", options: .singleton) { _ in 1 }
    container.addProvider(forName: "lone", options: .singleton) { _ in 4 }
    container.addProvider(forName: "late", dependencies: ["cProvider"], options: .singleton) { _ in
      5
    }
    #expect(
      container.launchWaves(of: ["c", "b", "a", "lone", "late"]) == [
        ["a", "lone", "late"], ["b"], ["c"],
      ])
  }

  /// A nonisolated singleton over a main-actor one, made at launch from nonisolated
  /// code: the main-actor one is made first, on the main actor.
  @Test func aNonisolatedSingletonOverAMainActorOneIsMadeAfterIt() async throws {
    for _ in 0..<20 {
      let container = Container()
      await Self.registerMainActorSingleton(in: container)
      container.addProvider(forName: "needsMain", dependencies: ["main"], options: .singleton) {
        values in Repository(store: try values.value(forName: "main"))
      }
      try await container.makeSingletons()
      #expect(try container.value(forName: "needsMain", as: Repository.self).store.opened == 2)
    }
  }

  /// Made at launch from the main actor, a nonisolated singleton over a main-actor
  /// transient (or main-actor contributions to a collection) is made on the main
  /// actor, as a synchronous resolution there makes it.
  @MainActor @Test func aNonisolatedSingletonOverMainActorTransientsIsMadeOnTheMainActor()
    async throws
  {
    let container = Container()
    container.addProvider(forName: "title") { _ in Store(opened: 3) }
    container.contribute(to: "plugins") { _ in Store(opened: 4) }
    Self.registerNonisolatedSingletons(in: container)
    try container.checkForErrors()
    try await container.makeSingletons()
    #expect(try container.value(forName: "header", as: Repository.self).store.opened == 3)
    #expect(try container.value(forName: "plugins", as: [Store].self).map(\.opened) == [4])
  }

  /// A request that must start again on the main actor releases its claims first: the
  /// main thread, waiting meanwhile for one of them, is free to go on, and both get the
  /// one singleton.
  @MainActor @Test func aRequestStartingAgainOnTheMainActorLeavesTheMainThreadFree()
    async throws
  {
    let container = Container()
    container.addProvider(forName: "title") { _ in Store(opened: 3) }
    let slowStarted = Signal()
    Self.registerHeaderAfterASlowPart(in: container, signal: slowStarted)
    let request = Task.detached {
      try await container.asyncValue(forName: "header", as: Repository.self)
    }
    try await slowStarted.wait()
    // The request holds the claim of 'header' while 'slow' is made: the main thread
    // waits for it, and the request then needs the main actor for 'title'.
    let header = try container.value(forName: "header", as: Repository.self)
    let fromRequest = try await request.value
    #expect(header === fromRequest)
    #expect(header.store.opened == 3)
  }

  private nonisolated static func registerHeaderAfterASlowPart(
    in container: Container, signal: Signal
  ) {
    container.addProvider(forName: "slow") { _ in
      signal.raise()
      usleep(300_000)
      return 0
    }
    container.addProvider(
      forName: "header", dependencies: ["slow", "title"], options: .singleton
    ) { values in Repository(store: try values.value(forName: "title")) }
  }

  private nonisolated static func registerNonisolatedSingletons(in container: Container) {
    container.addProvider(forName: "header", dependencies: ["title"], options: .singleton) {
      values in Repository(store: try values.value(forName: "title"))
    }
    container.addProvider(forName: "pluginCount", dependencies: ["plugins"], options: .singleton) {
      values in try values.value(forName: "plugins", as: [Store].self).count
    }
  }

  @MainActor private static func registerMainActorSingleton(in container: Container) {
    container.addProvider(forName: "main", options: .singleton) { _ in Store(opened: 2) }
  }
}
