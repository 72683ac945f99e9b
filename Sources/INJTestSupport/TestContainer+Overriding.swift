public import INJContainer
import INJPrimitives

extension TestContainer {
  /// Overrides a registered name with a ready value: whoever resolves or depends on
  /// the name gets exactly this value.
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
  /// The name must be registered: in the copied production container or its
  /// ancestors, or earlier in the test container. Overriding any other name, such as
  /// a typo, fails the test at this call with the closest registered name:
  ///
  /// ```
  /// Cannot override 'wetherClient': nothing is registered under that name. Did you mean 'weatherClient'? To add it as a new name, use add("wetherClient", …) instead.
  /// ```
  ///
  /// The value is registered all the same, as ``add(_:with:fileID:filePath:line:column:)-(String,_,_,_,_,_)``
  /// would, so the rest of the test runs as written and reports nothing more about
  /// the name. Use `add` for a name the app does not register.
  ///
  /// Override `foo` rather than its provider closure `fooProvider`: the closure
  /// then makes the fake. Overriding (or adding) `fooProvider` while `foo` is
  /// registered is refused: it fails the test at this call, and registers nothing.
  ///
  /// ```
  /// Cannot override 'weatherClientProvider': it is the provider closure of 'weatherClient', which makes 'weatherClient' each time it is called. Override 'weatherClient' instead; 'weatherClientProvider' then makes the fake.
  /// ```
  ///
  /// - Parameters:
  ///   - name: The registered name to override.
  ///   - instance: The fake.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - filePath: The overriding file's path; leave the default.
  ///   - line: The overriding line; leave the default.
  ///   - column: The overriding column; leave the default.
  public func override<T: Sendable>(
    _ name: String, with instance: T, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    register(name, by: "override", at: IssueLocation(fileID, filePath, line, column)) {
      container.override(name, with: instance, fileID: $0, line: $1)
    }
  }

  /// Overrides a registered name with a provider: a fake creator, with its own
  /// dependencies and options.
  ///
  /// ```swift
  /// testContainer.override("weatherClient", dependencies: ["configuration"]) { values in
  ///   FakeWeatherClient(configuration: try values.value(forName: "configuration"))
  ///     as any WeatherClient
  /// }
  /// ```
  ///
  /// As for ``override(_:with:fileID:filePath:line:column:)-(String,_,_,_,_,_)``, a
  /// name that is not registered fails the test and is added all the same.
  ///
  /// - Parameters:
  ///   - name: The registered name to override.
  ///   - dependencies: The names and keys the creator needs, resolved in the test
  ///     container.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - filePath: The overriding file's path; leave the default.
  ///   - line: The overriding line; leave the default.
  ///   - column: The overriding column; leave the default.
  ///   - creator: Makes the fake; its declared result type types the provider
  ///     closure `nameProvider`.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  public func override<T>(
    _ name: String, dependencies: DependencyList = [], options: ProviderOptions.For<T> = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    register(name, by: "override", at: IssueLocation(fileID, filePath, line, column)) {
      container.override(
        name, dependencies: dependencies, options: options, fileID: $0, line: $1,
        creator: creator, isolation)
    }
  }

  /// Overrides a registered name with an async provider: a fake whose creator may
  /// await, resolved with `asyncValue(forName:as:)`.
  ///
  /// ```swift
  /// testContainer.overrideAsync("forecast") { _ in
  ///   try await FakeForecast.load()
  /// }
  /// ```
  ///
  /// A name that is not registered fails the test and is added all the same, as by
  /// ``addAsync(_:dependencies:options:fileID:filePath:line:column:creator:)``.
  ///
  /// - Parameters:
  ///   - name: The registered name to override.
  ///   - dependencies: The names and keys the creator needs.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - filePath: The overriding file's path; leave the default.
  ///   - line: The overriding line; leave the default.
  ///   - column: The overriding column; leave the default.
  ///   - creator: Makes the fake.
  public func overrideAsync<T>(
    _ name: String, dependencies: DependencyList = [], options: ProviderOptions.For<T> = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, creator: @escaping @Sendable (ResolvedValues) async throws -> T
  ) {
    register(name, by: "overrideAsync", at: IssueLocation(fileID, filePath, line, column)) {
      container.overrideAsync(
        name, dependencies: dependencies, options: options, fileID: $0, line: $1,
        creator: creator)
    }
  }

  /// Overrides a key's registered name with a ready value of the key's type.
  ///
  /// - Parameters:
  ///   - key: The key to override.
  ///   - instance: The fake.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - filePath: The overriding file's path; leave the default.
  ///   - line: The overriding line; leave the default.
  ///   - column: The overriding column; leave the default.
  public func override<T: Sendable>(
    _ key: Key<T>, with instance: T, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    override(
      key.name, with: instance, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Overrides a key's registered name with a provider making the key's type.
  ///
  /// - Parameters:
  ///   - key: The key to override.
  ///   - dependencies: The names and keys the creator needs.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The overriding file, for reports; leave the default.
  ///   - filePath: The overriding file's path; leave the default.
  ///   - line: The overriding line; leave the default.
  ///   - column: The overriding column; leave the default.
  ///   - creator: Makes the fake.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  public func override<T>(
    _ key: Key<T>, dependencies: DependencyList = [], options: ProviderOptions.For<T> = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    override(
      key.name, dependencies: dependencies, options: options, fileID: fileID,
      filePath: filePath, line: line, column: column, creator: creator, isolation)
  }

  /// Overrides a registered name with a placeholder that fails the test when
  /// anything resolves it, for collaborators a test must not touch.
  ///
  /// ```swift
  /// testContainer.overrideUnimplemented("analytics")
  /// ```
  ///
  /// Resolving the name (directly, as a dependency, or through a provider closure
  /// when it is called) reports "Unimplemented: 'analytics' was resolved (path: …),
  /// but the test overrides it as unimplemented." and throws `ResolutionError`
  /// with reason `.refused`. The name still counts as registered for
  /// `checkForErrors()`. A later
  /// ``override(_:with:fileID:filePath:line:column:)-(String,_,_,_,_,_)`` replaces
  /// the placeholder.
  ///
  /// A name that is not registered fails the test at this call, with the closest
  /// registered name, and gets the placeholder all the same, as by
  /// ``addUnimplemented(_:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - name: The registered name to override.
  ///   - fileID: The overriding file; leave the default. A resolution that did not
  ///     start in the test is reported here too.
  ///   - filePath: That file's path.
  ///   - line: That line.
  ///   - column: That column.
  public func overrideUnimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    register(name, by: "overrideUnimplemented", at: IssueLocation(fileID, filePath, line, column))
  }
}

