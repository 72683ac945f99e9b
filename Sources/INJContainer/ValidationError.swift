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
  /// Every problem, in the order the description lists them, with the warnings found
  /// alongside; its warnings alone never cause the error.
  public var report: ValidationReport

  /// Creates an error from a report with at least one problem.
  init(report: ValidationReport) {
    self.report = report
    missingDependencies = report.problems.compactMap {
      if case .missingDependency(let missing) = $0 { missing } else { nil }
    }
    cycles = report.problems.compactMap {
      if case .cycle(let cycle, _, _) = $0 { cycle } else { nil }
    }
    duplicateNames = report.problems.compactMap {
      if case .duplicateName(let name, _) = $0 { name } else { nil }
    }
  }

  /// A count, then one line per problem and per warning, each with its fix.
  public var description: String { report.description }
}

/// `1 cycle`, `2 cycles`: a number of things, as every report of the package says it.
package func count(_ count: Int, _ noun: String) -> String {
  count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}
