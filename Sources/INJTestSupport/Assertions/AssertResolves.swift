import INJContainer

/// Resolves a name and fails the test when that throws, with the resolution
/// error's full text.
///
/// ```swift
/// let report = assertResolves(testContainer, "weatherReport", as: WeatherReport.self)
/// ```
///
/// The failure message is `assertResolves failed: ` followed by the
/// `ResolutionError` text, which names the path and the fix (a type mismatch
/// included).
///
/// - Parameters:
///   - container: The container or test container to resolve in.
///   - name: The name to resolve.
///   - type: The type to resolve it as.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: The value, or nil when resolving failed.
@discardableResult
public func assertResolves<T>(
  _ container: some ContainerRepresentable, _ name: String, as type: T.Type = T.self,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> T? {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    return try CallSite.$location.withValue(location) {
      try container.container.value(forName: name, as: T.self)
    }
  } catch {
    reportFailure("assertResolves failed: \(error)", about: container, at: location)
    return nil
  }
}
