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
///   assertNoCycles(container)
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
