public import INJContainer
import INJPrimitives

/// A container for one test: a copy of the app's container (or an empty one) in
/// which any name can be overridden with a fake, that logs what it resolves and,
/// when strict, fails the test on names the test did not expect.
///
/// ```swift
/// let testContainer = TestContainer(copying: AppContainer.make())
/// testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)
/// let report = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
/// #expect(testContainer.log.createdNames == ["weatherReport"])
/// ```
///
/// ## Isolation
///
/// The copy has every registration the production container resolves, with fresh
/// singletons: nothing a test overrides, registers or creates reaches the
/// production container or another test container, so tests that each make their
/// own run safely in parallel. Registered *instances* are the production objects
/// themselves; override those that hold state a test changes.
///
/// An override replaces the name for everything resolved through the test
/// container: direct requests, dependencies of other providers, injected
/// properties and provider closures (`fooProvider` makes the fake `foo`). Products
/// made before an override keep what they were given.
///
/// Only a registered name can be overridden: overriding a typo fails the test with
/// the closest registered name. A name the app does not register is added on
/// purpose with ``add(_:with:fileID:filePath:line:column:)-(String,_,_,_,_,_)`` and
/// its overloads.
///
/// ## Strictness
///
/// A strict test container lets a name resolve only if the test overrides, adds or
/// allows it (``allow(_:fileID:filePath:line:column:)``, or
/// `allowing:` when creating it); a provider-closure name `fooProvider` counts as
/// allowed when `foo` is. Any other name makes the resolution throw
/// `ResolutionError` (reason `.refused`) and fails the test with a message naming it
/// and the path that asked for it; for a name that is not registered, it gives the
/// closest registered name instead of advising to allow it. Allowing a name that is
/// not registered fails the test where it is allowed.
///
/// ## Reporting
///
/// Failures go to the `reporter` given when creating it, else the one set with
/// ``withIssueReporter(_:operation:)`` at that time, else, when it is created inside
/// a Swift Testing test, ``IssueReporter/swiftTesting`` (which records an issue even
/// for a resolution on a thread that does not know the test), else
/// ``IssueReporter/automatic``.
/// They are attributed to the test's call of
/// ``value(forName:as:fileID:filePath:line:column:)->T`` or of an assertion when the
/// resolution started there, and otherwise to the line that created the test
/// container.
public final class TestContainer: ContainerRepresentable {
  /// The container the test resolves through; hand it to the code under test.
  public let container: Container
  /// Watches the container's resolutions, and holds what the test registered.
  let observer: TestObserver

  /// The test container of the current test, when the test runs with the
  /// ``TestContainerTrait`` trait or inside `withTestContainer`.
  ///
  /// It is a task-local value that only those two set, for their scope: it is nil
  /// anywhere else, for a test container made with `TestContainer(…)` too. XCTest has
  /// no traits, so in an XCTest test it is nil unless the test's code runs inside
  /// ``withTestContainer(copying:strict:allowing:reporter:fileID:filePath:line:column:operation:)``;
  /// a test case that makes its test container in `setUp()` keeps it in a property
  /// and uses that instead.
  @TaskLocal public static var current: TestContainer?

  /// Creates a test container from a production container, or an empty one.
  ///
  /// ```swift
  /// let testContainer = TestContainer(
  ///   copying: AppContainer.make(), strict: true, allowing: ["configuration"])
  /// ```
  ///
  /// - Parameters:
  ///   - production: The container whose registrations to copy (with its
  ///     ancestors'); nil for an empty test container. It is never changed.
  ///   - strict: Whether only names the test overrides or allows may resolve.
  ///   - allowedNames: Names a strict test container lets resolve without an
  ///     override. A name that is not registered fails the test at this call, as
  ///     for ``allow(_:fileID:filePath:line:column:)``.
  ///   - reporter: Where failures go; by default the reporter set with
  ///     ``withIssueReporter(_:operation:)``, else Swift Testing inside a Swift
  ///     Testing test, else ``IssueReporter/automatic``.
  ///   - fileID: The creating file; leave the default.
  ///   - filePath: The creating file's path; leave the default.
  ///   - line: The creating line; leave the default.
  ///   - column: The creating column; leave the default.
  public init(
    copying production: Container? = nil, strict: Bool = false,
    allowing allowedNames: [String] = [], reporter: (any IssueReporter)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    observer = TestObserver(
      isStrict: strict, reporter: reporter ?? ReporterScope.current,
      creationSite: IssueLocation(fileID, filePath, line, column),
      state: Locked(TestObserver.State(allowed: Set(allowedNames))))
    container = Container(copying: production, observer: observer)
    observer.state.withLock {
      $0.container = container
      // Overrides carried over from a test container being copied stay overrides.
      $0.replaced = Dictionary(uniqueKeysWithValues: container.overriddenNames.map { ($0, false) })
    }
    checkAllowed(allowedNames, at: observer.creationSite)
  }

  /// Whether only overridden and allowed names resolve.
  package var isStrict: Bool { observer.isStrict }

  /// Where the test container's failures go.
  package var reporter: any IssueReporter { observer.reporter }

  // MARK: Strictness

  /// Lets registered names resolve in a strict test container without overriding
  /// them.
  ///
  /// ```swift
  /// testContainer.allow("configuration", "clock")
  /// ```
  ///
  /// Allowing `foo` also allows its provider closure `fooProvider`. Each name must
  /// be registered (or be the provider closure of a registered name): allowing any
  /// other name lets nothing resolve, so it fails the test at this call, with the
  /// closest registered name:
  ///
  /// ```
  /// Cannot allow 'confguration': nothing is registered under that name. Did you mean 'configuration'? To use a new name, add it with add("confguration", …), which also lets it resolve.
  /// ```
  ///
  /// The name is allowed all the same.
  ///
  /// - Parameters:
  ///   - names: The names, such as `"configuration"`.
  ///   - fileID: The calling file, for reports; leave the default.
  ///   - filePath: The calling file's path; leave the default.
  ///   - line: The calling line; leave the default.
  ///   - column: The calling column; leave the default.
  public func allow(
    _ names: String..., fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    observer.state.withLock { $0.allowed.formUnion(names) }
    checkAllowed(names, at: IssueLocation(fileID, filePath, line, column))
  }

  /// Fails the test at `location` for each of `names` that is not registered.
  private func checkAllowed(_ names: [String], at location: IssueLocation) {
    for name in names where !container.isRegistered(name) {
      reporter.reportIssue(
        "Cannot allow '\(name)': nothing is registered under that name."
          + observer.didYouMean(name, providerClosures: true)
          + " To use a new name, add it with add(\"\(name)\", …), which also lets it resolve.",
        at: location)
    }
  }

  /// The names allowed with `allow(_:)` or when creating the test container,
  /// sorted.
  public var allowedNames: [String] { observer.state.withLock { $0.allowed }.sorted() }

  /// The registered names this test container overrides, sorted; the names the
  /// test added are ``addedNames``.
  public var overriddenNames: [String] {
    observer.state.withLock { $0.replaced.filter { !$0.value } }.keys.sorted()
  }

  // MARK: Recording

  /// Everything requested, created and refused so far (or since ``clearLog()``).
  public var log: ResolutionLog { observer.state.withLock { $0.log } }

  /// Forgets what the log holds, to look only at what happens next.
  public func clearLog() { observer.state.withLock { $0.log = ResolutionLog() } }
}
