import INJPrimitives

/// How a provider's products are shared and set up.
///
/// By default a provider is *transient*: its creator runs every time something
/// depends on it. One scope option at most may be given:
///
/// ```swift
/// container.addProvider(forName: "weatherClient", options: .singleton) { _ in
///   WeatherClient()
/// }
/// container.addProvider(forName: "theme", options: [.singleton, .manualInit]) { values in
///   Theme(named: try values.value(forName: "themeName", as: String.self))
/// }
/// ```
public struct ProviderOptions: OptionSet, Sendable, Hashable {
  /// The options' bits.
  public let rawValue: Int

  /// Creates options from their bits.
  ///
  /// - Parameter rawValue: The bits; unknown bits are kept and ignored.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The creator runs once; every dependent gets that one product.
  public static let singleton = ProviderOptions(rawValue: 1 << 0)

  /// The container does not inject the product's properties: the creator sets
  /// everything up itself.
  public static let manualInit = ProviderOptions(rawValue: 1 << 1)

  /// One product is shared while anything holds it; after the last holder lets go,
  /// the next resolution creates a new one. The product must be a class instance.
  ///
  /// A creator may declare an optional (`{ _ -> (any Store)? in … }`): the object it
  /// returns is held weakly like any other, and a `nil` is handed out as it is and not
  /// kept, so the next resolution runs the creator again. A declared type whose values
  /// are never objects (`Int`, `Int?`) is reported by ``Container/checkForErrors()``.
  public static let weakSingleton = ProviderOptions(rawValue: 1 << 2)

  /// One product per top-level resolution: everything created by one call to
  /// ``Container/value(forName:as:)->T`` shares it, and the next call makes a new one.
  public static let objectGraph = ProviderOptions(rawValue: 1 << 3)

  /// A singleton that ``Container/makeSingletons(named:)`` makes when the app starts,
  /// so that synchronous providers may depend on it even when its creator is async.
  ///
  /// ```swift
  /// container.addAsyncProvider(forName: "store", options: .madeAtLaunch) { _ in
  ///   try await Store.open()
  /// }
  /// container.addProvider(forName: "notes", dependencies: ["store"]) { values in
  ///   NotesScreen(store: try values.value(forName: "store"))
  /// }
  /// try container.checkForErrors()
  /// try await container.makeSingletons()          // opens the store
  /// let notes = try container.value(forName: "notes", as: NotesScreen.self)  // synchronous
  /// ```
  ///
  /// It is ``singleton`` in every other way. ``Container/checkForErrors()`` accepts
  /// synchronous providers that depend on it, and a synchronous resolution that needs it
  /// before the launch made it throws ``ResolutionError`` (reason
  /// ``ResolutionError/Reason/notMadeAtLaunch``), naming the call to make.
  public static let madeAtLaunch = ProviderOptions(rawValue: 1 << 4)

  /// The provider is meant to keep the products of its shorter-lived dependencies, so
  /// ``Container/validate()`` does not warn of them as captive dependencies.
  ///
  /// A coordinator singleton that keeps its root screen, say:
  ///
  /// ```swift
  /// container.addProvider(
  ///   forName: "coordinator", dependencies: ["rootScreen"],
  ///   options: [.singleton, .allowsCaptiveDependencies]
  /// ) { values in Coordinator(root: try values.value(forName: "rootScreen")) }
  /// ```
  ///
  /// The warning acknowledged where the provider is registered, `validate().isClean`
  /// can be a test.
  public static let allowsCaptiveDependencies = ProviderOptions(rawValue: 1 << 5)

  /// The options that choose a scope; at most one may be given (``madeAtLaunch`` is a
  /// singleton, and goes with ``singleton``; a named scope is the bits from
  /// ``namedScopeShift`` up).
  static let scopes: ProviderOptions = [.singleton, .weakSingleton, .objectGraph]

  /// Whether more than one scope is given.
  var hasConflictingScopes: Bool {
    var chosen = intersection(.scopes)
    if contains(.madeAtLaunch) { chosen.insert(.singleton) }
    let named = namedScope == 0 ? 0 : contains(.conflictingNamedScopes) ? 2 : 1
    return chosen.rawValue.nonzeroBitCount + named > 1
  }

  /// The name of the scope given with ``For/scope(_:)``, if one was.
  public var scopeName: String? {
    namedScope == 0 ? nil : scopeNames.withLock { $0.names[namedScope - 1] }
  }

  /// The bits of a named scope start here: they hold the name's place in the process's
  /// list of scope names, plus one (zero for none).
  static let namedScopeShift = 16

  /// Two different named scopes were given (the options keep the first).
  static let conflictingNamedScopes = ProviderOptions(rawValue: 1 << 15)

  /// The place of the named scope, plus one; zero for none.
  var namedScope: Int { rawValue >> Self.namedScopeShift }

