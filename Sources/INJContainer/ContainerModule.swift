import INJReflection

/// A group of registrations that belong together: a feature, a layer, a team's part
/// of the app.
///
/// ```swift
/// struct CheckoutModule: ContainerModule {
///   var needs: [String] { ["paymentService", "session"] }
///
///   func register(in container: Container) {
///     container.addProvider(forName: "checkout", dependencies: ["paymentService", "cart"]) {
///       Checkout(payments: try $0.value(forName: "paymentService"), cart: try $0.value(forName: "cart"))
///     }
///     container.addProvider(forName: "cart", dependencies: ["session"]) {
///       Cart(session: try $0.value(forName: "session"))
///     }
///   }
/// }
///
/// container.install(CheckoutModule(), PaymentsModule(), SessionModule())
/// ```
///
/// The container attributes each registration a module makes to it: problems that
/// ``Container/checkForErrors()`` reports name the module next to the file and line
/// ("'checkout' (CheckoutModule, Checkout/CheckoutModule.swift:12) depends on …").
/// A module declares the names it uses from other modules in ``needs``, so its own
/// tests can check it alone with ``checkForErrors()``, without the rest of the app.
///
/// ## Main-actor modules
///
/// A module whose registrations make main-actor screens is itself main-actor code:
/// declare it `@MainActor struct ScreensModule: @MainActor ContainerModule`, or write it
/// in a target whose default isolation is `MainActor`, where every conformance is
/// main-actor. Its creators are then main-actor creators, registered with plain
/// `addProvider`. Install it and check it alone from main-actor code (a `@MainActor`
/// function or test, an app's launch code): the compiler refuses its main-actor
/// conformance in nonisolated code. A module of nonisolated services in such a target
/// is declared `nonisolated struct ServicesModule: ContainerModule`, and installs and
/// checks from anywhere.
public protocol ContainerModule {
  /// The module's name in reports; by default its type's name.
  var name: String { get }

  /// The names the module's registrations depend on that other modules register.
  /// Checking the module alone treats them as registered; by default none.
  var needs: [String] { get }

  /// The scope of the module's providers registered without one, such as
  /// ``ProviderOptions/For/objectGraph``; by default none, so they get the container's
  /// (``Container/init(defaultScope:)``).
  var defaultScope: ProviderOptions.For<Any> { get }

  /// Registers the module's names in `container`.
  ///
  /// - Parameter container: The container the module is installed in.
  func register(in container: Container)

  /// Runs once every module of the ``Container/install(_:fileID:line:)`` call that
  /// installed this one has registered its names (Swinject's `Assembly.loaded`): it may
  /// resolve them, those of the modules after it included. By default it does nothing.
  ///
  /// ```swift
  /// func installed(in container: Container) {
  ///   try? container.value(forName: "analytics", as: Analytics.self).start()
  /// }
  /// ```
  ///
  /// - Parameter container: The container the module is installed in.
  func installed(in container: Container)
}

extension ContainerModule {
  /// The module's type name, such as `CheckoutModule`.
  public var name: String { String(describing: Self.self) }

  /// No names from other modules.
  public var needs: [String] { [] }

  /// No scope of its own: the container's default scope.
  public var defaultScope: ProviderOptions.For<Any> { [] }

  /// Nothing to do once installed.
  public func installed(in container: Container) {}

  /// Checks the module alone: installs it in a new container where each of its
  /// ``needs`` stands registered, and reports what
  /// ``Container/checkForErrors()`` reports there.
  ///
  /// ```swift
  /// @Test func checkoutIsWiredCorrectly() throws {
  ///   try CheckoutModule().checkForErrors()
  /// }
  /// ```
  ///
  /// A name the module depends on that neither it registers nor ``needs`` declares
  /// is missing, with a suggestion; a cycle inside the module is a cycle. What the
  /// needed names themselves need is the business of the modules that register them,
  /// and so is what they are: the check knows only their names, so it reports nothing
  /// that depends on a need's scope, isolation, argument or product type (the type of
  /// its provider closure, a captive dependency on it).
  ///
  /// - Throws: ``ValidationError`` listing every problem.
  public func checkForErrors() throws {
    try Container(checking: self).checkForErrors()
  }
}

