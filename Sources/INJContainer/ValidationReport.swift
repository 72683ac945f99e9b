/// Everything ``Container/validate()`` found: problems, which make
/// ``Container/checkForErrors()`` throw, and warnings, which do not.
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// Every problem, in the order ``ValidationError`` lists them.
  public var problems: [ValidationProblem]
  /// Things that work but are probably not meant.
  public var warnings: [ValidationWarning]
  /// Whether there were more cycles than the report lists.
  public var isCycleListTruncated: Bool

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - problems: Every problem, in report order.
  ///   - warnings: The warnings.
  ///   - isCycleListTruncated: Whether more cycles exist than are listed.
  package init(
    problems: [ValidationProblem], warnings: [ValidationWarning],
    isCycleListTruncated: Bool = false
  ) {
    self.problems = problems
    self.warnings = warnings
    self.isCycleListTruncated = isCycleListTruncated
  }

  /// Whether the container has neither problems nor warnings.
  public var isClean: Bool {
    problems.isEmpty && warnings.isEmpty
  }

  /// The problems and warnings, one per line; "No problems." when clean.
  public var description: String {
    if problems.isEmpty {
      guard !warnings.isEmpty else { return "No problems." }
      return
        (["No problems; \(ValidationError.count(warnings.count, "warning")):"]
        + warnings.map { "- \($0)" }).joined(separator: "\n")
    }
    return ValidationError(
      problems: problems, warnings: warnings, isCycleListTruncated: isCycleListTruncated
    ).description
  }
}
