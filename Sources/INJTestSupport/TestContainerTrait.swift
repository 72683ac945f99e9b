public import INJContainer
public import Testing

/// A Swift Testing trait that gives each test, and each case of a parameterized
/// test, a fresh ``TestContainer`` as ``TestContainer/current``.
///
/// ```swift
/// @Suite(.testContainer(copying: AppContainer.make(), strict: true))
/// struct WeatherReportTests {
///   @Test func showsTheForecast() throws {
///     let testContainer = try #require(TestContainer.current)
///     testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)
///     ...
///   }
/// }
/// ```
///
/// On a suite it applies to every test in it, nested suites included. The
/// production container is made again for every test (the argument is evaluated
/// each time); since a test container copies it with fresh singletons, a shared
/// production container is just as isolated. The argument is evaluated on the main
/// actor, so a factory that is main-actor code (as every function of a target whose
/// default isolation is `MainActor` is) can be named here as it is; a nonisolated one
/// runs there too.
public struct TestContainerTrait: TestTrait, SuiteTrait, TestScoping {
  /// Makes each test's container, on the main actor.
  let makeTestContainer: @MainActor @Sendable () -> TestContainer

  /// Applies to every test of a suite, nested suites included.
  public var isRecursive: Bool { true }

  /// Runs a test (or one case of it) with a new test container as
  /// ``TestContainer/current``.
  ///
  /// - Parameters:
  ///   - test: The test.
  ///   - testCase: The test case, for a test function.
  ///   - function: The test's body.
  /// - Throws: What the test throws.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // The production container is made on the main actor: in a target whose code is
    // main-actor by default, that is where its factory runs (a nonisolated factory runs
    // there too). The test's task-local values, its reporter among them, go along.
    let testContainer = await MainActor.run { makeTestContainer() }
    try await TestContainer.$current.withValue(testContainer, operation: function)
  }
}

extension Trait where Self == TestContainerTrait {
  /// Gives each test a fresh ``TestContainer``, as ``TestContainer/current``.
  ///
  /// - Parameters:
  ///   - production: The container to copy for each test; evaluated once per test, on
  ///     the main actor. Nil for an empty test container.
  ///   - strict: Whether only names the test overrides or allows may resolve.
  ///   - allowedNames: Names a strict test container lets resolve without an
  ///     override.
  ///   - reporter: Where failures go; by default Swift Testing, chosen
  ///     automatically.
  ///   - fileID: The file to report strict failures at when no call of the test is
  ///     known; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: That line; leave the default.
  ///   - column: That column; leave the default.
  /// - Returns: The trait.
  public static func testContainer(
    copying production: @autoclosure @escaping @MainActor @Sendable () -> Container? = nil,
    strict: Bool = false, allowing allowedNames: [String] = [],
    reporter: (any IssueReporter)? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> TestContainerTrait {
    TestContainerTrait {
      TestContainer(
        copying: production(), strict: strict, allowing: allowedNames, reporter: reporter,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
