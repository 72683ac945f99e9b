import Foundation
import INJContainer
import Testing

/// Other containers' tests of overrides and contexts, as Injineer tests: the same scenario
/// and assertion, written for `override`. A context (a preview, a test, a debug build, a
/// launch argument) is a `Bool` the app computes and that decides whether it overrides.
@Suite struct PeerOverrideTests {
  protocol Service: Sendable {
    var text: String { get }
  }
  struct MyService: Service {
    var text: String { "MyService" }
  }
  struct MockService: Service {
    var text: String { "MockService" }
  }

  /// A container with `myService` (making `MyService`) and `myService2` of the same type.
  static func services() -> Container {
    let container = Container()
    container.addProvider(forName: "myService") { _ -> any Service in MyService() }
    container.addProvider(forName: "myService2") { _ -> any Service in MyService() }
    return container
  }

  static func text(_ container: Container, _ name: String = "myService") throws -> String {
    try container.value(forName: name, as: (any Service).self).text
  }

  // Factory: FactoryCoreTests.testBasicResolutionOverride
  @Test func basicResolutionOverride() throws {
    let container = Self.services()
    #expect(try Self.text(container) == "MyService")
    container.override("myService") { _ -> any Service in MockService() }
    #expect(try Self.text(container) == "MockService")
  }

  // Factory: FactoryCoreTests.testOptionalResolution
  @Test func optionalResolution() throws {
    let container = Container()
    container.addProvider(forName: "optionalService") { _ -> (any Service)? in MyService() }
    let optional = { try container.value(forName: "optionalService", as: (any Service)?.self) }
    #expect(try optional()?.text == "MyService")
    container.override("optionalService") { _ -> (any Service)? in nil }
    #expect(try optional() == nil)
    container.override("optionalService") { _ -> (any Service)? in MockService() }
    #expect(try optional()?.text == "MockService")
  }

  // Factory: FactoryContainerTests.testWithFunction. Injineer has no closure of its own to
  // override in: a function that takes the container does it.
  @Test func withFunction() throws {
    func withMocks(_ container: Container) -> Container {
      container.override("myService") { _ -> any Service in MockService() }
      return container
    }
    let container = withMocks(Self.services())
    #expect(try Self.text(container) == "MockService")
  }

  // Factory: FactoryDefectTests.testDuplicateTypeDistinctResolution
  @Test func duplicateTypeDistinctResolution() throws {
    let container = Self.services()
    container.override("myService") { _ -> any Service in MockService() }
    #expect(try Self.text(container, "myService") == "MockService")
    #expect(try Self.text(container, "myService2") == "MyService")
  }

  // Factory: FactoryCoreTests.testPromisedRegistrationAndOptionalResolution
  @Test func promisedRegistrationAndOptionalResolution() throws {
    let container = Container()
    container.addProvider(forName: "promised") { _ -> (any Service)? in nil }
    #expect(try container.value(forName: "promised", as: (any Service)?.self) == nil)
    container.override("promised") { _ -> (any Service)? in MyService() }
    #expect(try container.value(forName: "promised", as: (any Service)?.self)?.text == "MyService")
  }

  // MARK: Contexts

  /// What the app knows of where it runs, as Factory's context does.
  struct Context {
    var isPreview = false
    var isTest = false
    /// Tests run a debug build.
    var isDebug = true
    var arguments: [String] = []
  }

  /// Factory's context fixtures, as an app wires them: `externalService` and
  /// `internalService` registered, then overridden for each context that applies (the
  /// last override wins: a launch argument over a preview over a test over a debug build);
  /// `internalService` has its debug override in its own definition. `argumentsService`
  /// is overridden by either of two launch arguments.
  static func contextContainer(_ context: Context) -> Container {
    let container = Container()
    for name in ["externalService", "internalService", "argumentsService"] {
      container.addInstance("FACTORY", forName: name)
    }
    for name in ["externalService", "internalService"] {
      container.override(name, with: "REGISTERED")
    }
    if context.isDebug { container.override("internalService", with: "DEBUG") }
    for name in ["externalService", "internalService"] {
      if context.isTest { container.override(name, with: "TEST") }
      if context.isPreview { container.override(name, with: "PREVIEW") }
      if context.arguments.contains("ARG") { container.override(name, with: "ARG") }
    }
    if context.arguments.contains(where: ["ARG1", "ARG2"].contains) {
      container.override("argumentsService", with: "ARG")
    }
    return container
  }

  static func values(_ container: Container) throws -> [String] {
    try ["externalService", "internalService", "argumentsService"].map {
      try container.value(forName: $0, as: String.self)
    }
  }