  /// The option of the scope named `name`.
  static func scope(named name: String) -> ProviderOptions {
    let place = scopeNames.withLock { table in
      if let place = table.places[name] { return place }
      table.names.append(name)
      table.places[name] = table.names.count
      return table.names.count
    }
    return ProviderOptions(rawValue: place << namedScopeShift)
  }

  /// `self` and `other`, each element of an array literal of options in turn: a second,
  /// different named scope is recorded as a conflict.
  @usableFromInline
  func merging(_ other: ProviderOptions) -> ProviderOptions {
    guard namedScope != 0, other.namedScope != 0, namedScope != other.namedScope else {
      return union(other)
    }
    let otherBits = other.rawValue & ((1 << Self.namedScopeShift) - 1)
    return union(ProviderOptions(rawValue: otherBits)).union(.conflictingNamedScopes)
  }
}

/// Every scope name given in the process (``ProviderOptions/For/scope(_:)``), in the
/// order first given, and each one's place in that order plus one: what a named scope's
/// options hold.
private let scopeNames = Locked((names: [String](), places: [String: Int]()))

extension ProviderOptions {
  /// The options of a provider of `Product`, written as for ``ProviderOptions``
  /// (`.singleton`, `[.singleton, .manualInit]`) and checked by the compiler.
  ///
  /// A singleton or a weak singleton is handed to every thread that resolves it, so
  /// ``singleton`` and ``weakSingleton`` exist only for `Sendable` products. In the
  /// Swift 6 language mode, asking for either with another product type is a
  /// compile error at the option, such as
  /// `type 'Counter' does not conform to the 'Sendable' protocol`. Fix it in one of
  /// three ways:
  ///
  /// - make the type `Sendable` (immutable, or guarding its state with a lock);
  /// - isolate it to an actor, such as `@MainActor` (an isolated class is
  ///   `Sendable`);
  /// - or drop the scope: a transient or ``objectGraph`` product belongs to the
  ///   one resolution that made it.
  ///
  /// In the Swift 5 language mode the requirement is not checked, as for any other
  /// `Sendable` requirement.
  public struct For<Product>: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The options.
    @usableFromInline
    package let options: ProviderOptions

    /// Options already known to suit `Product`.
    @usableFromInline
    init(checked options: ProviderOptions) {
      self.options = options
    }

    /// The union of the elements: `[.singleton, .manualInit]`.
    ///
    /// - Parameter elements: The options to combine.
    @inlinable
    public init(arrayLiteral elements: Self...) {
      options = elements.reduce([]) { $0.merging($1.options) }
    }

    /// The container does not inject the product's properties: the creator sets
    /// everything up itself. See ``ProviderOptions/manualInit``.
    @inlinable
    public static var manualInit: Self { Self(checked: .manualInit) }

    /// One product per top-level resolution. See ``ProviderOptions/objectGraph``.
    @inlinable
    public static var objectGraph: Self { Self(checked: .objectGraph) }

    /// The provider is meant to keep the products of its shorter-lived dependencies:
    /// no captive-dependency warning. See ``ProviderOptions/allowsCaptiveDependencies``.
    @inlinable
    public static var allowsCaptiveDependencies: Self {
      Self(checked: .allowsCaptiveDependencies)
    }
  }
}

extension ProviderOptions.For where Product: Sendable {
  /// Options chosen at run time, for a `Sendable` product.
  ///
  /// - Parameter options: The options.
  @inlinable
  public init(_ options: ProviderOptions) {
    self.options = options
  }

  /// The creator runs once; every dependent, on every thread, gets that one
  /// product. See ``ProviderOptions/singleton``.
  public static var singleton: Self { Self(checked: .singleton) }

  /// One product is shared while anything holds it. See
  /// ``ProviderOptions/weakSingleton``.
  public static var weakSingleton: Self { Self(checked: .weakSingleton) }

  /// A singleton made when the app starts, by ``Container/makeSingletons(named:)``,
  /// which synchronous providers may depend on even when its creator is async. See
  /// ``ProviderOptions/madeAtLaunch``.
  public static var madeAtLaunch: Self { Self(checked: .madeAtLaunch) }

  /// Products shared, as a singleton's are, until the scope named `name` is reset: a
  /// `session` scope whose services are dropped at sign-out while the app's singletons
  /// stay.
  ///
  /// ```swift
  /// container.addProvider(forName: "cart", options: .scope("session")) { _ in Cart() }
  /// let cart = try container.value(forName: "cart", as: Cart.self)   // made
  /// try container.reset(scope: "session")                          // at sign-out
  /// let next = try container.value(forName: "cart", as: Cart.self)  // made again
  /// ```
  ///
  /// See ``Container/reset(scope:)`` for what a reset does to products already handed
  /// out and to creations under way.
  ///
  /// - Parameter name: The scope's name: any string, spelled the same where the scope is
  ///   given and where it is reset.
  /// - Returns: The options of that scope.
  public static func scope(_ name: String) -> Self { Self(checked: .scope(named: name)) }
}
