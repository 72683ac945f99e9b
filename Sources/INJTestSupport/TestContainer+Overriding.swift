public import INJContainer

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
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    register(name, as: .override, at: location) {
      container.overrideInstance(instance, forName: name, site: location.registrationSite)
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
    column: UInt = #column,
    creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    register(name, as: .override, at: location) {
      container.overrideProvider(
        forName: name, dependencies: dependencies, options: options.options,
        site: location.registrationSite, isolation: isolation, creator: creator)
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
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    register(name, as: .overrideAsync, at: location) {
      container.overrideAsyncProvider(
        forName: name, dependencies: dependencies, options: options.options,
        site: location.registrationSite, creator: creator)
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
    column: UInt = #column,
    creator: @escaping (ResolvedValues) throws -> T,
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
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    register(name, as: .overrideUnimplemented, at: location)
  }
}

// MARK: Checking and registering

/// How a test registers a name in its test container: which method it called,
/// what the name must be for that call, and the call to use instead.
struct RegistrationKind {
  /// Whether the name must be new to the test container (an add); otherwise it must
  /// be registered (an override).
  let expectsNewName: Bool
  /// What the method's name says after `add` or `override`: nothing, `Async` or
  /// `Unimplemented`.
  let variant: String

  static let override = Self(expectsNewName: false, variant: "")
  static let overrideAsync = Self(expectsNewName: false, variant: "Async")
  static let overrideUnimplemented = Self(expectsNewName: false, variant: "Unimplemented")
  static let add = Self(expectsNewName: true, variant: "")
  static let addAsync = Self(expectsNewName: true, variant: "Async")
  static let addUnimplemented = Self(expectsNewName: true, variant: "Unimplemented")

  /// Whether the name is registered as an unimplemented placeholder.
  var isUnimplemented: Bool { variant == "Unimplemented" }

  /// The failure for a call with a name of the wrong kind: new for an override,
  /// registered for an add, or the provider closure of `base`.
  func failure(for name: String, suggestion: String?, base: String? = nil) -> String {
    let placeholder = isUnimplemented ? " as unimplemented" : ""
    if let base {
      return
        "Cannot \(expectsNewName ? "add" : "override") '\(name)'\(placeholder): it is the "
        + "provider closure of '\(base)', which makes '\(base)' each time it is called. "
        + "Override '\(base)' instead; '\(name)' then makes the fake."
    }
    if expectsNewName {
      return
        "Cannot add '\(name)'\(placeholder): it is already registered. To replace it, use "
        + "\(counterpart(for: name)) instead."
    }
    return
      "Cannot override '\(name)'\(placeholder): nothing is registered under that name."
      + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
      + " To add it as a new name, use \(counterpart(for: name)) instead."
  }

  /// The call that registers `name` the other way, as the test would write it.
  private func counterpart(for name: String) -> String {
    (expectsNewName ? "override" : "add") + variant
      + (isUnimplemented ? "(\"\(name)\")" : "(\"\(name)\", …)")
  }
}

extension TestContainer {
  /// Registers `name` with `apply` (an unimplemented one with its placeholder), first
  /// failing the test at `location` when the name is not what `kind` expects: a registered name for an override, a new one
  /// for an add. The registration happens either way, except for the provider closure
  /// of a registered name, which is refused.
  func register(
    _ name: String, as kind: RegistrationKind, at location: IssueLocation,
    apply: () -> Void = {}
  ) {
    if let base = container.baseOfProviderClosure(named: name) {
      let failure = kind.failure(for: name, suggestion: nil, base: base)
      return reporter.reportIssue(failure, at: location)
    }
    let isNew = !container.isRegistered(name)
    if isNew != kind.expectsNewName {
      let suggestion =
        isNew
        ? container.closestRegisteredName(
          to: name, added: observer.addedNames, providerClosures: false)
        : nil
      reporter.reportIssue(kind.failure(for: name, suggestion: suggestion), at: location)
    }
    observer.mark(name, isNew: isNew, unimplementedAt: kind.isUnimplemented ? location : nil)
    if kind.isUnimplemented {
      // Registered so the name counts as present; the observer refuses every request
      // for it before this value could be handed out. Registered as `Any`, so that a
      // provider closure of any type may be asked for (and refused when called).
      container.overrideInstance(
        UnimplementedPlaceholder(name: name) as Any, forName: name,
        site: location.registrationSite)
    } else {
      apply()
    }
  }
}

extension IssueLocation {
  /// The site a registration made here is reported at by the container.
  var registrationSite: RegistrationSite {
    RegistrationSite(fileID: fileID.description, line: Int(line))
  }
}

/// What an unimplemented name is registered as; never handed out.
private struct UnimplementedPlaceholder {
  let name: String
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
        observer.mark(name, isNew: isNew)
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
      reporter.reportIssue(
        "Cannot override contribution \(position) of '\(collection)': '\(collection)' has no "
          + "contribution \(position). Contributions are counted from 0 in registration order.",
        at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    observer.allow([collection])
  }
}
