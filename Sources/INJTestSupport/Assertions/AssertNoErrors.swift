public import INJContainer

/// Checks a container's whole graph and fails the test with the full report when
/// the container's `checkForErrors()` finds any problem.
///
/// ```swift
/// @Test func theAppIsWiredCorrectly() {
///   assertNoErrors(AppContainer.make())
/// }
/// ```
///
/// The failure message is `assertNoErrors failed: ` followed by the
/// `ValidationError` text: a count, then one line per problem and per warning,
/// each with its fix. Warnings alone do not fail.
///
/// - Parameters:
///   - container: The container or test container to check.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: Whether the container has no problems.
@discardableResult
public func assertNoErrors(
  _ container: some ContainerRepresentable, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
  do {
    try container.container.checkForErrors()
    return true
  } catch {
    return fail(
      "assertNoErrors failed: \(error)", about: container,
      at: IssueLocation(fileID, filePath, line, column))
  }
}

/// Checks one module alone, against the names it declares in `needs`, and fails the
/// test with the full report when its `checkForErrors()` finds any problem.
///
/// ```swift
/// @Test func checkoutIsWiredCorrectly() {
///   assertNoErrors(module: CheckoutModule())
/// }
/// ```
///
/// A feature module's own test target catches its wiring mistakes (a misspelt
/// name, a name another module registers but `needs` does not declare, a cycle)
/// without building the whole app. The failure message is `assertNoErrors failed for
/// CheckoutModule: ` followed by the `ValidationError` text.
///
/// - Parameters:
///   - module: The module to check.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: Whether the module has no problems.
@discardableResult
public func assertNoErrors(
  module: some ContainerModule, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
  do {
    try module.checkForErrors()
    return true
  } catch {
    return fail(
      "assertNoErrors failed for \(module.name): \(error)", about: module,
      at: IssueLocation(fileID, filePath, line, column))
  }
}
