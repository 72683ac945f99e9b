/// One problem ``Container/checkForErrors()`` found.
///
/// Its ``description`` is one line saying what is wrong, where, and how to fix it.
public enum ValidationProblem: Hashable, Sendable, CustomStringConvertible {
  /// A registration under a name that is empty or only white space.
  case blankName(String, site: RegistrationSite)
  /// A name registered more than once, with every site in registration order.
  case duplicateName(String, sites: [RegistrationSite])
  /// A ``ContainerModule`` (named) was installed more than once, at these sites; it
  /// registered its names the first time only.
  case duplicateModule(String, sites: [RegistrationSite])
  /// A name registered as `fooProvider` while `foo` is registered too, so the
  /// provider closure for `foo` and the registration clash.
  case nameCollision(String, site: RegistrationSite, baseName: String, baseSite: RegistrationSite)
  /// A provider registered with more than one scope option.
  case conflictingScopes(String, site: RegistrationSite, options: ProviderOptions)
  /// A provider that lists a blank name among its dependencies.
  case blankDependency(requiredBy: String, site: RegistrationSite)
  /// A dependency on a name nothing registers.
  case missingDependency(MissingDependency)
  /// An `@Inject` property of a provider's product that the dependency of the same
  /// name can never fill, because no value of the type that dependency declares can
  /// ever be cast to the property's type: the provider, its site and product type, the
  /// property and the type it holds, and the dependency's site and declared type.
  case injectTypeMismatch(
    String, site: RegistrationSite, productType: String, property: String,
    propertyType: String, dependencySite: RegistrationSite, dependencyType: String)
  /// An `@Inject` property of a provider's product that stays nil: the provider lists
  /// the property's provider closure (`accountProvider` for a property `account`) or the
  /// value of a property named like a provider closure, and never the property's own
  /// name, which alone fills it. The provider, its site and product type, the property,
  /// the name the provider lists instead, and the declaration that name would fill
  /// (`@Inject var accountProvider: (@MainActor () -> Account)?`).
  case unfilledInjectProperty(
    String, site: RegistrationSite, productType: String, property: String, listed: String,
    declaration: String)
  /// A dependency given as a key (``Dependency/key(_:)``) whose type the
  /// registration of its name can never provide, because no value of the type it
  /// declares can ever be cast to the key's type: the provider and its site, the
  /// dependency's name and key type, and the dependency's site and declared type.
  case keyTypeMismatch(
    String, site: RegistrationSite, dependency: String, keyType: String,
    dependencySite: RegistrationSite, dependencyType: String)
  /// A contribution to a collection (`plugins[1]`, at its site, making its declared
  /// product type) that is never of the element type a reader of the collection expects
  /// (the provider that reads it through a typed key or an `@Inject` property, and its
  /// site).
  case contributionTypeMismatch(
    String, site: RegistrationSite, productType: String, reader: String,
    readerSite: RegistrationSite, elementType: String)
  /// A synchronous provider that depends directly (not through a provider closure)
  /// on an async provider, which a synchronous resolution cannot make: the provider
  /// and its site, and the async dependency and its site.
  case synchronousDependsOnAsync(
    String, site: RegistrationSite, dependency: String, dependencySite: RegistrationSite)
  /// A synchronous provider that depends directly (not through a provider closure)
  /// on a synchronous provider whose creator is isolated to an actor the first one's
  /// resolution never runs on, so that no resolution of it can make the dependency:
  /// the provider, its site and where its creator runs, and the dependency, its site
  /// and its creator's actor. Where a creator runs is `"nonisolated"` (any thread),
  /// `"MainActor"`, or the name of the actor type it is isolated to.
  case isolationMismatch(
    String, site: RegistrationSite, isolation: String, dependency: String,
    dependencySite: RegistrationSite, dependencyIsolation: String)
  /// A provider whose declared product is a struct with `@Inject` properties, which
  /// the container refuses to inject because the struct's copies would share them:
  /// the provider, its site and product type, and the properties.
  case valueTypeWithInjectProperties(
    String, site: RegistrationSite, productType: String, properties: [String])
  /// A weak singleton whose creator is declared to return a type no value of which is
  /// a class instance, so that it can never be held weakly: the provider, its site and
  /// its declared product type.
  case weakSingletonOfValueType(String, site: RegistrationSite, productType: String)
  /// A cycle of direct dependencies, as a closed path such as `["a", "b", "a"]`
  /// rotated to start at its smallest name, with the registration site of each
  /// member (one fewer than the path's names: the first name is not repeated). The fix
  /// turns the edge back to the first name into a provider closure; when the product
  /// of that edge's dependent has an `@Inject` property named after the first name,
  /// `property` is the declaration that property then needs, such as
  /// `@Inject var accountProvider: (@MainActor () -> Account)?`.
  case cycle([String], sites: [RegistrationSite], property: String?)
  /// A provider depends directly on a provider whose creator takes an argument
  /// (of the named type), which only its provider closure passes.
  case dependsOnProviderWithArgument(
    String, site: RegistrationSite, dependency: String, dependencySite: RegistrationSite,
    argumentType: String)
  /// A closure slot that the provider closure it depends on cannot fill (an `@Inject`
  /// property of a provider's declared product type, a stored property of an
  /// `Injectable` one named like the dependency, or a dependency given as a key),
  /// whose closure type (`closureType`) is not one the provider closure `dependency` is
  /// made as. The provider and its site and product type, the kind of slot, the site of
  /// the registration whose provider closure `dependency` is, why the closure cannot
  /// have that type, and the closure type to use instead.
  case providerClosureMismatch(
    String, site: RegistrationSite, productType: String, slot: ClosureSlot, dependency: String,
    closureType: String, dependencySite: RegistrationSite, problem: String, offered: String)
  /// A hook (``Container/decorate(_:as:fileID:line:_:_:)``) of a name no provider is
  /// registered under in its container, so that it never runs: the name, the hook's site,
  /// and the closest registered name, when one is close.
  case hookWithoutProvider(String, site: RegistrationSite, suggestion: String?)
  /// A hook that takes a type no product of the name's provider ever has, so that it
  /// never runs: the name, the hook's site and type, and the provider's site and declared
  /// product type.
  case hookTypeMismatch(
    String, site: RegistrationSite, hookType: String, providerSite: RegistrationSite,
    productType: String)
  /// An override (``Container/override(_:with:fileID:line:)`` and its siblings) of a
  /// name nothing registers here or in an ancestor: the name, the override's site, and
  /// the closest registered name, if one is close. A test container reports such an
  /// override where it is made instead.
  case unknownOverride(String, site: RegistrationSite, suggestion: String?)
  /// An override whose declared type is never the type the registration it replaces
  /// declares: the name, the override's site and type, and the replaced registration's
  /// site and type.
  case overrideTypeMismatch(
    String, site: RegistrationSite, type: String, overriddenSite: RegistrationSite,
    overriddenType: String)

