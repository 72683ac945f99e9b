import INJContainer

/// Checks the names a registration depends on, as registered, without resolving
/// anything.
///
/// ```swift
/// assertDependencies(
///   container, of: "productsListViewController",
///   equal: ["productsService", "productDetailsViewControllerProvider"])
/// ```
///
/// An instance and a provider closure have no dependencies. When `name` does not
/// resolve to one registration, the failure message is `assertDependencies failed: `
/// followed by the `ResolutionError` text resolving it would throw; when the
/// lists differ, it is, for example,
/// `assertDependencies failed: 'list' depends on ["a", "b"], not ["a"].`
///
/// - Parameters:
///   - container: The container or test container to look in.
///   - name: The registered name.
///   - expected: The dependencies, in the order they are listed.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: Whether the dependencies are `expected`.
@discardableResult
public func assertDependencies(
  _ container: some ContainerRepresentable, of name: String, equal expected: [String],
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  let message: String
  switch container.container.registeredDependencies(ofName: name) {
  case .success(let actual):
    guard actual != expected else { return true }
    message = "assertDependencies failed: '\(name)' depends on \(actual), not \(expected)."
  case .failure(let error):
    message = "assertDependencies failed: \(error)"
  }
  return fail(message, about: container, at: IssueLocation(fileID, filePath, line, column))
}
