import INJPrimitives
import INJReflection

/// A dependency-injection container: objects registered under string names, each
/// provider listing the names it depends on.
///
/// Register instances and providers, check the whole graph once, then resolve:
///
/// ```swift
/// let container = Container()
/// container.addInstance(ProductsService(), forName: "productsService")
/// container.addProvider(
///   forName: "productsListViewController",
///   dependencies: ["productsService", "productDetailsViewControllerProvider"]
/// ) { _ in ProductsListViewController() }
/// container.addProvider(
///   forName: "productDetailsViewController", dependencies: ["productsService"]
/// ) { _ in ProductDetailsViewController() }
///
/// try container.checkForErrors()
/// let list = try container.value(
///   forName: "productsListViewController", as: ProductsListViewController.self)
/// ```
///
/// Before a creator runs, each of its dependencies is resolved; the creator gets
/// them as ``ResolvedValues``. After it returns, the product's injectable
/// properties that are still nil and named in the dependency list are set (see
/// `Inject` and `Injectable` in INJReflection), unless the provider is
/// ``ProviderOptions/manualInit``.
/// Depending on `fooProvider` gives a closure that makes a new `foo` per call.
///
/// ## Threads
///
/// A container is `Sendable`: any number of threads may register and resolve at
/// once. A singleton's creator runs exactly once, even when several threads ask
/// for it together; reading an existing singleton takes no lock. No lock is held
/// while a creator runs, so creators may resolve other names. Instances,
/// singletons and weak singletons are handed to every thread that resolves them,
/// so they must be `Sendable` (checked by the compiler in the Swift 6 language
/// mode). A creator is isolated to the actor of the code that registers it and runs
/// only there: a creator registered from main-actor code runs on the main actor.
///
/// Registering records the registration and returns; the first read of the
/// container's names after it (a lookup, a dependency followed by a resolution, a
/// check) applies every registration recorded since, in the order they were made.
/// So a burst of registrations at launch is a burst of short appends, and a
/// resolution sees every registration that returned before it began, from any
/// thread, and those its own creators made. A child container applies its
/// registrations at once.
///
/// ## Lifetime
///
/// The container owns its registrations and singletons and nothing owns the
/// container back: when the last reference to it goes, it frees them. Provider
/// closures hold their container weakly; calling one after the container is gone
/// is a failure (see ``ResolutionError/Reason/containerReleased``).
public final class Container: Sendable {
  /// The container whose names this one sees, when it is a child.
  public let parent: Container?
  let names = NameTable()
  /// The registry, read and changed through ``withRegistry(_:)``, which applies the
  /// recorded registrations first; only recording and applying them use the lock
  /// directly (see ``PendingMark``).
  let registryLock = Locked(Registry())
  /// Whether recorded registrations wait to be applied; shared with this container's
  /// providers, which check it before following a dependency slot.
  let pendingMark = PendingMark()
  /// Sees every resolution, when set (by test support).
  let observer: (any ResolutionObserver)?
  /// Whether `observer` is set: checked first, so resolving in an unobserved
  /// container never copies the existential.
  let isObserved: Bool
  /// The module this container checks alone, when ``ContainerModule/checkForErrors()``
  /// made it: its missing names may be another module's.
  let moduleCheckedAlone: String?
  /// The scope of providers registered without one (see ``init(defaultScope:)``).
  let defaultScope: ProviderOptions
  /// Told of each product made here (see ``init(defaultScope:observingCreations:)``).
  let creationObserver: (@Sendable (Creation) -> Void)?

  /// Creates an empty container.
  public convenience init() {
    self.init(parent: nil)
  }

  /// Creates an empty container whose providers registered without a scope get
  /// `defaultScope`: ``ProviderOptions/For/objectGraph`` makes every such product
  /// shared within one resolution, as Swinject's `.graph` default does.
  ///
  /// ```swift
  /// let container = Container(defaultScope: .objectGraph)
  /// ```
  ///
  /// A module installed here may choose its own (``ContainerModule/defaultScope``). The
  /// default is never a shared scope (a singleton or a named scope): those are given
  /// provider by provider, where the compiler checks that the product is `Sendable`.
  ///
  /// - Parameter defaultScope: The scope; only its scope option is used.
  public convenience init(defaultScope: ProviderOptions.For<Any>) {
    self.init(parent: nil, defaultScope: defaultScope.options)
  }

