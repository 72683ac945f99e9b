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
/// A failure already reported while resolving is not reported again, so each
/// failure is one issue: a name a strict test container refuses or the test
/// overrides as unimplemented (reported by the test container, at this call), and
/// an ``UnimplementedError`` thrown by an `unimplemented` placeholder inside a
/// creator (reported by the placeholder where it was made). The assertion still
/// returns nil.
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
    if !wasReported(error) {
      reportFailure("assertResolves failed: \(error)", about: container, at: location)
    }
    return nil
  }
}

/// Resolves a name with the container's `asyncValue(forName:as:)` and fails the test
/// when that throws, with the resolution error's full text: the form of
/// ``assertResolves(_:_:as:fileID:filePath:line:column:)`` for names whose creation
/// needs `await` (async providers).
///
/// ```swift
/// let forecast = await assertResolvesAsync(testContainer, "forecast", as: Forecast.self)
/// ```
///
/// The failure message is `assertResolvesAsync failed: ` followed by the
/// `ResolutionError` text; a failure already reported while resolving is not
/// reported again, as for the synchronous form.
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
public func assertResolvesAsync<T>(
  _ container: some ContainerRepresentable, _ name: String, as type: T.Type = T.self,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) async -> T? {
  let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let resolving = container.container
  do {
    return try await CallSite.$location.withValue(location) {
      try await resolving.asyncValue(forName: name, as: T.self)
    }
  } catch {
    if !wasReported(error) {
      reportFailure("assertResolvesAsync failed: \(error)", about: container, at: location)
    }
    return nil
  }
}

/// Whether the failure behind `error` was reported when it happened: a test
/// container's observer reports every name it refuses (strict or unimplemented),
/// and a placeholder reports before it throws ``UnimplementedError``.
private func wasReported(_ error: any Error) -> Bool {
  guard let error = error as? ResolutionError else { return false }
  switch error.reason {
  case .refused:
    return true
  case .creatorFailed(let thrown):
    return thrown is UnimplementedError
  default:
    return false
  }
}
