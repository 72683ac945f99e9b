public import INJReflection

/// Why a name could not be resolved.
///
/// It names the innermost name that failed, the chain of names that led to it
/// (``path``), and for an unknown name the closest registered one. Its
/// ``description`` says what happened, where, and how to fix it:
///
/// ```
/// Cannot resolve 'productsListViewController': nothing is registered under
/// 'productServise', which 'productsListViewController' depends on. Did you mean
/// 'productsService'? Path: productsListViewController → productServise.
/// ```
///
/// A failed resolution leaves the container as it was; later resolutions work.
public struct ResolutionError: Error, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable {
    /// Nothing is registered under the name.
    case unknownName
    /// A creator asked its ``ResolvedValues`` for a name that is not one of its
    /// provider's dependencies.
    case notADependency(provider: String, dependencies: [String])
    /// The dependencies lead back to a name already being resolved; the cycle as a
    /// closed path rotated to start at its smallest name, such as `["a", "b", "a"]`,
    /// as ``ValidationError/cycles`` has it.
    case cycle([String])
    /// A creator threw.
    case creatorFailed(any Error)
    /// A hook of the name (``Container/decorate(_:as:fileID:line:_:_:)``), registered at
    /// `site`, threw the error, or could not run where the product was made.
    case hookFailed(site: RegistrationSite, any Error)
    /// The value is not of the type asked for.
    case typeMismatch(expected: String, actual: String)
    /// A collection was asked for as an array of a type that one of its contributions
    /// is not: the array type asked for, the contribution (`plugins[1]`), its site, and
    /// the type of what it made.
    case contributionTypeMismatch(
      expected: String, contribution: String, site: RegistrationSite, actual: String)
    /// A provider closure was asked for with a result type that no product of the
    /// provider's declared product type can ever be cast to: the closure type
    /// requested, and the product type.
    case providerClosureMismatch(requested: String, productType: String)
    /// A provider closure that could be called off the main actor was asked for, but
    /// the provider makes its products on the main actor: the closure type
    /// requested, and the main-actor closure type it offers instead.
    case mainActorProviderClosure(requested: String, offered: String)
    /// A synchronous provider closure was asked for, but the provider's creator is
    /// async: the closure type requested, and the async closure type it offers.
    case asyncProviderClosure(requested: String, offered: String)
    /// A provider closure of a shape the provider does not make was asked for: with an
    /// argument its creator does not take, without the one it takes, or with a feature
    /// no provider closure has (such as typed throws). The closure type requested, the
    /// closure type offered instead, and what is wrong with the requested one.
    case providerClosureShape(requested: String, offered: String, problem: String)
    /// Injecting the product's properties failed.
    case injectionFailed(InjectionError)
    /// The name is registered `count` times; `sites` are where the first ones were made
    /// (at most ten, the ones the description lists).
    case duplicateName(sites: [RegistrationSite], count: Int)
    /// The name is registered and is also the provider-closure name of another
    /// registration (`fooProvider` and `foo`); the other name.
    case nameCollision(with: String)
    /// The name is empty or only white space.
    case blankName
    /// The provider was registered with more than one scope option.
    case conflictingScopes(ProviderOptions)
    /// The creator is main-actor isolated and the resolution ran elsewhere: the site
    /// of the registration that made it so (main-actor code, such as top-level code,
    /// a `@MainActor` function or a main-actor-by-default target).
    case notOnMainActor(registeredAt: RegistrationSite?)
    /// The creator is isolated to another actor (named), which a synchronous
    /// resolution cannot enter; ``Container/asyncValue(forName:as:)`` runs it there.
    case notOnActor(String)
    /// The creator is async (registered with `addAsyncProvider`): only an async
    /// resolution can run it.
    case requiresAsync
    /// The creator is async and the singleton is made at launch
    /// (``ProviderOptions/madeAtLaunch``), but a synchronous resolution needed it
    /// before ``Container/makeSingletons(named:)`` made it.
    case notMadeAtLaunch
    /// The creator takes an argument (of the named type) that only the name's
    /// provider closure passes: the name was resolved, or depended on, directly.
    case requiresArgument(String)
    /// An async request is making the product and is suspended, waiting for another
    /// creation (named); a synchronous resolution on the main thread or in a task does
    /// not wait for it, as the request may need that thread to go on.
    case madeBySuspendedRequest(awaiting: String)
    /// A provider closure was called after its container was released.
    case containerReleased
    /// A weak singleton's creator returned a value that is not a class instance.
    case notAnObject(type: String)
    /// Something watching the container (such as a strict test container) refused
    /// the name, saying why.
    case refused(String)
  }

  /// The innermost name whose resolution failed.
  public var name: String
  /// The requested name, then each dependency down to ``name``, inclusive.
  public var path: [String]
  /// For an unknown name, the closest registered name, when one is close.
  public var suggestion: String?
  /// What went wrong.
  public var reason: Reason
  /// Whether ``path`` is only the creator's own name and the name it asked for,
  /// still to be completed with the resolution's path.
  var isLocalToCreator = false
  /// For a cycle, the declaration the fix asks of an `@Inject` property, if any (see
  /// ``ValidationProblem/cycle(_:sites:property:)``).
  var cycleProperty: String?
  /// For a type mismatch of an array of values of any type, the position and type of
  /// the first element that is not of the element type asked for: the contribution to
  /// name, when the array is a collection's.
  var mismatchedElement: (position: Int, type: String)?

  /// The error a creator threw, or the injection error, when there is one.
  public var underlyingError: (any Error)? {
    switch reason {
    case .creatorFailed(let error), .hookFailed(_, let error): error
    case .injectionFailed(let error): error
    default: nil
    }
  }

  /// What happened, where, and how to fix it, in one paragraph.
  public var description: String {
    // A cycle is shown once: the path only says how the resolution got to it.
    var shown = path[...]
    if case .cycle(let cycle) = reason {
      shown = path.prefix((path.firstIndex(where: cycle.contains) ?? 0) + 1)
    }
    return "Cannot resolve '\(path.first ?? name)'" + detail
      + (shown.count > 1 ? " Path: \(shown.joined(separator: " → "))." : "")
  }

  /// What went wrong and how to fix it: the description after the requested name.
  private var detail: String {
    let requested = path.first ?? name
    // The name that depends on `name`, if any.
    let parent = path.count > 1 ? path[path.count - 2] : nil
    // How a request for `name` as a type is said, with what is wrong with it.
    func asked(_ problem: String, as type: String) -> String {
      parent.map { ": the creator of '\($0)' asked for '\(name)' as \(type), but \(problem)" }
        ?? " as \(type): \(problem)"
    }
    // The element type of an array type spelled `Array<Element>`.
    func element(of type: String) -> String {
      type.hasPrefix("Array<") ? String(type.dropFirst("Array<".count).dropLast()) : type
    }
    // The text of a name that is also the provider-closure name of `base`.
    func collision(closure: String, base: String) -> String {
      ": '\(closure)' is registered, and is also the name of the provider closure for "
        + "'\(base)'. Rename one of them."
    }
    // `text`, ending with a period.
    func sentence(_ text: String) -> String { text.hasSuffix(".") ? text : text + "." }
    let base = Container.baseName(ofProviderClosure: name) ?? name
    return switch reason {
    case .unknownName:
      if let parent {
        ": nothing is registered under '\(name)', which '\(parent)' depends on."
          + (suggestion.map { " Did you mean '\($0)'?" }
            ?? " Register '\(name)', or remove it from the dependencies of '\(parent)'.")
      } else {
        ": nothing is registered under that name."
          + (suggestion.map { " Did you mean '\($0)'?" } ?? " Register it first.")
      }
    case .notADependency(let provider, let dependencies):
      ": the creator of '\(provider)' asked for '\(name)', which is not one of its dependencies "
        + "(\(dependencies.isEmpty ? "it has none" : dependencies.joined(separator: ", ")))."
        + (suggestion.map { " Did you mean '\($0)'?" }
          ?? " Add '\(name)' to the dependencies of '\(provider)'.")
    case .cycle(let cycle):
      ": its dependencies form a cycle, \(CycleText.chain(cycle)). "
        + CycleText.fix(cycle, property: cycleProperty)
    case .contributionTypeMismatch(let expected, let contribution, let site, let actual):
      asked(
        "its contribution '\(contribution)' (\(site)) made \(actual), which is not "
          + "\(element(of: expected)). Make that contribution's creator return "
          + "\(element(of: expected)), or ask for an array of a type every contribution has.",
        as: expected)
    case .madeBySuspendedRequest(let awaited):
      ": an async request is making '\(name)' and is suspended until '\(awaited)' is made, so "
        + "waiting for it here could hold the thread it needs to go on. Resolve '\(requested)' "
        + "with asyncValue, or make '\(name)' with makeSingletons() before resolving it "
        + "synchronously."
    case .creatorFailed(let error):
      sentence(": the creator of '\(name)' threw an error: \(error)")
    case .hookFailed(let site, let error):
      sentence(
        ": the hook of '\(name)' (\(site)) "
          + (error is HookOffItsActor ? "cannot run: " : "threw an error: ") + "\(error)")
    case .typeMismatch(let expected, let actual):
      asked(
        "it is of type \(actual). Ask for \(actual) (or one of its protocols or superclasses), "
          + "or register a value of type \(expected) under '\(name)'.", as: expected)
    case .asyncProviderClosure(let requested, let offered):
      asked(
        "the creator of '\(base)' is async, so its provider closure is \(offered). Ask for "
          + "\(offered).", as: requested)
    case .mainActorProviderClosure(let requested, let offered):
      asked(
        "'\(base)' is made on the main actor, so its provider closure is \(offered), which only "
          + "the main actor can call. Ask for \(offered).", as: requested)
    case .providerClosureMismatch(let requested, let productType):
      asked(
        "'\(base)' provides \(productType), which a closure of that type cannot return. Ask for "
          + "a closure returning \(productType) or one of its protocols or superclasses, or have "
          + "'\(base)' provide what the closure returns.", as: requested)
    case .providerClosureShape(let requested, let offered, let problem):
      asked("\(problem). Ask for \(offered).", as: requested)
    case .injectionFailed(let error):
      ": injecting the properties of '\(name)' failed. \(error)"
    case .duplicateName(let sites, let count):
      ": '\(name)' is registered \(count) times, at \(Self.sites(sites, count: count)). "
        + "Remove or rename all but one."
    case .nameCollision(let other):
      name.hasSuffix("Provider")
        ? collision(closure: name, base: other) : collision(closure: other, base: name)
    case .blankName:
      if let parent {
        ": '\(parent)' depends on a blank name ('\(name)'). Remove it from the "
          + "dependencies of '\(parent)'."
      } else {
        ": names must not be empty or only white space."
      }
    case .conflictingScopes(let options):
      ": '\(name)' was registered with " + Self.moreThanOneScope(options)
    case .notOnMainActor(let site):
      " off the main actor: the creator of '\(name)' runs on the main actor, because it "
        + "was registered from main-actor code"
        + (site.map { ", at \($0)" } ?? "")
        + ". Resolve it from the main actor or with asyncValue(forName:as:), which runs it "
        + "there; or, if it needs no main-actor state, register it from a nonisolated "
        + "function, whose creators run on any thread."
    case .notOnActor(let actor):
      ": the creator of '\(name)' is isolated to \(actor), the actor of the code that "
        + "registered it, and a synchronous resolution cannot run it there. "
        + (parent.map { parent in
          // The dependent's own resolution runs the creator, wherever it was asked for.
          "'\(parent)' depends on it directly, so resolving '\(parent)' makes it. Register "
            + "'\(name)' from nonisolated code (such as a nonisolated function), register "
            + "'\(parent)' from \(actor) too, or make '\(name)' a singleton made at launch "
            + "(options: .madeAtLaunch, and makeSingletons() when the app starts)."
        }
          ?? "Resolve it with asyncValue(forName:as:), which runs it on \(actor), or register "
          + "'\(name)' from nonisolated code (such as a nonisolated function) or from the "
          + "main actor.")
    case .requiresArgument(let argumentType):
      ": the creator of '\(name)' takes an argument of type \(argumentType), which only "
        + "its provider closure passes. Resolve '\(name)Provider', a closure taking "
        + "\(argumentType), and call it with the argument"
        + (parent.map { ", or make '\($0)' depend on '\(name)Provider'" } ?? "") + "."
    case .notMadeAtLaunch:
      ": '\(name)' is an async singleton made at launch, and the launch has not made it "
        + "yet. Call try await container.makeSingletons() when the app starts, before "
        + "resolving synchronously what depends on '\(name)'"
        + (parent == nil ? "" : ", or resolve '\(requested)' with asyncValue(forName:as:)") + "."
    case .requiresAsync:
      ": the creator of '\(name)' is async, so a synchronous resolution cannot make it. "
        + "Resolve it with asyncValue(forName:as:)"
        + (parent.map { ", or register '\($0)' with addAsyncProvider" } ?? "") + "."
    case .containerReleased:
      " through a provider closure: its container no longer exists. Keep the container "
        + "alive while its provider closures are in use."
    case .refused(let why):
      ": \(why)"
    case .notAnObject(let type):
      ": '\(name)' is a weak singleton, but its creator returned a value of type \(type), "
        + "which cannot be held weakly. Return a class instance, or make '\(name)' a "
        + "singleton."
    }
  }

  /// The most sites a duplicate's report lists; the rest are counted.
  static let listedSiteLimit = 10

  /// `A.swift:1`, `A.swift:1 and A.swift:2`, `A.swift:1, A.swift:2 and A.swift:3`, or for
  /// more than ``listedSiteLimit`` sites, the first ones and a count: `A.swift:1, …,
  /// A.swift:10 and 90 more sites`; `count` sites in all, of which `sites` holds at least
  /// the first ones.
  static func sites(_ sites: [RegistrationSite], count: Int? = nil) -> String {
    let count = count ?? sites.count
    var texts = sites.prefix(listedSiteLimit).map(\.description)
    let more = count > listedSiteLimit ? "\(count - listedSiteLimit) more sites" : nil
    guard let last = more ?? texts.popLast() else { return "" }
    return texts.isEmpty ? last : texts.joined(separator: ", ") + " and " + last
  }

  /// What a check and a resolution say of a provider registered with the scope options
  /// among `options` (by name: `singleton`, `madeAtLaunch`, …), and how to fix it.
  static func moreThanOneScope(_ options: ProviderOptions) -> String {
    let named: KeyValuePairs<ProviderOptions, String> = [
      .singleton: "singleton", .madeAtLaunch: "madeAtLaunch", .weakSingleton: "weakSingleton",
      .objectGraph: "objectGraph",
    ]
    let names =
      named.filter { options.contains($0.key) }.map(\.value)
      + (options.scopeName.map { ["scope(\"\($0)\")"] } ?? [])
      + (options.contains(.conflictingNamedScopes) ? ["another scope(_:)"] : [])
    return "more than one scope (\(names.joined(separator: ", "))). Give it at most one of "
      + ".singleton, .weakSingleton, .objectGraph and .scope(_:)."
  }
}
