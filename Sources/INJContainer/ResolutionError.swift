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
  var mismatchedElement: MismatchedElement?

  /// An element of an array that is not of the element type asked for.
  struct MismatchedElement: Sendable {
    /// The element's position.
    let position: Int
    /// The element's type.
    let type: String
  }

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - name: The innermost name whose resolution failed.
  ///   - path: The requested name down to `name`, inclusive.
  ///   - suggestion: The closest registered name, if any is close.
  ///   - reason: What went wrong.
  init(name: String, path: [String], suggestion: String? = nil, reason: Reason) {
    self.name = name
    self.path = path
    self.suggestion = suggestion
    self.reason = reason
  }

  /// The error a creator threw, or the injection error, when there is one.
  public var underlyingError: (any Error)? {
    switch reason {
    case .creatorFailed(let error): error
    case .injectionFailed(let error): error
    default: nil
    }
  }

  /// What happened, where, and how to fix it, in one paragraph.
  public var description: String {
    let requested = path.first ?? name
    let parent = path.count > 1 ? path[path.count - 2] : nil
    var text = "Cannot resolve '\(requested)'"
    // How a request for `name` as a type is said, with what is wrong with it.
    func asked(as type: String, _ problem: String) -> String {
      parent.map { ": the creator of '\($0)' asked for '\(name)' as \(type), but \(problem)" }
        ?? " as \(type): \(problem)"
    }
    let base = Container.baseName(ofProviderClosure: name) ?? name
    switch reason {
    case .unknownName:
      if let parent {
        text += ": nothing is registered under '\(name)', which '\(parent)' depends on."
        text +=
          suggestion.map { " Did you mean '\($0)'?" }
          ?? " Register '\(name)', or remove it from the dependencies of '\(parent)'."
      } else {
        text += ": nothing is registered under that name."
        text += suggestion.map { " Did you mean '\($0)'?" } ?? " Register it first."
      }
    case .notADependency(let provider, let dependencies):
      let listed = dependencies.isEmpty ? "it has none" : dependencies.joined(separator: ", ")
      text +=
        ": the creator of '\(provider)' asked for '\(name)', which is not one of its "
        + "dependencies (\(listed))."
      text +=
        suggestion.map { " Did you mean '\($0)'?" }
        ?? " Add '\(name)' to the dependencies of '\(provider)'."
    case .cycle(let cycle):
      text +=
        ": its dependencies form a cycle, \(CycleText.chain(cycle)). "
        + CycleText.fix(cycle, property: cycleProperty)
    case .contributionTypeMismatch(let expected, let contribution, let site, let actual):
      let element =
        expected.hasPrefix("Array<")
        ? String(expected.dropFirst("Array<".count).dropLast()) : expected
      text += asked(
        as: expected,
        "its contribution '\(contribution)' (\(site)) made \(actual), which is not \(element). "
          + "Make that contribution's creator return \(element), or ask for an array of a type "
          + "every contribution has.")
    case .madeBySuspendedRequest(let awaited):
      text +=
        ": an async request is making '\(name)' and is suspended until '\(awaited)' is made, so "
        + "waiting for it here could hold the thread it needs to go on. Resolve '\(requested)' "
        + "with asyncValue, or make '\(name)' with makeSingletons() before resolving it "
        + "synchronously."
    case .creatorFailed(let error):
      let detail = String(describing: error)
      text += ": the creator of '\(name)' threw an error: \(detail)"
      text += detail.hasSuffix(".") ? "" : "."
    case .typeMismatch(let expected, let actual):
      text += asked(
        as: expected,
        "it is of type \(actual). Ask for \(actual) (or one of its protocols or superclasses), "
          + "or register a value of type \(expected) under '\(name)'.")
    case .asyncProviderClosure(let requested, let offered):
      text += asked(
        as: requested,
        "the creator of '\(base)' is async, so its provider closure is \(offered). Ask for "
          + "\(offered).")
    case .mainActorProviderClosure(let requested, let offered):
      text += asked(
        as: requested,
        "'\(base)' is made on the main actor, so its provider closure is \(offered), which only "
          + "the main actor can call. Ask for \(offered).")
    case .providerClosureMismatch(let requested, let productType):
      text += asked(
        as: requested,
        "'\(base)' provides \(productType), which a closure of that type cannot return. Ask for "
          + "a closure returning \(productType) or one of its protocols or superclasses, or have "
          + "'\(base)' provide what the closure returns.")
    case .providerClosureShape(let requested, let offered, let problem):
      text += asked(as: requested, "\(problem). Ask for \(offered).")
    case .injectionFailed(let error):
      text += ": injecting the properties of '\(name)' failed. \(error)"
    case .duplicateName(let sites, let count):
      text +=
        ": '\(name)' is registered \(count) times, at \(Self.sites(sites, count: count)). "
        + "Remove or rename all but one."
    case .nameCollision(let other):
      let (closure, base) = name.hasSuffix("Provider") ? (name, other) : (other, name)
      text +=
        ": '\(closure)' is registered, and is also the name of the provider closure for "
        + "'\(base)'. Rename one of them."
    case .blankName:
      if let parent {
        text +=
          ": '\(parent)' depends on a blank name ('\(name)'). Remove it from the "
          + "dependencies of '\(parent)'."
      } else {
        text += ": names must not be empty or only white space."
      }
    case .conflictingScopes(let options):
      text +=
        ": '\(name)' was registered with more than one scope "
        + "(\(Self.scopeNames(options).joined(separator: ", "))). Give it at most one of "
        + ".singleton, .weakSingleton and .objectGraph."
    case .notOnMainActor(let site):
      text +=
        " off the main actor: the creator of '\(name)' runs on the main actor, because it "
        + "was registered from main-actor code"
        + (site.map { ", at \($0)" } ?? "")
        + ". Resolve it from the main actor or with asyncValue(forName:as:), which runs it "
        + "there; or, if it needs no main-actor state, register it from a nonisolated "
        + "function, whose creators run on any thread."
    case .notOnActor(let actor):
      text +=
        ": the creator of '\(name)' is isolated to \(actor), the actor of the code that "
        + "registered it, and a synchronous resolution cannot run it there. "
      if let parent {
        // The dependent's own resolution runs the creator, wherever it was asked for.
        text +=
          "'\(parent)' depends on it directly, so resolving '\(parent)' makes it. Register "
          + "'\(name)' from nonisolated code (such as a nonisolated function), register "
          + "'\(parent)' from \(actor) too, or make '\(name)' a singleton made at launch "
          + "(options: .madeAtLaunch, and makeSingletons() when the app starts)."
      } else {
        text +=
          "Resolve it with asyncValue(forName:as:), which runs it on \(actor), or register "
          + "'\(name)' from nonisolated code (such as a nonisolated function) or from the "
          + "main actor."
      }
    case .requiresArgument(let argumentType):
      text +=
        ": the creator of '\(name)' takes an argument of type \(argumentType), which only "
        + "its provider closure passes. Resolve '\(name)Provider', a closure taking "
        + "\(argumentType), and call it with the argument"
      if let parent {
        text += ", or make '\(parent)' depend on '\(name)Provider'"
      }
      text += "."
    case .notMadeAtLaunch:
      text +=
        ": '\(name)' is an async singleton made at launch, and the launch has not made it "
        + "yet. Call try await container.makeSingletons() when the app starts, before "
        + "resolving synchronously what depends on '\(name)'"
      if path.count > 1 {
        text += ", or resolve '\(requested)' with asyncValue(forName:as:)"
      }
      text += "."
    case .requiresAsync:
      text +=
        ": the creator of '\(name)' is async, so a synchronous resolution cannot make it. "
        + "Resolve it with asyncValue(forName:as:)"
      if let parent {
        text += ", or register '\(parent)' with addAsyncProvider"
      }
      text += "."
    case .containerReleased:
      text +=
        " through a provider closure: its container no longer exists. Keep the container "
        + "alive while its provider closures are in use."
    case .refused(let why):
      text += ": \(why)"
    case .notAnObject(let type):
      text +=
        ": '\(name)' is a weak singleton, but its creator returned a value of type \(type), "
        + "which cannot be held weakly. Return a class instance, or make '\(name)' a "
        + "singleton."
    }
    if case .cycle(let cycle) = reason {
      // The cycle is shown once: the path only says how the resolution got to it.
      if let entered = path.firstIndex(where: cycle.contains), entered > 0 {
        text += " Path: \(path[...entered].joined(separator: " → "))."
      }
    } else if path.count > 1 {
      text += " Path: \(path.joined(separator: " → "))."
    }
    return text
  }

  /// The most sites a duplicate's report lists; the rest are counted.
  static let listedSiteLimit = 10

  /// `A.swift:1 and A.swift:2`, or for more than ``listedSiteLimit`` sites, the first
  /// ones and a count: `A.swift:1, …, A.swift:10 and 90 more sites`; `count` sites in
  /// all, of which `sites` holds at least the first ones.
  static func sites(_ sites: [RegistrationSite], count: Int? = nil) -> String {
    let count = count ?? sites.count
    guard count > listedSiteLimit else { return list(sites) }
    return sites.prefix(listedSiteLimit).map(\.description).joined(separator: ", ")
      + " and \(count - listedSiteLimit) more sites"
  }

  /// `a`, `a and b`, `a, b and c`.
  static func list(_ items: [some CustomStringConvertible]) -> String {
    let texts = items.map(\.description)
    guard let last = texts.last else { return "" }
    return texts.count == 1 ? last : texts.dropLast().joined(separator: ", ") + " and " + last
  }

  static func scopeNames(_ options: ProviderOptions) -> [String] {
    var names: [String] = []
    if options.contains(.singleton) { names.append("singleton") }
    if options.contains(.madeAtLaunch) { names.append("madeAtLaunch") }
    if options.contains(.weakSingleton) { names.append("weakSingleton") }
    if options.contains(.objectGraph) { names.append("objectGraph") }
    return names
  }
}
