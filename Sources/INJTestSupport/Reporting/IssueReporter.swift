import Testing

/// Records a test failure: the assertions, strict test containers and
/// ``unimplemented(_:placeholder:fileID:filePath:line:column:)`` placeholders of
/// this module report through one.
///
/// The reporter in effect is, in order: the one a ``TestContainer`` was created
/// with, the one set with ``withIssueReporter(_:operation:)``, or
/// ``IssueReporter/automatic``, which reports to Swift Testing inside a Swift
/// Testing test and to XCTest otherwise. Every reporter gets the same message text.
///
/// Write your own to send failures elsewhere, or use ``RecordingIssueReporter`` to
/// collect them, for example to test your own assertion helpers:
///
/// ```swift
/// let recorder = RecordingIssueReporter()
/// withIssueReporter(recorder) {
///   assertNoErrors(container)
/// }
/// #expect(recorder.issues.isEmpty)
/// ```
public protocol IssueReporter: Sendable {
  /// Records a failure of the running test.
  ///
  /// - Parameters:
  ///   - message: What failed, where, and how to fix it.
  ///   - location: The place in the test to attribute the failure to.
  func reportIssue(_ message: String, at location: IssueLocation)
}

/// Runs `operation` with `reporter` receiving every failure this module reports
/// in the current task and the tasks it starts.
///
/// ```swift
/// let recorder = RecordingIssueReporter()
/// withIssueReporter(recorder) {
///   assertResolves(container, "weatherClient", as: WeatherClient.self)
/// }
/// ```
///
/// A ``TestContainer`` created inside `operation` keeps the reporter for its
/// lifetime, also for resolutions on other threads.
///
/// - Parameters:
///   - reporter: Where failures go.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withIssueReporter<Result>(
  _ reporter: any IssueReporter, operation: () throws -> Result
) rethrows -> Result {
  try ReporterScope.$explicit.withValue(reporter, operation: operation)
}

/// Runs the asynchronous `operation` with `reporter` receiving every failure this
/// module reports in the current task and the tasks it starts.
///
/// - Parameters:
///   - reporter: Where failures go.
///   - isolation: The actor `operation` runs on; leave the default.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withIssueReporter<Result>(
  _ reporter: any IssueReporter, isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  try await ReporterScope.$explicit.withValue(reporter, operation: operation)
}

/// Reports a failure through the reporter in effect, for assertion helpers of your
/// own that should behave like this module's: reported at the caller's location,
/// in XCTest or Swift Testing, whichever runs the test.
///
/// ```swift
/// func assertSignedIn(
///   _ account: Account, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///   line: UInt = #line, column: UInt = #column
/// ) {
///   if account.user == nil {
///     reportIssue(
///       "Expected a signed-in user.", fileID: fileID, filePath: filePath, line: line,
///       column: column)
///   }
/// }
/// ```
///
/// - Parameters:
///   - message: What failed, where, and how to fix it.
///   - fileID: The caller's file ID; leave the default or pass your caller's.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
public func reportIssue(
  _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  ReporterScope.current.reportIssue(message, at: IssueLocation(fileID, filePath, line, column))
}

/// The reporter chosen for the current task.
enum ReporterScope {
  /// The reporter set with `withIssueReporter`, if any.
  @TaskLocal static var explicit: (any IssueReporter)?

  /// The reporter in effect, also for something made now and used later, perhaps on
  /// another thread: the one set for this task; else, inside a Swift Testing test,
  /// Swift Testing (which records an issue even from a thread that does not know the
  /// test, where XCTest would drop it); else the automatic one.
  static var current: any IssueReporter {
    explicit ?? (Test.current != nil ? TestFrameworkIssueReporter.swiftTesting : .automatic)
  }
}