  /// Where the check found a closure slot.
  public enum ClosureSlot: Hashable, Sendable {
    /// An `@Inject` property of the product type.
    case injectProperty
    /// A stored property of an `Injectable` product type, named like the dependency.
    case injectableProperty
    /// A dependency given as a key (``Dependency/key(_:)``).
    case key
  }

  /// One line: what is wrong, where, and how to fix it.
  public var description: String {
    switch self {
    case .blankName(let name, let site):
      return "A blank name ('\(name)') is registered at \(site). Give it a name."
    case .duplicateName(let name, let sites):
      return "'\(name)' is registered \(sites.count) times, at \(ResolutionError.sites(sites)). "
        + "Remove or rename all but one."
    case .duplicateModule(let name, let sites):
      return "The module \(name) is installed \(sites.count) times, at "
        + "\(ResolutionError.sites(sites)); it registered its names the first time only. "
        + "Install it once."
    case .nameCollision(let name, let site, let baseName, let baseSite):
      return "'\(name)' (\(site)) is also the name of the provider closure for '\(baseName)' "
        + "(\(baseSite)). Rename one of them."
    case .conflictingScopes(let name, let site, let options):
      return "'\(name)' (\(site)) has " + ResolutionError.moreThanOneScope(options)
    case .blankDependency(let provider, let site):
      return "'\(provider)' (\(site)) depends on a blank name. Remove it from the dependencies "
        + "of '\(provider)'."
    case .missingDependency(let missing):
      return missing.problemDescription
    case .injectTypeMismatch(
      let provider, let site, let productType, let property, let propertyType,
      let dependencySite, let dependencyType):
      return "'\(provider)' (\(site)) makes \(productType), whose @Inject property '\(property)' "
        + "holds \(propertyType), but '\(property)' (\(dependencySite)) provides "
        + "\(dependencyType), which is never \(propertyType). Give the property the type "
        + "\(dependencyType) (or one of its protocols or superclasses), or register \(propertyType) "
        + "under '\(property)'."
    case .keyTypeMismatch(
      let provider, let site, let dependency, let keyType, let dependencySite,
      let dependencyType):
      return "'\(provider)' (\(site)) depends on Key<\(keyType)>(\"\(dependency)\"), but "
        + "'\(dependency)' (\(dependencySite)) provides \(dependencyType), which is never "
        + "\(keyType). Give the key the type \(dependencyType) (or one of its protocols or "
        + "superclasses), or register \(keyType) under '\(dependency)'."
    case .contributionTypeMismatch(
      let contribution, let site, let productType, let reader, let readerSite, let elementType):
      return "The contribution '\(contribution)' (\(site)) makes \(productType), which is never "
        + "\(elementType), the element type '\(reader)' (\(readerSite)) reads it as. Make the "
        + "contribution's creator return \(elementType), or read the collection as an array "
        + "of a type every contribution has."
    case .synchronousDependsOnAsync(let provider, let site, let dependency, let dependencySite):
      return "'\(provider)' (\(site)) is synchronous but depends on '\(dependency)' "
        + "(\(dependencySite)), whose creator is async, so value(forName:) cannot make it. "
        + "Register '\(provider)' with addAsyncProvider, or make '\(dependency)' at launch: "
        + "give it options: .madeAtLaunch and call makeSingletons() when the app starts."
    case .isolationMismatch(
      let provider, let site, let isolation, let dependency, let dependencySite,
      let dependencyIsolation):
      let runs =
        switch isolation {
        case "nonisolated": "runs on any thread"
        case "MainActor": "runs on the main actor"
        default: "is isolated to \(isolation)"
        }
      let other = dependencyIsolation == "MainActor" ? "the main actor" : dependencyIsolation
      return
        "'\(provider)' (\(site)) \(runs) but depends on '\(dependency)' (\(dependencySite)), "
        + "whose creator runs only on \(other): a resolution of '\(provider)' makes "
        + "'\(dependency)' where the creator of '\(provider)' runs, which is never \(other). "
        + "Register '\(dependency)' from nonisolated code (such as a nonisolated function), "
        + "register '\(provider)' from \(other) as well, or make '\(dependency)' at launch: "
        + "give it options: .madeAtLaunch and call makeSingletons() when the app starts."
    case .valueTypeWithInjectProperties(let provider, let site, let productType, let properties):
      return "'\(provider)' (\(site)) makes \(productType), a value type whose copies would share "
        + "its @Inject properties \(properties.map { "'\($0)'" }.joined(separator: ", ")), so "
        + "the container cannot inject it. Pass the dependencies to its initializer in the "
        + "creator, or make \(productType) a class."
    case .weakSingletonOfValueType(let provider, let site, let productType):
      return "'\(provider)' (\(site)) is a weak singleton, but its creator returns \(productType), "
        + "which cannot be held weakly. Return a class instance, or make '\(provider)' a "
        + "singleton."
    case .providerClosureMismatch(
      let provider, let site, let productType, let slot, let dependency, let closureType, _,
      let problem, let offered):
      return slot == .key
        ? "'\(provider)' (\(site)) depends on Key<\(closureType)>(\"\(dependency)\"), but "
          + "\(problem). Give the key the type \(offered)."
        : "'\(provider)' (\(site)) makes \(productType), whose "
          + "\(slot == .injectProperty ? "@Inject property" : "property") '\(dependency)' "
          + "holds \(closureType), but \(problem). Make the property hold \(offered)."
    case .unfilledInjectProperty(
      let provider, let site, let productType, let property, let listed, let declaration):
      return
        "'\(provider)' (\(site)) makes \(productType), whose @Inject property '\(property)' is "
        + "never filled: the container fills it only from a dependency named '\(property)', "
        + "and '\(provider)' lists '\(listed)' instead. "
        + (property.hasSuffix("Provider") && !listed.hasSuffix("Provider")
          ? "List '\(property)' instead of '\(listed)', or declare the property as "
          : "Declare the property as ")
        + "`\(declaration)`."
    case .cycle(let cycle, let sites, let property):
      return "Cycle: \(CycleText.chain(cycle, sites: sites)). "
        + CycleText.fix(cycle, property: property)
    case .unknownOverride(let name, let site, let suggestion):
      return "'\(name)' is overridden at \(site), but nothing registers it here or in an ancestor."
        + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " Override a registered "
        + "name, or register '\(name)' with addInstance or addProvider instead."
    case .overrideTypeMismatch(let name, let site, let type, let overriddenSite, let overridden):
      return
        "'\(name)' is overridden at \(site) with \(type), which is never \(overridden), the type "
        + "'\(name)' (\(overriddenSite)) is registered as. Override it with \(overridden), or "
        + "with a type that conforms to or inherits from \(overridden)."
    case .dependsOnProviderWithArgument(
      let provider, let site, let dependency, let dependencySite, let argumentType):
      return
        "'\(provider)' (\(site)) depends on '\(dependency)' (\(dependencySite)), whose creator "
        + "takes an argument of type \(argumentType). Depend on '\(dependency)Provider' and "
        + "call it with the argument."
    case .hookWithoutProvider(let name, let site, let suggestion):
      return "The hook of '\(name)' (\(site)) never runs: no provider is registered under "
        + "'\(name)' in its container."
        + (suggestion.map { " Did you mean '\($0)'?" }
          ?? " Register a provider under '\(name)' there, or remove the hook.")
    case .hookTypeMismatch(let name, let site, let hookType, let providerSite, let productType):
      return "The hook of '\(name)' (\(site)) takes \(hookType), but '\(name)' (\(providerSite)) "
        + "provides \(productType), which is never \(hookType), so the hook never runs. Make "
        + "it take \(productType) (or one of its protocols or superclasses)."
    }
  }
}