extension Container {
  /// Installs modules: each registers its names here, attributed to it.
  ///
  /// ```swift
  /// container.install(SessionModule(), CheckoutModule())
  /// ```
  ///
  /// A module installed a second time (by ``ContainerModule/name``) registers
  /// nothing again; ``checkForErrors()`` reports it
  /// (``ValidationProblem/duplicateModule(_:sites:)``) with both install sites.
  ///
  /// Once all of them have registered their names, each one's
  /// ``ContainerModule/installed(in:)`` runs, in order.
  ///
  /// A list built at run time installs with a loop: `for module in modules {
  /// container.install(module) }`.
  ///
  /// - Parameters:
  ///   - modules: The modules, installed in order.
  ///   - fileID: The installing file, for reports; leave the default.
  ///   - line: The installing line, for reports; leave the default.
  public func install(
    _ modules: any ContainerModule..., fileID: String = #fileID, line: Int = #line
  ) {
    let site = RegistrationSite(fileID: fileID, line: line)
    var installed: [any ContainerModule] = []
    for module in modules {
      let name = module.name
      let isFirst = withRegistry { registry in
        let isFirst = registry.installs[name] == nil
        registry.installs[name, default: []].append(site)
        if isFirst { registry.moduleNames.append(name) }
        return isFirst
      }
      guard isFirst else { continue }
      let state = ThreadState.current
      let outer = state.pointee.installing
      state.pointee.installing = (ObjectIdentifier(self), name, module.defaultScope.options)
      module.register(in: self)
      state.pointee.installing = outer
      installed.append(module)
    }
    for module in installed {
      module.installed(in: self)
    }
  }

  /// Installs a module whose registrations replace whatever their names have here (a test
  /// container's override of a module): installed in a container of its own, and its
  /// registrations copied here as overrides. Not recorded as installed here.
  ///
  /// - Returns: The names the module overrode, each with whether it was new here.
  package func installOverriding(_ module: any ContainerModule) -> [(name: String, isNew: Bool)] {
    let own = Container(parent: nil, defaultScope: defaultScope)
    own.install(module)
    return withRegistry { registry in
      own.withRegistry { $0.registrations }.map { made in
        let isNew = registry.made(slot(interning: made.name, in: &registry).id) == nil
        register(made.copy(for: self, in: &registry), in: &registry, asOverride: true)
        return (made.name, isNew)
      }.sorted { $0.name < $1.name }
    }
  }

  /// The names of the modules installed in this container, in installation order.
  public var installedModules: [String] {
    withRegistry { $0.moduleNames }
  }

  /// The module being installed in this container on this thread, if any: the one
  /// a registration made now belongs to, and the scope of a
  /// provider registered without one (the module's default scope, else the container's).
  var installation: (module: String?, scope: ProviderOptions) {
    guard let installing = ThreadState.current.pointee.installing,
      installing.container == ObjectIdentifier(self)
    else { return (nil, defaultScope) }
    return (installing.module, installing.scope.isEmpty ? defaultScope : installing.scope)
  }

  /// A container with `module` installed and each of its needs standing registered,
  /// for checking the module alone.
  convenience init(checking module: some ContainerModule) {
    let moduleName = module.name
    self.init(parent: nil, moduleCheckedAlone: moduleName)
    install(module)
    for need in module.needs where !need.isBlank && !isRegistered(need) {
      // Declared, so it stands registered; it says so if anything tries to make it.
      addProvider(
        need, [], [], fileID: "\(moduleName).needs", line: 0, isolation: .nonisolated,
        productType: Any.self,
        creator: .value { _ in throw NeedOfModuleCheckedAlone(name: need, module: moduleName) })
    }
  }
}

extension Registration {
  /// Whether this stands for a need of a module checked alone (the one registration
  /// there that the module did not make): the check knows its name and nothing else,
  /// not its scope, isolation, argument or product, so it reports nothing about those.
  var standsForNeed: Bool { owner.moduleCheckedAlone != nil && site.module == nil }
}

/// Thrown by a need's stand-in when a module checked alone is resolved: the name
/// belongs to another module.
struct NeedOfModuleCheckedAlone: Error, CustomStringConvertible {
  let name: String
  let module: String

  var description: String {
    "'\(name)' is a need of \(module), registered by another module; a module checked alone "
      + "cannot make it"
  }
}
