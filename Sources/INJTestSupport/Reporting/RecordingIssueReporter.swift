import INJPrimitives

/// Collects failures instead of reporting them to a test framework.
///
/// Use it to check what an assertion or a strict ``TestContainer`` reports, or to
/// decide yourself what to do with failures:
///
/// ```swift
/// let recorder = RecordingIssueReporter()
/// let testContainer = TestContainer(copying: production, strict: true, reporter: recorder)
/// _ = try? testContainer.value(forName: "analytics", as: Analytics.self)
/// #expect(recorder.issues.map(\.message) == [...])
/// ```
///
/// It is safe to use from any number of threads.
public final class RecordingIssueReporter: IssueReporter {
  private let recorded = Locked<[ReportedIssue]>([])

  /// Creates a reporter with nothing recorded.
  public init() {}

  /// Records the failure.
  ///
  /// - Parameters:
  ///   - message: What failed.
  ///   - location: Where.
  public func reportIssue(_ message: String, at location: IssueLocation) {
    recorded.withLock { $0.append(ReportedIssue(message: message, location: location)) }
  }

  /// Every failure recorded so far, in order.
  public var issues: [ReportedIssue] { recorded.withLock { $0 } }
}

/// A failure a ``RecordingIssueReporter`` collected.
public struct ReportedIssue: Sendable, CustomStringConvertible {
  /// What failed, word for word as a test framework would show it.
  public var message: String
  /// Where in the test the failure was attributed.
  public var location: IssueLocation

  /// `Module/File.swift:12:5: message`.
  public var description: String { "\(location): \(message)" }
}
