import INJContainer

/// Checks that the container's direct dependencies form the given cycle.
///
/// ```swift
/// assertCycle(container, ["a", "b", "c", "a"])
/// ```
///
/// The cycle follows the dependency edges (each name depends on the next); it may
/// start at any of its members, and may be closed (`["a", "b", "a"]`) or not
/// (`["a", "b"]`). Other cycles may exist too. The failure message is, for example:
///
/// ```
/// assertCycle failed: expected the cycle a → b → a, but the container has 1 other cycle:
/// - c → d → c
/// ```
///
/// - Parameters:
///   - container: The container or test container to check.
///   - cycle: The cycle's members in dependency order.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: Whether the cycle exists.
@discardableResult
public func assertCycle(
  _ container: some ContainerRepresentable, _ cycle: [String], fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
  let location = IssueLocation(fileID, filePath, line, column)
  guard let first = cycle.first else {
    return fail(
      "assertCycle failed: the expected cycle is empty; list its members in order.",
      about: container, at: location)
  }
  // Closed, and rotated to start at its smallest name, as the container lists cycles.
  let expected = CycleText.normalized(
    cycle.count > 1 && cycle.last == first ? cycle : cycle + [first])
  let found = container.container.validate().problems.compactMap {
    if case .cycle(let members, _, _) = $0 { members } else { nil }
  }
  guard !found.contains(expected) else { return true }
  return fail(
    "assertCycle failed: expected the cycle \(expected.joined(separator: " → ")), but the "
      + "container has "
      + (found.isEmpty
        ? "no cycles."
        : "\(count(found.count, "other cycle")):"
          + found.map { "\n- " + $0.joined(separator: " → ") }.joined()),
    about: container, at: location)
}
