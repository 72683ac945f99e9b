public import INJContainer
import INJPrimitives

extension TestContainer {
  /// Adds a name the test container does not have, with a ready value: for what
  /// only the test registers, such as everything in an empty test container.
  ///
  /// ```swift
  /// let testContainer = TestContainer()
  /// testContainer.add("greeting", with: "Hello")
  /// ```
  ///
  /// An added name resolves like any other, and in a strict test container without
  /// being allowed. Adding a name that is already registered (in the copied
  /// production container or its ancestors, or earlier in the test container) fails
  /// the test at this call:
  ///
  /// ```
  /// Cannot add 'clock': it is already registered. To replace it, use override("clock", …) instead.
  /// ```
  ///
  /// The value then replaces the name all the same, as an override would. Names the
  /// test added are listed in ``addedNames``, not ``overriddenNames``.
  ///
  /// - Parameters:
  ///   - name: The new name.
  ///   - instance: The value.
  ///   - fileID: The adding file, for reports; leave the default.
  ///   - filePath: The adding file's path; leave the default.
  ///   - line: The adding line; leave the default.
  ///   - column: The adding column; leave the default.
  public func add<T: Sendable>(
    _ name: String, with instance: T, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    register(name, by: "add", at: IssueLocation(fileID, filePath, line, column)) {
      container.override(name, with: instance, fileID: $0, line: $1)
    }
  }

  /// Adds a name the test container does not have, with a provider.
  ///
  /// ```swift
  /// testContainer.add("sentence", dependencies: ["greeting"]) { values in
  ///   "\(try values.value(forName: "greeting", as: String.self)), world"
  /// }
  /// ```
  ///
  /// As for ``add(_:with:fileID:filePath:line:column:)-(String,_,_,_,_,_)``, a name
  /// that is already registered fails the test and is replaced all the same.
  ///
  /// - Parameters:
  ///   - name: The new name.
  ///   - dependencies: The names and keys the creator needs, resolved in the test
  ///     container.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The adding file, for reports; leave the default.
  ///   - filePath: The adding file's path; leave the default.
  ///   - line: The adding line; leave the default.
  ///   - column: The adding column; leave the default.
  ///   - creator: Makes the value; its declared result type types the provider
  ///     closure `nameProvider`.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  public func add<T>(
    _ name: String, dependencies: DependencyList = [], options: ProviderOptions.For<T> = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    register(name, by: "add", at: IssueLocation(fileID, filePath, line, column)) {
      container.override(
        name, dependencies: dependencies, options: options, fileID: $0, line: $1,
        creator: creator, isolation)
    }
  }

  /// Adds a name the test container does not have, with an async provider, resolved
  /// with `asyncValue(forName:as:)`.
  ///
  /// A name that is already registered fails the test and is replaced all the same,
  /// as by ``overrideAsync(_:dependencies:options:fileID:filePath:line:column:creator:)``.
  ///
  /// - Parameters:
  ///   - name: The new name.
  ///   - dependencies: The names and keys the creator needs.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The adding file, for reports; leave the default.
  ///   - filePath: The adding file's path; leave the default.
  ///   - line: The adding line; leave the default.
  ///   - column: The adding column; leave the default.
  ///   - creator: Makes the value.
  public func addAsync<T>(
    _ name: String, dependencies: DependencyList = [], options: ProviderOptions.For<T> = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, creator: @escaping @Sendable (ResolvedValues) async throws -> T
  ) {
    register(name, by: "addAsync", at: IssueLocation(fileID, filePath, line, column)) {
      container.overrideAsync(
        name, dependencies: dependencies, options: options, fileID: $0, line: $1,
        creator: creator)
    }
  }

  /// Adds a key's name, which the test container does not have, with a ready value
  /// of the key's type.
  ///
  /// - Parameters:
  ///   - key: The key to add.
  ///   - instance: The value.
  ///   - fileID: The adding file, for reports; leave the default.
  ///   - filePath: The adding file's path; leave the default.
  ///   - line: The adding line; leave the default.
  ///   - column: The adding column; leave the default.
  public func add<T: Sendable>(
    _ key: Key<T>, with instance: T, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    add(key.name, with: instance, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Adds a key's name, which the test container does not have, with a provider
  /// making the key's type.
  ///
  /// - Parameters:
  ///   - key: The key to add.
  ///   - dependencies: The names and keys the creator needs.
  ///   - options: The scope and `.manualInit`.
  ///   - fileID: The adding file, for reports; leave the default.
  ///   - filePath: The adding file's path; leave the default.
  ///   - line: The adding line; leave the default.
  ///   - column: The adding column; leave the default.
  ///   - creator: Makes the value.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  public func add<T>(
    _ key: Key<T>, dependencies: DependencyList = [], options: ProviderOptions.For<T> = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    add(
      key.name, dependencies: dependencies, options: options, fileID: fileID,
      filePath: filePath, line: line, column: column, creator: creator, isolation)
  }

  /// Adds a name the test container does not have, as a placeholder that fails the
  /// test when anything resolves it: for a dependency of an added provider that the
  /// test must not touch.
  ///
  /// ```swift
  /// testContainer.add("report", dependencies: ["analytics"]) { _ in Report() }
  /// testContainer.addUnimplemented("analytics")
  /// ```
  ///
  /// Resolving the name fails as for
  /// ``overrideUnimplemented(_:fileID:filePath:line:column:)``. A name that is
  /// already registered fails the test at this call and gets the placeholder all
  /// the same.
  ///
  /// - Parameters:
  ///   - name: The new name.
  ///   - fileID: The adding file; leave the default. A resolution that did not start
  ///     in the test is reported here too.
  ///   - filePath: That file's path.
  ///   - line: That line.
  ///   - column: That column.
  public func addUnimplemented(
    _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    register(name, by: "addUnimplemented", at: IssueLocation(fileID, filePath, line, column))
  }

  /// The names the test added to the test container, sorted: with `add` or
  /// `addUnimplemented`, or with an override of a name that was not registered.
  public var addedNames: [String] {
    observer.state.withLock { $0.replaced.filter(\.value) }.keys.sorted()
  }
}
