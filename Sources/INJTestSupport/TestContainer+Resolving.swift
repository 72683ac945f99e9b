public import INJContainer

extension TestContainer {
  /// Resolves a name in the test container and returns its value.
  ///
  /// - Parameters:
  ///   - name: A name.
  ///   - fileID: The calling file, where a strict failure is reported; leave the
  ///     default.
  ///   - filePath: The calling file's path; leave the default.
  ///   - line: The calling line; leave the default.
  ///   - column: The calling column; leave the default.
  /// - Returns: The value.
  /// - Throws: `ResolutionError`, as the container's `value(forName:)` does; also when a
  ///   strict test container refuses a name on the way.
  public func value(
    forName name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws -> Any {
    try CallSite.$location.withValue(IssueLocation(fileID, filePath, line, column)) {
      try container.value(forName: name)
    }
  }

  /// Resolves a name in the test container and returns its value as `type`.
  ///
  /// ```swift
  /// let report = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
  /// let makeReport: () throws -> WeatherReport = try testContainer.value(
  ///   forName: "weatherReportProvider")
  /// ```
  ///
  /// For a provider-closure name (`fooProvider`), `type` may be any closure type the
  /// container's `value(forName:as:)` gives, by `as:` or by annotation; the closure
  /// makes the test container's `foo`, fakes included.
  ///
  /// - Parameters:
  ///   - name: A name.
  ///   - type: The type to return: the value's type, a protocol or superclass of it,
  ///     or for a provider closure, a closure type.
  ///   - fileID: The calling file, where a strict failure is reported; leave the
  ///     default.
  ///   - filePath: The calling file's path; leave the default.
  ///   - line: The calling line; leave the default.
  ///   - column: The calling column; leave the default.
  /// - Returns: The value.
  /// - Throws: `ResolutionError`, as the container's `value(forName:as:)` does; also
  ///   when a strict test container refuses a name on the way.
  public func value<T>(
    forName name: String, as type: T.Type = T.self, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> T {
    try CallSite.$location.withValue(IssueLocation(fileID, filePath, line, column)) {
      try container.value(forName: name, as: T.self)
    }
  }

  /// Resolves a key in the test container and returns its value, typed by the key.
  ///
  /// - Parameters:
  ///   - key: A key.
  ///   - fileID: The calling file; leave the default.
  ///   - filePath: The calling file's path; leave the default.
  ///   - line: The calling line; leave the default.
  ///   - column: The calling column; leave the default.
  /// - Returns: The value.
  /// - Throws: `ResolutionError`, as the container's `value(for:)` does.
  public func value<T>(
    for key: Key<T>, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws -> T {
    try CallSite.$location.withValue(IssueLocation(fileID, filePath, line, column)) {
      try container.value(for: key)
    }
  }

  /// Resolves a name in the test container without blocking a thread, as the
  /// container's `asyncValue(forName:as:)` does: async providers and fakes included.
  ///
  /// - Parameters:
  ///   - name: A name.
  ///   - type: The type to return: the value's type, or a protocol or superclass of
  ///     it.
  ///   - fileID: The calling file, where a strict failure is reported; leave the
  ///     default.
  ///   - filePath: The calling file's path; leave the default.
  ///   - line: The calling line; leave the default.
  ///   - column: The calling column; leave the default.
  /// - Returns: The value.
  /// - Throws: `ResolutionError`, as the container's `asyncValue(forName:as:)` does;
  ///   also when a strict test container refuses a name on the way.
  public func asyncValue<T>(
    forName name: String, as type: T.Type = T.self, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws -> T {
    try await CallSite.$location.withValue(IssueLocation(fileID, filePath, line, column)) {
      try await container.asyncValue(forName: name, as: T.self)
    }
  }
}

extension TestContainer {
  /// Makes singletons ahead of their first use, as an app's launch does with the
  /// container's `makeSingletons(named:)`: the singletons made at launch
  /// (`.madeAtLaunch`), fakes included, after which synchronous providers over them
  /// resolve synchronously.
  ///
  /// ```swift
  /// try await testContainer.makeSingletons(named: ["forecastStore"])
  /// let list = try testContainer.value(forName: "cityList", as: CityList.self)
  /// ```
  ///
  /// A strict test container refuses names the test did not allow or override, here
  /// as anywhere: name the ones the test needs.
  ///
  /// - Parameters:
  ///   - names: The singletons to make, each with what it depends on; nil for every
  ///     singleton of the container.
  ///   - fileID: The calling file, where a strict failure is reported; leave the
  ///     default.
  ///   - filePath: The calling file's path; leave the default.
  ///   - line: The calling line; leave the default.
  ///   - column: The calling column; leave the default.
  /// - Throws: `ResolutionError`, as the container's `makeSingletons(named:)` does.
  public func makeSingletons(
    named names: [String]? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    try await CallSite.$location.withValue(IssueLocation(fileID, filePath, line, column)) {
      try await container.makeSingletons(named: names)
    }
  }
}