  // Factory: FactoryContextTests.testNoPreviewNoTest
  @Test func noPreviewNoTest() throws {
    let container = Self.contextContainer(Context())
    #expect(try Self.values(container) == ["REGISTERED", "DEBUG", "FACTORY"])
    try container.checkForErrors()
  }

  // Factory: FactoryContextTests.testWithTest
  @Test func withTest() throws {
    let container = Self.contextContainer(Context(isTest: true))
    #expect(try Self.values(container).prefix(2) == ["TEST", "TEST"])
  }

  // Factory: FactoryContextTests.testDebugWithNoPreviewNoTest
  @Test func debugWithNoPreviewNoTest() throws {
    let context = Context()
    let container = Self.contextContainer(context)
    // The debug override added to the external service when the app runs.
    if context.isDebug { container.override("externalService", with: "DEBUG") }
    #expect(try Self.values(container).prefix(2) == ["DEBUG", "DEBUG"])
  }

  // Factory: FactoryContextTests.testWithArgument
  @Test func withArgument() throws {
    let container = Self.contextContainer(
      Context(isPreview: true, isTest: true, arguments: ["ARG"]))
    #expect(try Self.values(container).prefix(2) == ["ARG", "ARG"])
  }

  // Factory: FactoryContextTests.testWithArguments
  @Test func withArguments() throws {
    let container = Self.contextContainer(Context(arguments: ["ARG2"]))
    #expect(try Self.values(container) == ["REGISTERED", "DEBUG", "ARG"])
  }

  // Factory: FactoryContextTests.testUnmatchedArgument
  @Test func unmatchedArgument() throws {
    let container = Self.contextContainer(Context(arguments: ["ARG3"]))
    #expect(try Self.values(container) == ["REGISTERED", "DEBUG", "FACTORY"])
  }

  // MARK: Overriding a function

  /// The URLs a fake `openURL` was given. Sendable: `urls` is read and written only with
  /// `lock` held.
  final class OpenedURLs: @unchecked Sendable {
    private var urls: [String] = []
    private let lock = NSLock()

    func open(_ url: String) -> Bool {
      lock.withLock { urls.append(url) }
      return true
    }

    var opened: [String] { lock.withLock { urls } }
  }

  /// A view model that opens a link with the `openURL` function it is given.
  final class LinkViewModel: Sendable {
    let openURL: @Sendable (String) -> Bool
    init(openURL: @escaping @Sendable (String) -> Bool) { self.openURL = openURL }
    func openHelp() -> Bool { openURL("https://example.com/help") }
  }

  static func linkContainer() -> Container {
    let container = Container()
    container.addInstance({ _ in false } as @Sendable (String) -> Bool, forName: "openURL")
    container.addProvider(forName: "linkViewModel", dependencies: ["openURL"]) { values in
      LinkViewModel(openURL: try values.value(forName: "openURL"))
    }
    return container
  }

  // Factory: FactoryFunctionalTests.testOpenFunctionality
  @Test func openFunctionality() throws {
    let container = Self.linkContainer()
    let opened = OpenedURLs()
    container.override("openURL", with: { opened.open($0) } as @Sendable (String) -> Bool)
    let viewModel = try container.value(forName: "linkViewModel", as: LinkViewModel.self)
    #expect(viewModel.openHelp())
    #expect(opened.opened == ["https://example.com/help"])
  }

  /// A fake that overrides `openURL` with itself when it is made.
  final class MockRouter: Sendable {
    let opened = OpenedURLs()
    init(overriding container: Container) {
      container.override(
        "openURL", with: { [opened] in opened.open($0) } as @Sendable (String) -> Bool)
    }
  }

  // Factory: FactoryFunctionalTests.testMockFunctionality
  @Test func mockFunctionality() throws {
    let container = Self.linkContainer()
    let mock = MockRouter(overriding: container)
    let viewModel = try container.value(forName: "linkViewModel", as: LinkViewModel.self)
    #expect(viewModel.openHelp())
    #expect(mock.opened.opened == ["https://example.com/help"])
  }

  // MARK: Parents

  final class A: Service {
    var text: String { "A" }
  }
  final class B: Service {
    var text: String { "B" }
  }

  // DITranquillity: DITranquillityTests_Parent.test05_PriorityResolve
  @Test func priorityResolve() throws {
    let parent = Container()
    parent.addProvider(forName: "p") { _ -> any Service in A() }
    let child = parent.makeChild()
    child.override("p") { _ -> any Service in B() }
    #expect(try parent.value(forName: "p", as: (any Service).self) is A)
    #expect(try child.value(forName: "p", as: (any Service).self) is B)
  }
}
