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
  let location = IssueLocation(fileID, filePath, line, column)
  do {
    return try CallSite.$location.withValue(location) {
      try container.container.value(forName: name, as: T.self)
    }
  } catch {
    if !wasReported(error) {
      fail("assertResolves failed: \(error)", about: container, at: location)
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
  let location = IssueLocation(fileID, filePath, line, column)
  do {
    return try await CallSite.$location.withValue(location) {
      try await container.container.asyncValue(forName: name, as: T.self)
    }
  } catch {
    if !wasReported(error) {
      fail("assertResolvesAsync failed: \(error)", about: container, at: location)
    }
    return nil
  }
}

/// Resolves every registered name of a container where it runs, and fails the test
/// with every failure at once: the one test that turns a wiring's run-time mistakes into
/// a test failure.
///
/// ```swift
/// @Test func everyNameResolves() async {
///   await assertEveryNameResolves(AppContainer.make(database: .inMemory))
/// }
/// ```
///
/// Give it the container the app builds, with fakes in place of I/O (a test container
/// with overrides, say). The singletons made at launch are made first, as the app's
/// launch makes them (`makeSingletons(named:)`). Then each name, once, resolves where it
/// runs: a main-actor provider on the main actor; an async provider, a provider isolated
/// to another actor and a collection with an async contribution with `asyncValue`; a
/// provider whose creator takes an argument by handing out its provider closure and
/// resolving its dependencies; any other name off the main actor, or on it when it needs
/// the main actor below.
///
/// The failure message is `assertEveryNameResolves failed: 2 of 14 names do not
/// resolve:`, then a line per name with the resolution error's full text (its path and
/// its fix). A failure already reported while resolving (a name a strict test container
/// refuses, an `unimplemented` placeholder called) is not reported again.
///
/// - Parameters:
///   - container: The container or test container to resolve in.
///   - fileID: The calling file; leave the default.
///   - filePath: The calling file's path; leave the default.
///   - line: The calling line; leave the default.
///   - column: The calling column; leave the default.
/// - Returns: Whether every name resolved.
@discardableResult
public func assertEveryNameResolves(
  _ container: some ContainerRepresentable, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async -> Bool {
  let location = IssueLocation(fileID, filePath, line, column)
  let names = Set(container.container.registrations().map(\.name)).count
  let failures = await CallSite.$location.withValue(location) {
    await container.container.resolveEveryName()
  }
  let unreported = failures.filter { !wasReported($0.error) }
  if !unreported.isEmpty {
    fail(
      "assertEveryNameResolves failed: \(unreported.count) of \(count(names, "name")) "
        + "\(unreported.count == 1 ? "does" : "do") not resolve:\n"
        + unreported.map { "- '\($0.name)': \($0.error)" }.joined(separator: "\n"),
      about: container, at: location)
  }
  return failures.isEmpty
}

/// Whether the failure behind `error` was reported when it happened: a test
/// container's observer reports every name it refuses (strict or unimplemented),
/// and a placeholder reports before it throws ``UnimplementedError``.
private func wasReported(_ error: any Error) -> Bool {
  switch (error as? ResolutionError)?.reason {
  case .refused?: return true
  case .creatorFailed(let thrown)?: return thrown is UnimplementedError
  default: return false
  }
}