  /// Creates a container: a child of `parent`, watched by `observer`, or checking
  /// `moduleCheckedAlone` alone; telling `creationObserver` of its creations.
  init(
    parent: Container?, observer: (any ResolutionObserver)? = nil,
    moduleCheckedAlone: String? = nil, defaultScope: ProviderOptions = [],
    creationObserver: (@Sendable (Creation) -> Void)? = nil
  ) {
    self.parent = parent
    self.creationObserver = creationObserver
    self.defaultScope = defaultScope.intersection(.objectGraph)
    self.observer = observer
    isObserved = observer != nil
    self.moduleCheckedAlone = moduleCheckedAlone
  }

  // MARK: Registering

  /// Registers a ready value under a name; whoever depends on the name gets
  /// exactly this value.
  ///
  /// The value is handed to every thread that resolves the name, so it must be
  /// `Sendable` (in the Swift 6 language mode the compiler checks; a class isolated
  /// to an actor, such as `@MainActor`, is `Sendable`).
  ///
  /// Registering never throws: a blank name or a name registered twice is
  /// recorded, reported by ``checkForErrors()`` with both sites, and makes
  /// resolving the name throw.
  ///
  /// - Parameters:
  ///   - instance: The value.
  ///   - name: The name dependents use.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  public func addInstance<T: Sendable>(
    _ instance: T, forName name: String, fileID: String = #fileID, line: Int = #line
  ) {
    addInstance(instance, name, fileID: fileID, line: line, asOverride: false)
  }

  /// Records an instance; `addInstance` and `override` come here. An override
  /// (`asOverride`) replaces whatever else the name has, and is made as given: a blank
  /// name does not make it invalid.
  func addInstance<T: Sendable>(
    _ instance: T, _ name: String, fileID: String, line: Int, asOverride: Bool
  ) {
    let site = RegistrationSite(fileID: fileID, line: line, module: installation.module)
    record { container, registry in
      let slot = container.names.internSlot(named: name)
      let kind: Registration.Kind =
        slot.isBlank && !asOverride
        ? .invalid(.blankName, provider: nil) : .instance(Resolved(instance), type: T.self)
      container.register(
        Registration(slot: slot, site: site, owner: container, kind: kind),
        in: &registry, asOverride: asOverride)
    }
  }

  /// Registers a provider: a name, the names it depends on, and a creator that
  /// makes its product from their values.
  ///
  /// ```swift
  /// container.addProvider(
  ///   forName: "weatherClient", dependencies: ["conf"], options: .singleton
  /// ) { values in
  ///   StubWeatherClient(configuration: try values.value(forName: "conf"))
  /// }
  /// ```
  ///
  /// The creator is isolated to the actor of the code that registers it, as any
  /// closure written there is. Registered from main-actor code (a `@MainActor`
  /// function, top-level code, or any code of a module whose default isolation is
  /// `MainActor`), it may call main-actor initializers, and the container runs it
  /// only on the main actor: resolving the name from another thread throws
  /// ``ResolutionError`` (reason ``ResolutionError/Reason/notOnMainActor(registeredAt:)``) rather
  /// than blocking. Registered from nonisolated code, it runs on whichever thread
  /// resolves; Swift does not check what such a creator captures, so capture only
  /// values that may be used from any thread (write `{ @Sendable values in … }` to
  /// have the compiler check). Nonisolated code registers a main-actor product through
  /// main-actor code: a `@MainActor` function it calls with `await`, or
  /// `await MainActor.run { … }`.
  ///
  /// Registering never throws: a blank name, a name registered twice or
  /// conflicting scope options are recorded, reported by ``checkForErrors()``,
  /// and make resolving the name throw. Names may be registered at any time; a
  /// later registration is visible to later resolutions.
  ///
  /// A list of names, `[]` included, is a `[String]` and chooses this method; a list
  /// that also holds keys (`[.key(.weatherClient), "theme"]`) is a
  /// ``DependencyList`` and chooses
  /// ``addProvider(forName:dependencies:options:fileID:line:creator:_:)-(_,DependencyList,_,_,_,_,_)``.
  ///
  /// - Parameters:
  ///   - name: The name dependents use.
  ///   - dependencies: The names the creator needs; each is resolved before it
  ///     runs. A name like `fooProvider` gives a closure making a new `foo`: for a
  ///     creator registered from main-actor code, a `@MainActor () -> Foo`.
  ///   - options: The scope (``ProviderOptions/For/singleton`` and others) and
  ///     ``ProviderOptions/For/manualInit``. A shared scope needs a `Sendable`
  ///     product (see ``ProviderOptions/For``).
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the product from the resolved dependencies. Its declared
  ///     result type is the type of `fooProvider` closures for this name.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  @inlinable
  public func addProvider<T>(
    forName name: String, dependencies: [String] = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addProvider(
      name, dependencies, options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self, creator: .erasing(creator))
  }

  // MARK: Resolving

  /// Resolves a name and returns its value.
  ///
  /// For a provider-closure name (`fooProvider`) the value is a closure `() -> Foo`
  /// of exactly the type `foo`'s creator declares (`@MainActor () -> Foo` when `foo`
  /// is made on the main actor, `() async throws -> Foo` when its creator is async,
  /// `(Argument) -> Foo` when it takes an argument); ask ``value(forName:as:)`` for
  /// any other closure type.
  ///
  /// - Parameter name: A registered name.
  /// - Returns: The value.
  /// - Throws: ``ResolutionError`` naming the name, the path that led to the
  ///   failure, and what went wrong.
  public func value(forName name: String) throws -> Any {
    try resolve(name).anyValue
  }

  /// Resolves a name and returns its value as `type`.
  ///
  /// ```swift
  /// let client = try container.value(forName: "weatherClient", as: WeatherClient.self)
  /// let makeClient: () throws -> WeatherClient = try container.value(
  ///   forName: "weatherClientProvider")
  /// ```
  ///
  /// For a provider-closure name (`fooProvider`), `type` may be any closure type the
  /// provider's products fit, given with `as:` or by the annotation of the result:
  /// throwing or not; `@Sendable` or not; async (`nonisolated(nonsending)` too),
  /// which every provider offers and an async provider requires; taking the argument
  /// of a provider registered with one, and only then; returning the product's type
  /// or any type a product can be cast to; and `@MainActor`, which a product made on
  /// the main actor requires: a closure that could be called off the main actor is
  /// refused for it, so ask for `@MainActor () -> Foo` there. A plain closure stops the program with the full
  /// error text when making a product fails; a throwing one throws it. See
  /// the Provider Closures and Cycles article for every rule.
  ///
  /// - Parameters:
  ///   - name: A registered name.
  ///   - type: The type to return: the value's type, a protocol or superclass of it,
  ///     or for a provider closure, a closure type as above.
  /// - Returns: The value.
  /// - Throws: ``ResolutionError`` naming the name, the path that led to the
  ///   failure, and what went wrong; a value of another type is an error too.
  /// - Complexity: O(1) for an existing singleton or an instance, whatever the
  ///   number of registrations.
  @inlinable
  public func value<T>(forName name: String, as type: T.Type = T.self) throws -> T {
    // Inlined so the cast is to the caller's concrete type.
    let resolved = try resolve(name)
    if let typed = resolved.cast(to: T.self) {
      return typed
    }
    return try mismatch(resolved, to: T.self, name: name)
  }

  /// The type-mismatch error of a request, with the path of the resolution it is made
  /// in: the async one (`isAsync`) or the thread's.
  @usableFromInline
  func mismatch<T>(
    _ resolved: Resolved, to type: T.Type, name: String, isAsync: Bool = false
  ) throws(ResolutionError) -> T {
    let path = isAsync ? AsyncResolution.live?.path ?? [] : ThreadRequest().path
    do {
      return try resolved.cast(to: T.self, name: name, path: path + [name])
    } catch {
      throw completedFromRegistrations(error)
    }
  }
}
