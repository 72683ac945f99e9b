import INJReflection

/// Typed wiring: each dependency declared once, as a ``Key``, and handed to the creator
/// as a typed parameter, in the order declared.
///
/// ```swift
/// extension Key where Value == Database { static var database: Self { Self("database") } }
/// extension Key where Value == Logger { static var logger: Self { Self("logger") } }
/// extension Key where Value == UserRepository { static var users: Self { Self("users") } }
///
/// container.addProvider(for: .users, using: .database, .logger) { database, logger in
///   UserRepository(database: database, logger: logger)
/// }
/// ```
///
/// The keys are the provider's dependency list, so ``checkForErrors()`` checks them as it
/// checks names (missing names with a suggestion, cycles, scopes, isolation, async), and
/// compares each key's type with the type its name's registration declares. A creator
/// that reads a value of the wrong type, or a dependency it did not declare, cannot be
/// written. A provider closure is a key too: `Key.account.provider` gives the creator a
/// `() -> Account`.
extension Container {
  /// Registers a provider under a key, with its dependencies declared once as keys; the
  /// creator receives their values, typed, in the order declared.
  ///
  /// ```swift
  /// container.addProvider(for: .users, using: .database, .logger, options: .singleton) {
  ///   database, logger in
  ///   UserRepository(database: database, logger: logger)
  /// }
  /// container.addProvider(for: .clock) { SystemClock() }  // no dependencies
  /// ```
  ///
  /// Declare keys in an extension constrained to their type (`extension Key where Value
  /// == Logger`), as ``Key`` shows: a creator or a parameter of the wrong type then gets
  /// the compiler's plain message. A provider-closure dependency is written with the
  /// key's type named, `Key.account.provider` (a `() -> Account`),
  /// `Key.account.mainActorProvider` or `Key.account.asyncProvider`.
  ///
  /// Everything else is as for
  /// ``addProvider(forName:dependencies:options:fileID:line:creator:_:)-(_,[String],_,_,_,_,_)``:
  /// the creator is isolated to the actor of the registering code, and the product's
  /// `@Inject` properties named like a dependency are filled after it returns.
  ///
  /// - Parameters:
  ///   - key: The key: its name is what dependents use.
  ///   - dependencies: The keys the creator needs, in the order of its parameters.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the product from the dependencies' values.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  @inlinable
  public func addProvider<T, each D>(
    for key: Key<T>, using dependencies: repeat Key<each D>,
    options: ProviderOptions.For<T> = [], fileID: String = #fileID, line: Int = #line,
    creator: @escaping (repeat each D) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addTyped(
      key.name, repeat each dependencies, options: options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), creator: creator)
  }

  /// Registers a provider under a key whose creator also takes an argument the caller
  /// supplies, with its dependencies declared once as keys.
  ///
  /// ```swift
  /// container.addProvider(for: .detail, using: .catalog, argument: Int.self) {
  ///   index, catalog in
  ///   DetailScreen(product: catalog.products[index])
  /// }
  /// ```
  ///
  /// Dependents use `detailProvider`, a closure `(Int) -> DetailScreen`: the key
  /// `Key.detail.provider(taking: Int.self)` (``Key/mainActorProvider(taking:)`` for a
  /// product made on the main actor). Everything else is as for
  /// ``addProvider(forName:dependencies:argument:fileID:line:creator:_:)``.
  ///
  /// - Parameters:
  ///   - key: The key of the product; dependents use its provider closure.
  ///   - dependencies: The keys the creator needs besides the argument.
  ///   - argumentType: The type of the argument, the creator's first parameter.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the product from the argument and the dependencies' values.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  @inlinable
  public func addProvider<T, Argument, each D>(
    for key: Key<T>, using dependencies: repeat Key<each D>, argument argumentType: Argument.Type,
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping (Argument, repeat each D) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addArgumentProvider(
      key.name, Wiring.names(repeat each dependencies),
      keyTypes: Wiring.types(repeat each dependencies), fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation)
    ) { (values: ResolvedValues, argument: Argument) throws -> T in
      let resolved = try Wiring.values(of: repeat (each D).self, in: values)
      return try creator(argument, repeat each resolved)
    }
  }

  /// Registers a provider under a key whose creator is `async`, with its dependencies
  /// declared once as keys.
  ///
  /// ```swift
  /// container.addAsyncProvider(for: .store, using: .settings, options: .madeAtLaunch) {
  ///   settings in try await Store.open(with: settings)
  /// }
  /// ```
  ///
  /// Everything else is as for
  /// ``addAsyncProvider(forName:dependencies:options:fileID:line:isolation:creator:)-(_,[String],_,_,_,_,_)``.
  ///
  /// - Parameters:
  ///   - key: The key: its name is what dependents use.
  ///   - dependencies: The keys the creator needs, in the order of its parameters.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - isolation: The actor of the registering code; leave the default.
  ///   - creator: Makes the product from the dependencies' values.
  @inlinable
  public func addAsyncProvider<T, each D>(
    for key: Key<T>, using dependencies: repeat Key<each D>,
    options: ProviderOptions.For<T> = [], fileID: String = #fileID, line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    creator: @escaping @Sendable (repeat each D) async throws -> T
  ) {
    addProvider(
      key.name, Wiring.names(repeat each dependencies), options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self,
      asyncCreator: Creator.erasingAsync { values in
        let resolved = try Wiring.values(of: repeat (each D).self, in: values)
        return try await creator(repeat each resolved)
      },
      dependencyKeyTypes: Wiring.types(repeat each dependencies))
  }

  /// Adds a contribution to the collection of a key whose type is an array, with its
  /// dependencies declared once as keys.
  ///
  /// ```swift
  /// extension Key where Value == [any Plugin] { static var plugins: Self { Self("plugins") } }
  ///
  /// container.contribute(to: .plugins, using: .logger) { logger in LoggingPlugin(logger) }
  /// ```
  ///
  /// The compiler checks that each contribution is of the key's element type. Everything
  /// else is as for
  /// ``contribute(to:dependencies:options:fileID:line:creator:_:)``.
  ///
  /// - Parameters:
  ///   - key: The collection's key; its element type is the contribution's type.
  ///   - dependencies: The keys the creator needs, in the order of its parameters.
  ///   - options: The contribution's scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the contribution from the dependencies' values.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  @inlinable
  public func contribute<T, each D>(
    to key: Key<[T]>, using dependencies: repeat Key<each D>,
    options: ProviderOptions.For<T> = [], fileID: String = #fileID, line: Int = #line,
    creator: @escaping (repeat each D) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addTyped(
      key.name, repeat each dependencies, options: options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), isContribution: true, creator: creator)
  }

  /// Registers a typed provider or contribution: the keys' names are its dependency
  /// list, and its creator reads their values by position.
  @inlinable
  func addTyped<T, each D>(
    _ name: String, _ dependencies: repeat Key<each D>, options: ProviderOptions,
    fileID: String, line: Int, isolation: CreatorIsolation, isContribution: Bool = false,
    creator: @escaping (repeat each D) throws -> T
  ) {
    addProvider(
      name, Wiring.names(repeat each dependencies), options, fileID: fileID, line: line,
      isolation: isolation, productType: T.self,
      creator: .erasing { values in
        let resolved = try Wiring.values(of: repeat (each D).self, in: values)
        return try creator(repeat each resolved)
      },
      dependencyKeyTypes: Wiring.types(repeat each dependencies), isContribution: isContribution)
  }
}

