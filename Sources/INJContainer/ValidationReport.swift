/// Everything ``Container/validate()`` found: problems, which make
/// ``Container/checkForErrors()`` throw, and warnings, which do not.
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// Every problem, in the order ``ValidationError`` lists them.
  public var problems: [ValidationProblem]
  /// Things that work but are probably not meant.
  public var warnings: [ValidationWarning]
  /// Whether there were more cycles than the report lists.
  public var isCycleListTruncated: Bool

  /// Whether the container has neither problems nor warnings.
  public var isClean: Bool {
    problems.isEmpty && warnings.isEmpty
  }

  /// The problems and warnings, one per line, each with its fix; "No problems." when
  /// clean.
  public var description: String {
    let warningCount = count(warnings.count, "warning")
    var lines: [String]
    if problems.isEmpty {
      guard !warnings.isEmpty else { return "No problems." }
      lines = ["No problems; \(warningCount):"]
    } else {
      lines = ["The container has \(count(problems.count, "problem")):"]
      lines += problems.map { "- \($0)" }
      if isCycleListTruncated {
        lines.append("- (More cycles exist than are listed; fix these and check again.)")
      }
      if !warnings.isEmpty { lines.append("\(warningCount):") }
    }
    return (lines + warnings.map { "- \($0)" }).joined(separator: "\n")
  }
}
