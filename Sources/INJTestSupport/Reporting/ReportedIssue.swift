/// A failure a ``RecordingIssueReporter`` collected.
public struct ReportedIssue: Sendable, CustomStringConvertible {
  /// What failed, word for word as a test framework would show it.
  public var message: String
  /// Where in the test the failure was attributed.
  public var location: IssueLocation

  /// Creates a record of a failure.
  ///
  /// - Parameters:
  ///   - message: What failed.
  ///   - location: Where.
  package init(message: String, location: IssueLocation) {
    self.message = message
    self.location = location
  }

  /// `Module/File.swift:12:5: message`.
  public var description: String {
    "\(location): \(message)"
  }
}
