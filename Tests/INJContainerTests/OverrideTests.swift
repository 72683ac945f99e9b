import INJContainer
import Testing

/// Overrides outside tests: `override(_:with:)`, `override(_:dependencies:options:creator:)`
/// and `overrideAsync`, in the container that registers a name and in a child, where they
/// reach the ancestors' providers too.
@Suite struct OverrideTests {
  protocol API: Sendable {
    var source: String { get }
  }
  struct LiveAPI: API {
    var source: String { "live" }
  }
  struct MockAPI: API {
    var source: String
    init(source: String = "mock") { self.source = source }
  }
  final class Repository: Sendable {
    let api: any API
    init(api: any API) { self.api = api }
  }
  final class ViewModel: Sendable {
    let repository: Repository
    init(repository: Repository) { self.repository = repository }
  }
  final class Screen: Sendable {
    let makeViewModel: @Sendable () throws -> ViewModel
    init(makeViewModel: @escaping @Sendable () throws -> ViewModel) {
      self.makeViewModel = makeViewModel
    }
  }

  /// An app: `api`, a `repository` over it, a singleton `viewModel` over that, and a
  /// `screen` that makes view models through `viewModelProvider`.
  static func app(file: String = "App/App.swift") -> Container {
    let app = Container()
    app.addInstance(LiveAPI() as any API, forName: "api", fileID: file, line: 1)
    app.addProvider(forName: "repository", dependencies: ["api"], fileID: file, line: 2) {
      Repository(api: try $0.value(forName: "api"))
    }
    app.addProvider(
      forName: "viewModel", dependencies: ["repository"], options: .singleton, fileID: file,
      line: 3
    ) {
      ViewModel(repository: try $0.value(forName: "repository"))
    }
    app.addProvider(forName: "screen", dependencies: ["viewModelProvider"], fileID: file, line: 4) {
      Screen(makeViewModel: try $0.value(forName: "viewModelProvider"))
    }
    return app
  }

  static func source(_ container: Container, _ name: String = "viewModel") throws -> String {
    try container.value(forName: name, as: ViewModel.self).repository.api.source
  }

  // MARK: Instances and providers

  @Test func anInstanceOverrideReplacesTheNameForEveryProviderThatDependsOnIt() throws {
    let app = Self.app()
    app.override("api", with: MockAPI() as any API)
    #expect(try Self.source(app) == "mock")
    #expect(try app.value(forName: "api", as: (any API).self).source == "mock")
    try app.checkForErrors()

    app.override("api", with: MockAPI(source: "second") as any API)
    #expect(try app.value(forName: "repository", as: Repository.self).api.source == "second")
    try app.checkForErrors()
  }

  @Test func aProviderOverrideHasItsOwnDependenciesAndScope() throws {
    let app = Self.app()
    app.addInstance("staging", forName: "environment")
    let made = Counter()
    app.override("api", dependencies: ["environment"], options: .singleton) { values -> any API in
      made.increment()
      return MockAPI(source: try values.value(forName: "environment"))
    }
    let first = try app.value(forName: "api", as: (any API).self)
    let second = try app.value(forName: "api", as: (any API).self)
    #expect(first.source == "staging" && second.source == "staging")
    #expect(made.value == 1)
    let makeAPI = try app.value(forName: "apiProvider", as: (() -> any API).self)
    #expect(makeAPI().source == "staging")
    try app.checkForErrors()
  }

  @Test func anAsyncProviderOverrideResolvesWithAsyncValue() async throws {
    let app = Self.app()
    app.overrideAsync("api", options: .singleton) { _ -> any API in
      await Task.yield()
      return MockAPI(source: "async")
    }
    #expect(try await app.asyncValue(forName: "api", as: (any API).self).source == "async")
    let makeAPI = try app.value(forName: "apiProvider", as: (() async throws -> any API).self)
    #expect(try await makeAPI().source == "async")
    // A synchronous provider over it is what the check reports, as for addAsyncProvider.
    let problems = app.validate().problems
    #expect(problems.count == 1)
    if case .synchronousDependsOnAsync("repository", _, "api", _)? = problems.first {
    } else {
      Issue.record("expected a synchronous provider over an async one: \(problems)")
    }
  }

  // MARK: Children and their ancestors

