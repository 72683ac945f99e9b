/// A placeholder closure that fails the test when called and then returns
/// `placeholder`, for the parts of a fake a test does not expect to be used.
///
/// ```swift
/// struct WeatherClient: Sendable {
///   var forecast: @Sendable (String) async throws -> Forecast
///   var cachedCity: @Sendable () -> String?
/// }
///
/// let client = WeatherClient(
///   forecast: unimplemented("WeatherClient.forecast"),
///   cachedCity: unimplemented("WeatherClient.cachedCity", placeholder: nil))
/// ```
///
/// Calling it reports "Unimplemented: 'WeatherClient.cachedCity' was called." at
/// the line that made the placeholder, through the reporter chosen where it was
/// made: the one set with ``withIssueReporter(_:operation:)``, else Swift Testing
/// inside a Swift Testing test, else ``IssueReporter/automatic`` (deciding when
/// called).
///
/// - Parameters:
///   - name: What the closure stands for, shown in the failure.
///   - placeholder: The value to return after failing.
///   - fileID: The file to report at; leave the default.
///   - filePath: That file's path; leave the default.
///   - line: The line to report at; leave the default.
///   - column: The column to report at; leave the default.
/// - Returns: A closure of any arity that fails the test and returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ name: String, placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  // The reporter is chosen here, where the placeholder is made.
  let reporter = ReporterScope.current
  let location = IssueLocation(fileID, filePath, line, column)
  return { (_: repeat each Argument) -> Result in
    reporter.reportIssue("Unimplemented: '\(name)' was called.", at: location)
    return placeholder()
  }
}

/// A placeholder closure that fails the test when called and then throws
/// ``UnimplementedError``.
///
/// ```swift
/// let client = WeatherClient(forecast: unimplemented("WeatherClient.forecast"), ...)
/// ```
///
/// Calling it reports "Unimplemented: 'WeatherClient.forecast' was called." at the
/// line that made the placeholder. The closure converts to `async` and
/// `async throws` function types too.
///
/// - Parameters:
///   - name: What the closure stands for, shown in the failure.
///   - fileID: The file to report at; leave the default.
///   - filePath: That file's path; leave the default.
///   - line: The line to report at; leave the default.
///   - column: The column to report at; leave the default.
/// - Returns: A throwing closure of any arity that fails the test and throws.
public func unimplemented<each Argument, Result>(
  _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let report: @Sendable (repeat each Argument) -> Void = unimplemented(
    name, placeholder: (), fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) throws -> Result in
    report(repeat each argument)
    throw UnimplementedError(name: name)
  }
}

// Disfavored so that a throwing `Void` closure type gets the throwing placeholder.

/// A placeholder closure returning nothing, which fails the test when called.
///
/// ```swift
/// let analytics = Analytics(track: unimplemented("Analytics.track"))
/// ```
///
/// - Parameters:
///   - name: What the closure stands for, shown in the failure.
///   - fileID: The file to report at; leave the default.
///   - filePath: That file's path; leave the default.
///   - line: The line to report at; leave the default.
///   - column: The column to report at; leave the default.
/// - Returns: A closure of any arity that fails the test.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  unimplemented(
    name, placeholder: (), fileID: fileID, filePath: filePath, line: line, column: column)
}
