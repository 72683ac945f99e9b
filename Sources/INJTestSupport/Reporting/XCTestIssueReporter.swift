import XCTest

/// Reports failures with `XCTFail`, at the location's file path and line.
///
/// Use it explicitly only when the automatic choice is wrong, such as for an
/// XCTest test case whose helpers run inside a Swift Testing test.
public struct XCTestIssueReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}

  /// Fails the running XCTest test case with `message`.
  ///
  /// - Parameters:
  ///   - message: What failed.
  ///   - location: Where; XCTest uses its file path and line.
  public func reportIssue(_ message: String, at location: IssueLocation) {
    XCTFail(message, file: location.filePath, line: location.line)
  }
}
