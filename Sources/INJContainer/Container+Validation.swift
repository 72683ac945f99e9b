import INJGraph
import INJReflection

extension Container {
  /// Checks the whole graph and throws one error listing every problem.
  ///
  /// It reports every dependency on a name nothing registers (with the closest
  /// registered name when one is close), every elementary cycle of direct
  /// dependencies (provider closures break cycles and are not counted), every name
  /// registered more than once with all its sites, blank names, `fooProvider`
  /// registered next to `foo`, and conflicting scope options. Call it at start-up,
  /// after registering everything:
  ///
  /// ```swift
  /// do {
  ///   try container.checkForErrors()
  /// } catch {
  ///   print(error)   // one line per problem, each with its fix
  ///   exit(1)
  /// }
  /// ```
  ///
  /// In a child container the check covers the child's registrations; the names of
  /// its ancestors count as registered.
  ///
  /// - Throws: ``ValidationError`` when there is any problem; its ``ValidationError/report``
  ///   hold the warnings found alongside. Warnings alone do not throw; see
  ///   ``validate()``.
  /// - Complexity: O(*n* + *e*) for *n* registrations and *e* dependencies, plus the
  ///   cycles listed.
  public func checkForErrors() throws {
    let report = validate()
    if !report.problems.isEmpty {
      throw ValidationError(report: report)
    }
  }

  /// Checks the whole graph and returns every problem and warning without throwing.
  ///
  /// - Returns: What ``checkForErrors()`` would report, and the warnings: shared
  ///   providers holding shorter-lived ones (captive dependencies), and `@Inject`
  ///   properties that a provider never fills, where the platform can tell.
  public func validate() -> ValidationReport {
    var check = Validation(container: self)
    return check.run()
  }
}
