public import INJContainer

extension TestContainer {
  /// Overrides a name with a ready value: whoever resolves or depends on the name
  /// gets exactly this value.
  ///
  /// ```swift
  /// testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)
  /// ```
  ///
  /// Give the value the type dependents ask for (`as any WeatherClient`): provider
  /// closures (`weatherClientProvider`) are typed by it. An override replaces the
  /// production registration and any earlier override; it is never reported as a
  /// duplicate.
  ///
  /// Override `foo` rather than its provider closure `fooProvider`: the closure
  /// then makes the fake. Overriding `fooProvider` while `foo` is registered is a
  /// name collision, as in any container, and makes resolving either name throw.
  ///
  /// - Parameters:
  ///   - name: The name to override; it need not be registered in production.
  ///   - instance: The fake.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - line: The overriding line, for reports; leave the default.
  public func override<T>(
    _ name: String, with instance: T, fileID: String = #fileID, line: Int = #line
  ) {
    markOverridden(name)
    container.overrideInstance(
      instance, forName: name, site: RegistrationSite(fileID: fileID, line: line))
  }

  /// Overrides a name with a provider: a fake creator, with its own dependencies
  /// and options.
  ///
  /// ```swift
  /// testContainer.override("weatherClient", dependencies: ["configuration"]) { values in
  ///   FakeWeatherClient(configuration: try values.value(forName: "configuration"))
  ///     as any WeatherClient
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name to override.
  ///   - dependencies: The names the creator needs, resolved in the test container.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - line: The overriding line, for reports; leave the default.
  ///   - creator: Makes the fake; its declared result type types the provider
  ///     closure `nameProvider`.
  public func override<T>(
    _ name: String, dependencies: [String] = [], options: ProviderOptions = [],
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping @Sendable (ResolvedValues) throws -> T
  ) {
    markOverridden(name)
    container.overrideProvider(
      forName: name, dependencies: dependencies, options: options,
      site: RegistrationSite(fileID: fileID, line: line), creator: creator)
  }

  /// Overrides a name with a provider whose creator runs on the main actor, for
  /// fakes of `@MainActor` types.
  ///
  /// As with the container's `addMainActorProvider`, resolving the name off the
  /// main actor throws `ResolutionError`.
  ///
  /// - Parameters:
  ///   - name: The name to override.
  ///   - dependencies: The names the creator needs.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - line: The overriding line, for reports; leave the default.
  ///   - creator: Makes the fake on the main actor.
  public func overrideMainActor<T>(
    _ name: String, dependencies: [String] = [], options: ProviderOptions = [],
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping @MainActor (ResolvedValues) throws -> T
  ) {
    markOverridden(name)
    container.overrideMainActorProvider(
      forName: name, dependencies: dependencies, options: options,
      site: RegistrationSite(fileID: fileID, line: line), creator: creator)
  }

  /// Overrides a key's name with a ready value of the key's type.
  ///
  /// - Parameters:
  ///   - key: The key to override.
  ///   - instance: The fake.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - line: The overriding line, for reports; leave the default.
  public func override<T>(
    _ key: Key<T>, with instance: T, fileID: String = #fileID, line: Int = #line
  ) {
    override(key.name, with: instance, fileID: fileID, line: line)
  }

  /// Overrides a key's name with a provider making the key's type.
  ///
  /// - Parameters:
  ///   - key: The key to override.
  ///   - dependencies: The names the creator needs.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - line: The overriding line, for reports; leave the default.
  ///   - creator: Makes the fake.
  public func override<T>(
    _ key: Key<T>, dependencies: [String] = [], options: ProviderOptions = [],
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping @Sendable (ResolvedValues) throws -> T
  ) {
    override(
      key.name, dependencies: dependencies, options: options, fileID: fileID, line: line,
      creator: creator)
  }

  /// Overrides a name with a placeholder that fails the test when anything
  /// resolves it, for collaborators a test must not touch.
  ///
  /// ```swift
  /// testContainer.overrideUnimplemented("analytics")
  /// ```
  ///
  /// Resolving the name (directly, as a dependency, or through a provider closure
  /// when it is called) reports "Unimplemented: 'analytics' was resolved (path: …),
  /// but the test overrides it as unimplemented." and throws `ResolutionError`
  /// with reason `.refused`. The name still counts as registered for
  /// `checkForErrors()`. A later ``override(_:with:fileID:line:)-(String,_,_,_)``
  /// replaces the placeholder.
  ///
  /// - Parameters:
  ///   - name: The name to override.
  ///   - fileID: The file to report at when the resolution did not start in the test.
  ///   - filePath: That file's path.
  ///   - line: That line.
  ///   - column: That column.
  public func overrideUnimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    observer.markUnimplemented(name, site: site)
    // Registered so the name counts as present; the observer refuses every request
    // for it before this value could be handed out. Registered as `Any`, so that a
    // provider closure of any type may be asked for (and refused when called).
    container.overrideInstance(
      UnimplementedPlaceholder(name: name) as Any, forName: name,
      site: RegistrationSite(fileID: site.fileID.description, line: Int(line)))
  }

  private func markOverridden(_ name: String) {
    observer.markOverridden([name])
  }
}

/// What an unimplemented name is registered as; never handed out.
private struct UnimplementedPlaceholder {
  let name: String
}