  @Test func aChildsOverrideReachesTheProvidersOfItsAncestorsButNotTheAncestors() throws {
    let app = Self.app()
    let preview = app.makeChild()
    preview.override("api", with: MockAPI() as any API)
    #expect(try Self.source(preview) == "mock")
    #expect(try preview.value(forName: "repository", as: Repository.self).api.source == "mock")
    #expect(try Self.source(app) == "live")
    #expect(try app.value(forName: "repository", as: Repository.self).api.source == "live")
    // Through a provider closure too.
    let screen = try preview.value(forName: "screen", as: Screen.self)
    #expect(try screen.makeViewModel().repository.api.source == "mock")
    #expect(
      try app.value(forName: "screen", as: Screen.self).makeViewModel().repository.api
        .source == "live")
    try preview.checkForErrors()
  }

  @Test func aSingletonMadeWithTheOverrideStaysInTheChild() throws {
    let app = Self.app()
    let before = try app.value(forName: "viewModel", as: ViewModel.self)
    let preview = app.makeChild()
    preview.override("api", with: MockAPI() as any API)
    let previewed = try preview.value(forName: "viewModel", as: ViewModel.self)
    #expect(previewed !== before)
    #expect(previewed === (try preview.value(forName: "viewModel", as: ViewModel.self)))
    #expect(try app.value(forName: "viewModel", as: ViewModel.self) === before)
    #expect(before.repository.api.source == "live")

    // Made in the child first, the parent's own singleton is still the live one.
    let other = Self.app()
    let child = other.makeChild()
    child.override("api", with: MockAPI() as any API)
    #expect(try Self.source(child) == "mock")
    #expect(try Self.source(other) == "live")
  }

  @Test func anOverrideReachesThroughEveryAncestor() throws {
    let app = Self.app()
    let feature = app.makeChild()
    feature.addProvider(forName: "summary", dependencies: ["viewModel"]) { values in
      try values.value(forName: "viewModel", as: ViewModel.self).repository.api.source
    }
    let preview = feature.makeChild()
    preview.override("api", with: MockAPI() as any API)
    #expect(try preview.value(forName: "summary", as: String.self) == "mock")
    #expect(try feature.value(forName: "summary", as: String.self) == "live")
    try preview.checkForErrors()
  }

  @Test func theChildsOwnRegistrationsAreKeptAndLaterAncestorRegistrationsAreNotCopied() throws {
    let app = Self.app()
    let preview = app.makeChild()
    preview.addProvider(forName: "repository", dependencies: ["api"]) { values in
      Repository(api: MockAPI(source: "own " + (try values.value(for: Key<any API>("api"))).source))
    }
    preview.override("api", with: MockAPI() as any API)
    #expect(try Self.source(preview) == "own mock")
    // Registered in the parent after the override: it resolves `api` as the parent does.
    app.addProvider(forName: "later", dependencies: ["api"]) { values in
      try values.value(forName: "api", as: (any API).self).source
    }
    #expect(try preview.value(forName: "later", as: String.self) == "live")
    // Overriding again copies what depends on the name now.
    preview.override("api", with: MockAPI(source: "again") as any API)
    #expect(try preview.value(forName: "later", as: String.self) == "again")
  }

  // MARK: The check

  @Test func theCheckReportsAnOverrideOfANameNothingRegisters() throws {
    let preview = Self.app().makeChild()
    preview.override("apy", with: MockAPI() as any API, fileID: "App/Preview.swift", line: 7)
    preview.override("theme", with: "dark", fileID: "App/Preview.swift", line: 8)
    let error = #expect(throws: ValidationError.self) { try preview.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'apy' is overridden at App/Preview.swift:7, but nothing registers it here or in an "
          + "ancestor. Did you mean 'api'? Override a registered name, or register 'apy' with "
          + "addInstance or addProvider instead.",
        "'theme' is overridden at App/Preview.swift:8, but nothing registers it here or in an "
          + "ancestor. Override a registered name, or register 'theme' with addInstance or "
          + "addProvider instead.",
      ])
    #expect(
      error?.report.problems.first
        == .unknownOverride(
          "apy", site: RegistrationSite(fileID: "App/Preview.swift", line: 7), suggestion: "api"))
    // Resolving it works all the same: the override adds the name.
    #expect(try preview.value(forName: "theme", as: String.self) == "dark")
  }

  @Test func theCheckReportsAnOverrideWhoseTypeIsNeverTheRegisteredOne() {
    let app = Self.app()
    app.addInstance(3, forName: "retries", fileID: "App/App.swift", line: 5)
    app.override("retries", with: "three", fileID: "App/Debug.swift", line: 2)
    let preview = app.makeChild()
    preview.override("repository", fileID: "App/Preview.swift", line: 9) { _ in MockAPI() }
    let appError = #expect(throws: ValidationError.self) { try app.checkForErrors() }
    #expect(
      appError?.report.problems.map(\.description) == [
        "'retries' is overridden at App/Debug.swift:2 with String, which is never Int, the type "
          + "'retries' (App/App.swift:5) is registered as. Override it with Int, or with a type "
          + "that conforms to or inherits from Int."
      ])
    let previewError = #expect(throws: ValidationError.self) { try preview.checkForErrors() }
    #expect(
      previewError?.report.problems.map(\.description) == [
        "'repository' is overridden at App/Preview.swift:9 with MockAPI, which is never "
          + "Repository, the type 'repository' (App/App.swift:2) is registered as. Override it "
          + "with Repository, or with a type that conforms to or inherits from Repository."
      ])
  }

  @Test func anOverrideOfAProtocolTypeWithAConformingTypeIsFine() throws {
    let app = Self.app()
    app.override("api", with: MockAPI())
    app.override("repository") { _ in Repository(api: MockAPI()) }
    try app.checkForErrors()
  }

  // MARK: Listing and drawing

  @Test func overridesAndTheirCopiesAreListedAndDrawn() {
    let preview = Self.app().makeChild()
    preview.override("api", with: MockAPI() as any API, fileID: "App/Preview.swift", line: 3)
    let own = preview.registrations(includingAncestors: false)
    #expect(own.filter(\.isOverride).count == own.count)
    #expect(
      own.map(\.description) == [
        "'api': override, instance of API (App/Preview.swift:3)",
        "'repository': override, provider of Repository, depends on 'api' (App/App.swift:2)",
        "'screen': override, provider of Screen, depends on 'viewModelProvider' "
          + "(App/App.swift:4)",
        "'viewModel': override, singleton provider of ViewModel, depends on 'repository' "
          + "(App/App.swift:3)",
      ])
    #expect(
      preview.mermaidText() == """
        flowchart TB
          n0["api (instance, override)"]
          n1["repository (override)"]
          n2["screen (override)"]
          n3["viewModel (singleton, override)"]
          n1 --> n0
          n2 -.-> n3
          n3 --> n1

        """)
    #expect(preview.dotText().contains(#"label="api (instance, override)", shape="note""#))
  }

  @Test func anOverrideInTheRegisteringContainerIsDrawnWithItsOwnDependencies() {
    let app = Container()
    app.addInstance("live", forName: "url")
    app.addProvider(forName: "client", dependencies: ["url"]) { _ in 1 }
    app.override("client", options: .singleton) { _ in 2 }
    #expect(
      app.mermaidText() == """
        flowchart TB
          n0["url (instance)"]
          n1["client (singleton, override)"]

        """)
  }

  // MARK: Isolation

  @MainActor final class Banner {
    let text: String
    init(text: String) { self.text = text }
  }

  @MainActor @Test func mainActorCodeOverridesWithAMainActorCreator() throws {
    let app = Container()
    app.addProvider(forName: "banner") { _ in Banner(text: "live") }
    let preview = app.makeChild()
    preview.override("banner") { _ in Banner(text: "preview") }
    #expect(try preview.value(forName: "banner", as: Banner.self).text == "preview")
    #expect(try app.value(forName: "banner", as: Banner.self).text == "live")
    let listed = preview.registrations(includingAncestors: false)
    #expect(listed.map(\.isolation) == [.mainActor])
    let makeBanner = try preview.value(
      forName: "bannerProvider", as: (@MainActor () -> Banner).self)
    #expect(makeBanner().text == "preview")
    try preview.checkForErrors()
  }

  @Test func asyncCodeOverridesAndResolves() async throws {
    let app = Self.app()
    let preview = app.makeChild()
    preview.override("api", with: MockAPI() as any API)
    let viewModel = try await preview.asyncValue(forName: "viewModel", as: ViewModel.self)
    #expect(viewModel.repository.api.source == "mock")
    let live = try await app.asyncValue(forName: "viewModel", as: ViewModel.self)
    #expect(live.repository.api.source == "live")
  }
}
