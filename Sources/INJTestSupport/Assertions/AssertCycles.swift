import INJContainer

/// Fails the test when the container's direct dependencies form any cycle, listing
/// every cycle with its fix.
///
/// Provider-closure dependencies (`fooProvider`) never form a cycle. The failure
/// message is, for example:
///
/// ```
/// assertNoCycles failed: the container has 1 cycle:
/// - Cycle: a → b → a. Break the cycle by depending on 'aProvider' instead of 'a' in 'b'.
/// ```
///
/// - Parameters:
///   - container: The container or test container to check.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: Whether there is no cycle.
@discardableResult
public func assertNoCycles(
  _ container: some ContainerRepresentable, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
  let cycles = container.container.validate().problems.filter {
    if case .cycle = $0 { true } else { false }
  }
  guard !cycles.isEmpty else { return true }
  let message =
    (["assertNoCycles failed: the container has \(count(cycles.count, "cycle")):"]
    + cycles.map { "- \($0)" }).joined(separator: "\n")
  return fail(
    message, about: container, at: IssueLocation(fileID, filePath, line, column))
}

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
  let message: String
  if let expected = closedCycle(cycle) {
    let found = container.container.validate().problems.compactMap {
      if case .cycle(let members, _, _) = $0 { members } else { nil }
    }
    if found.contains(expected) {
      return true
    }
    let text = expected.joined(separator: " → ")
    message =
      found.isEmpty
      ? "assertCycle failed: expected the cycle \(text), but the container has no cycles."
      : ([
        "assertCycle failed: expected the cycle \(text), but the container has "
          + "\(count(found.count, "other cycle")):"
      ]
        + found.map { "- " + $0.joined(separator: " → ") }).joined(separator: "\n")
  } else {
    message = "assertCycle failed: the expected cycle is empty; list its members in order."
  }
  return fail(
    message, about: container, at: IssueLocation(fileID, filePath, line, column))
}

/// A cycle given open or closed, starting anywhere, in the form `ValidationError`
/// lists it: closed, rotated to start at its smallest name; nil when empty.
func closedCycle(_ cycle: [String]) -> [String]? {
  var members = cycle
  if members.count > 1, members.first == members.last {
    members.removeLast()
  }
  guard !members.isEmpty else { return nil }
  let start = members.indices.min { members[$0] < members[$1] } ?? 0
  let rotated = Array(members[start...] + members[..<start])
  return rotated + [rotated[0]]
}
