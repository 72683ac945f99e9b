public import INJContainer

/// Runs `operation` with a new ``TestContainer``, which is also
/// ``TestContainer/current`` while it runs; for XCTest, or for a Swift Testing
/// test that wants a scope narrower than the test.
///
/// ```swift
/// func testShowsTheForecast() throws {
///   try withTestContainer(copying: AppContainer.make()) { testContainer in
///     testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)
///     let report = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
///     XCTAssertEqual(report.title, "Sunny")
///   }
/// }
/// ```
///
/// - Parameters:
///   - production: The container to copy; nil for an empty test container.
///   - strict: Whether only names the test overrides or allows may resolve.
///   - allowedNames: Names a strict test container lets resolve without an
///     override.
///   - reporter: Where failures go; by default as for
///     ``TestContainer/init(copying:strict:allowing:reporter:fileID:filePath:line:column:)``.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
///   - operation: The test code, given the test container.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withTestContainer<Result>(
  copying production: Container? = nil, strict: Bool = false,
  allowing allowedNames: [String] = [], reporter: (any IssueReporter)? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, operation: (TestContainer) throws -> Result
) rethrows -> Result {
  let testContainer = TestContainer(
    copying: production, strict: strict, allowing: allowedNames, reporter: reporter,
    fileID: fileID, filePath: filePath, line: line, column: column)
  return try TestContainer.$current.withValue(testContainer) { try operation(testContainer) }
}

/// Runs the asynchronous `operation` with a new ``TestContainer``, which is also
/// ``TestContainer/current`` while it runs.
///
/// - Parameters:
///   - production: The container to copy; nil for an empty test container.
///   - strict: Whether only names the test overrides or allows may resolve.
///   - allowedNames: Names a strict test container lets resolve without an
///     override.
///   - reporter: Where failures go; by default as for
///     ``TestContainer/init(copying:strict:allowing:reporter:fileID:filePath:line:column:)``.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
///   - isolation: The actor `operation` runs on; leave the default.
///   - operation: The test code, given the test container.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withTestContainer<Result>(
  copying production: Container? = nil, strict: Bool = false,
  allowing allowedNames: [String] = [], reporter: (any IssueReporter)? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, isolation: isolated (any Actor)? = #isolation,
  operation: (TestContainer) async throws -> Result
) async rethrows -> Result {
  let testContainer = TestContainer(
    copying: production, strict: strict, allowing: allowedNames, reporter: reporter,
    fileID: fileID, filePath: filePath, line: line, column: column)
  return try await TestContainer.$current.withValue(testContainer) {
    try await operation(testContainer)
  }
}