// MARK: Checking and registering

extension TestContainer {
  /// Registers `name` with `apply` (an unimplemented one with its placeholder), first
  /// failing the test at `location` when the name is not what `method` expects: a
  /// registered name for an `override` method, a new one for an `add` method. The
  /// registration happens either way, except for the provider closure of a registered
  /// name, which is refused.
  ///
  /// - Parameters:
  ///   - name: The name to register.
  ///   - method: The method the test called: `add`, `overrideAsync`, ….
  ///   - location: Where the test called it.
  ///   - apply: Registers the name, given the file ID and line to report it at.
  func register(
    _ name: String, by method: String, at location: IssueLocation,
    apply: (String, Int) -> Void = { _, _ in }
  ) {
    let adding = method.hasPrefix("add")
    let unimplemented = method.hasSuffix("Unimplemented")
    let cannot =
      "Cannot \(adding ? "add" : "override") '\(name)'\(unimplemented ? " as unimplemented" : ""): "
    // The call that registers `name` the other way, as the test would write it.
    let counterpart =
      (adding ? "override" : "add") + method.drop(while: \.isLowercase)
      + (unimplemented ? "(\"\(name)\")" : "(\"\(name)\", …)")
    if let base = container.baseOfProviderClosure(named: name) {
      return reporter.reportIssue(
        cannot + "it is the provider closure of '\(base)', which makes '\(base)' each time it is "
          + "called. Override '\(base)' instead; '\(name)' then makes the fake.", at: location)
    }
    let isNew = !container.isRegistered(name)
    if isNew, !adding {
      reporter.reportIssue(
        cannot + "nothing is registered under that name."
          + observer.didYouMean(name, providerClosures: false)
          + " To add it as a new name, use \(counterpart) instead.", at: location)
    } else if !isNew, adding {
      reporter.reportIssue(
        cannot + "it is already registered. To replace it, use \(counterpart) instead.",
        at: location)
    }
    observer.state.withLock {
      $0.mark(name, isNew: isNew, unimplementedAt: unimplemented ? location : nil)
    }
    let (fileID, line) = (location.fileID.description, Int(location.line))
    guard unimplemented else { return apply(fileID, line) }
    // Registered so the name counts as present; the observer refuses every request for
    // it before this value could be handed out. Registered as `any Sendable` (the coercion
    // keeps the existential from being opened), which is `Any` at run time, so that a
    // provider closure of any type may be asked for (and refused when called).
    let placeholder = UnimplementedError(name: name)
    container.override(name, with: placeholder as any Sendable, fileID: fileID, line: line)
  }
}

extension TestContainer {
  /// Overrides with modules: each registration a module makes replaces whatever its
  /// name has, as ``override(_:with:fileID:filePath:line:column:)-(String,_,_,_,_,_)``
  /// does for one name.
  ///
  /// ```swift
  /// testContainer.override(FakePaymentsModule())
  /// ```
  ///
  /// A fake module registers the names of the production one it stands for, with
  /// fakes; every name it registers counts as overridden (a strict test container
  /// lets it resolve), and its registrations are attributed to it in reports.
  ///
  /// - Parameter modules: The modules, installed as overrides in order.
  public func override(_ modules: any ContainerModule...) {
    for module in modules {
      for (name, isNew) in container.installOverriding(module) {
        observer.state.withLock { $0.mark(name, isNew: isNew) }
      }
    }
  }
}

extension TestContainer {
  /// Replaces one contribution of a collection with a fake value: the collection
  /// keeps its other contributions, in order, and gives `instance` in place of the
  /// contribution at `position` (counted from 0 in registration order).
  ///
  /// ```swift
  /// testContainer.override("analyticsSinks", contribution: 1, with: RecordingSink() as any AnalyticsSink)
  /// ```
  ///
  /// A strict test container lets the collection resolve. A name that is not a
  /// collection with a contribution at `position` fails the test at this call.
  ///
  /// - Parameters:
  ///   - collection: The collection's name.
  ///   - position: The contribution's place in the collection, from 0.
  ///   - instance: The value to give in its place.
  ///   - fileID: The calling file; leave the default.
  ///   - filePath: The calling file's path; leave the default.
  ///   - line: The calling line; leave the default.
  ///   - column: The calling column; leave the default.
  public func override<T: Sendable>(
    _ collection: String, contribution position: Int, with instance: T,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard container.replaceContribution(to: collection, at: position, with: instance) else {
      return reporter.reportIssue(
        "Cannot override contribution \(position) of '\(collection)': '\(collection)' has no "
          + "contribution \(position). Contributions are counted from 0 in registration order.",
        at: IssueLocation(fileID, filePath, line, column))
    }
    observer.state.withLock { _ = $0.allowed.insert(collection) }
  }
}
