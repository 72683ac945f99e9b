import Testing

/// Reports failures with Swift Testing's `Issue.record`, at the location's file,
/// line and column.
public struct SwiftTestingIssueReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}

  /// Records an issue in the running Swift Testing test, with `message` as its
  /// comment.
  ///
  /// - Parameters:
  ///   - message: What failed.
  ///   - location: Where.
  public func reportIssue(_ message: String, at location: IssueLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
  }
}

extension IssueLocation {
  /// The location for Swift Testing, which requires a file ID with a module name
  /// and a line and column of at least 1.
  var sourceLocation: SourceLocation {
    var fileID = fileID.description
    if !fileID.contains("/") {
      fileID = "_/" + (fileID.isEmpty ? "<unknown>" : fileID)
    }
    return SourceLocation(
      fileID: fileID, filePath: filePath.description, line: Int(max(line, 1)),
      column: Int(max(column, 1)))
  }
}
