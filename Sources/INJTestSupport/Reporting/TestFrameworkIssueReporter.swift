import Testing
import XCTest

/// Reports failures to a test framework: the reporters ``IssueReporter/automatic``,
/// ``IssueReporter/xcTest`` and ``IssueReporter/swiftTesting``.
///
/// ``IssueReporter/automatic``, the reporter used when none is chosen, reports to Swift
/// Testing while a Swift Testing test runs (`Test.current` is set) and to XCTest
/// otherwise. Swift Testing knows its current test only in the test's task and the
/// tasks it starts: a failure reported from another thread (a `DispatchQueue`, a
/// detached task) during a Swift Testing test would go to XCTest, which drops it. So a
/// ``TestContainer`` or a placeholder made inside a Swift Testing test keeps
/// ``IssueReporter/swiftTesting`` instead, which records such a failure as an issue of
/// no particular test.
///
/// Choose ``IssueReporter/xcTest`` explicitly only when the automatic choice is wrong,
/// such as for an XCTest test case whose helpers run inside a Swift Testing test.
public struct TestFrameworkIssueReporter: IssueReporter, Hashable {
  fileprivate enum Framework: Hashable {
    case automatic, xcTest, swiftTesting
  }

  fileprivate let framework: Framework

  /// Reports `message` to the reporter's framework: `XCTFail` at the location's file
  /// path and line, or Swift Testing's `Issue.record` at its file, line and column.
  ///
  /// - Parameters:
  ///   - message: What failed.
  ///   - location: Where.
  public func reportIssue(_ message: String, at location: IssueLocation) {
    switch framework {
    case .xcTest:
      XCTFail(message, file: location.filePath, line: location.line)
    case .swiftTesting:
      Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
    case .automatic:
      (Test.current != nil ? Self.swiftTesting : Self.xcTest).reportIssue(message, at: location)
    }
  }
}

extension IssueReporter where Self == TestFrameworkIssueReporter {
  /// Reports to Swift Testing inside a Swift Testing test and to XCTest otherwise.
  public static var automatic: Self { Self(framework: .automatic) }

  /// Reports with `XCTFail`.
  public static var xcTest: Self { Self(framework: .xcTest) }

  /// Reports with Swift Testing's `Issue.record`.
  public static var swiftTesting: Self { Self(framework: .swiftTesting) }
}

extension IssueLocation {
  /// The location for Swift Testing, which requires a file ID with a module name
  /// and a line and column of at least 1.
  var sourceLocation: SourceLocation {
    let fileID = fileID.description
    return SourceLocation(
      fileID: fileID.contains("/") ? fileID : "_/" + (fileID.isEmpty ? "<unknown>" : fileID),
      filePath: filePath.description, line: Int(max(line, 1)),
      column: Int(max(column, 1)))
  }
}