/// The dependency list of a typed registration, and the reading of its values, in
/// order, for the creator. Functions over packs, not a type with a pack parameter:
/// those need the Swift 5.9 runtime on Apple platforms, while these back-deploy.
@usableFromInline
enum Wiring {
  /// The keys' names: the provider's dependency list.
  @inlinable
  static func names<each D>(_ keys: repeat Key<each D>) -> [String] {
    var names: [String] = []
    for key in repeat each keys {
      names.append(key.name)
    }
    return names
  }

  /// The keys' types, which the check compares with what their names provide.
  @inlinable
  static func types<each D>(_ keys: repeat Key<each D>) -> [Any.Type?] {
    var types: [Any.Type?] = []
    func valueType<Value>(of _: Key<Value>) -> Any.Type { Value.self }
    for key in repeat each keys {
      types.append(valueType(of: key))
    }
    return types
  }

  /// The dependencies' values, typed, in the order of the keys: the provider lists
  /// exactly the keys' names in this order, so the value at each index is its key's.
  /// It takes the keys' types alone, so that a creation copies no key.
  @inlinable
  static func values<each D>(
    of types: repeat (each D).Type, in values: ResolvedValues
  ) throws -> (repeat each D) {
    var index = -1
    return (repeat try values.value(at: next(&index, after: each types), as: (each D).self))
  }

  /// The position of the next key: `index` plus one.
  @inlinable @inline(__always)
  static func next<Value>(_ index: inout Int, after _: Value.Type) -> Int {
    index += 1
    return index
  }
}
