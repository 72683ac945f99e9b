/// Every problem ``Container/checkForErrors()`` found, in one error.
///
/// Its ``description`` starts with a count and lists one problem per line, each
/// with its fix:
///
/// ```
/// The container has 2 problems:
/// - 'productsListViewController' (App/Wiring.swift:14) depends on 'productServise',
///   which is not registered. Did you mean 'productsService'?
/// - Cycle: productsService → rootViewController → productsService. Break the
///   cycle by depending on 'productsServiceProvider' instead of 'productsService'
///   in 'rootViewController'.
/// ```
public struct ValidationError: Error, CustomStringConvertible {
  /// Every dependency on a name nothing registers.
  public var missingDependencies: [MissingDependency]
  /// Every elementary cycle of direct dependencies, each a closed path such as
  /// `["a", "b", "c", "a"]`, rotated to start at its smallest name; sorted.
  public var cycles: [[String]]
  /// Each name registered more than once, in order of first registration.
  public var duplicateNames: [String]
  /// Every problem, in the order the description lists them.
  public var problems: [ValidationProblem]
  /// Things that work but are probably not meant; they alone never cause the error.
  public var warnings: [ValidationWarning]
  /// Whether there were more cycles than the check lists.
  public var isCycleListTruncated: Bool

  /// Creates an error from its problems.
  ///
  /// - Parameters:
  ///   - problems: Every problem, in report order.
  ///   - warnings: The warnings found alongside.
  ///   - isCycleListTruncated: Whether more cycles exist than are listed.
  init(
    problems: [ValidationProblem], warnings: [ValidationWarning] = [],
    isCycleListTruncated: Bool = false
  ) {
    self.problems = problems
    self.warnings = warnings
    self.isCycleListTruncated = isCycleListTruncated
    missingDependencies = problems.compactMap {
      if case .missingDependency(let missing) = $0 { missing } else { nil }
    }
    cycles = problems.compactMap {
      if case .cycle(let cycle, _, _) = $0 { cycle } else { nil }
    }
    duplicateNames = problems.compactMap {
      if case .duplicateName(let name, _) = $0 { name } else { nil }
    }
  }

  /// A count, then one line per problem and per warning, each with its fix.
  public var description: String {
    var lines = [
      "The container has \(Self.count(problems.count, "problem")):"
    ]
    lines += problems.map { "- \($0)" }
    if isCycleListTruncated {
      lines.append("- (More cycles exist than are listed; fix these and check again.)")
    }
    if !warnings.isEmpty {
      lines.append("\(Self.count(warnings.count, "warning")):")
      lines += warnings.map { "- \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  static func count(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }
}
