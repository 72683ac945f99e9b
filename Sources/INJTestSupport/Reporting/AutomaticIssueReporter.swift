import Testing

/// Reports to Swift Testing while a Swift Testing test runs (`Test.current` is
/// set) and to XCTest otherwise; the reporter used when none is chosen.
///
/// Swift Testing knows its current test only in the test's task and the tasks it
/// starts. A failure reported from another thread (a `DispatchQueue`, a detached
/// task) during a Swift Testing test would go to XCTest, which drops it. So a
/// ``TestContainer`` or a placeholder made inside a Swift Testing test keeps
/// ``SwiftTestingIssueReporter`` instead, which records such a failure as an issue
/// of no particular test.
public struct AutomaticIssueReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}

  /// Reports `message` to the framework running the current test.
  ///
  /// - Parameters:
  ///   - message: What failed.
  ///   - location: Where.
  public func reportIssue(_ message: String, at location: IssueLocation) {
    if Test.current != nil {
      SwiftTestingIssueReporter().reportIssue(message, at: location)
    } else {
      XCTestIssueReporter().reportIssue(message, at: location)
    }
  }
}
