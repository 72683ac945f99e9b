import INJContainer

/// Checks that the test container let a name resolve so far (or since
/// ``TestContainer/clearLog()``), directly or as a dependency: at least once, or
/// exactly `times` times.
///
/// ```swift
/// _ = try testContainer.value(forName: "car", as: Car.self)
/// assertResolved(testContainer, "engine")
/// assertResolved(testContainer, "engine", times: 1)
/// ```
///
/// Without `times`, the failure message names what was resolved instead, each name
/// once, in the order first requested; for example,
/// `assertResolved failed: the test container did not resolve 'wheel'; it resolved ["car", "engine"].`
/// or, when nothing was,
/// `assertResolved failed: the test container did not resolve 'wheel'; it resolved nothing.`
/// With `times`, it gives the count:
/// `assertResolved failed: the test container resolved 'engine' 2 times, not 1 time.`
///
/// To check the whole log in order, compare ``ResolutionLog/resolvedNames``:
/// `#expect(testContainer.log.resolvedNames == ["car", "engine"])`.
///
/// - Parameters:
///   - testContainer: The test container whose ``TestContainer/log`` to check.
///   - name: The name.
///   - times: How many requests are expected, 0 for none; nil (the default) for at
///     least one.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: Whether the name was resolved, `times` times when given.
@discardableResult
public func assertResolved(
  _ testContainer: TestContainer, _ name: String, times: Int? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  expect(
    name, times: times, among: testContainer.log.resolvedNames, assertion: "assertResolved",
    verbs: ("resolve", "resolved"), in: testContainer,
    at: IssueLocation(fileID, filePath, line, column))
}

/// Checks that the test container ran a provider's creator so far (or since
/// ``TestContainer/clearLog()``): that resolving made `name`, not only read it; at
/// least once, or exactly `times` times.
///
/// ```swift
/// _ = try testContainer.value(forName: "car", as: Car.self)
/// assertCreated(testContainer, "engine")
/// assertCreated(testContainer, "database", times: 1)   // a singleton
/// ```
///
/// Without `times`, the failure message names what was created instead, each name
/// once, in the order first created; for example,
/// `assertCreated failed: the test container did not create 'wheel'; it created ["car", "engine"].`
/// or, when nothing was,
/// `assertCreated failed: the test container did not create 'wheel'; it created nothing.`
/// With `times`, it gives the count:
/// `assertCreated failed: the test container created 'engine' 2 times, not 1 time.`
///
/// To check every creator that ran, in order, compare ``ResolutionLog/createdNames``:
/// `#expect(testContainer.log.createdNames == ["engine", "car"])`.
///
/// - Parameters:
///   - testContainer: The test container whose ``TestContainer/log`` to check.
///   - name: The provider's name.
///   - times: How many runs are expected, 0 for none; nil (the default) for at least
///     one.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: Whether the provider's creator ran, `times` times when given.
@discardableResult
public func assertCreated(
  _ testContainer: TestContainer, _ name: String, times: Int? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  expect(
    name, times: times, among: testContainer.log.createdNames, assertion: "assertCreated",
    verbs: ("create", "created"), in: testContainer,
    at: IssueLocation(fileID, filePath, line, column))
}

/// Passes when `names` holds `name` (exactly `times` times, when given); otherwise
/// reports the count, or what `names` holds, each name once, in the order first seen.
private func expect(
  _ name: String, times: Int?, among names: [String], assertion: String,
  verbs: (String, String), in testContainer: TestContainer, at location: IssueLocation
) -> Bool {
  if let times {
    let actual = names.lazy.filter { $0 == name }.count
    guard actual != times else { return true }
    return fail(
      "\(assertion) failed: the test container \(verbs.1) '\(name)' \(count(actual, "time")), "
        + "not \(count(times, "time")).", about: testContainer, at: location)
  }
  guard !names.contains(name) else { return true }
  var seen = Set<String>()
  let distinct = names.filter { seen.insert($0).inserted }
  return fail(
    "\(assertion) failed: the test container did not \(verbs.0) '\(name)'; it \(verbs.1) "
      + (distinct.isEmpty ? "nothing." : "\(distinct)."), about: testContainer, at: location)
}
