import INJReflection

extension Container {
  // MARK: Is it registered

  /// Whether `name` is registered here or in an ancestor: an instance, a provider of
  /// any kind, or `fooProvider` for a registered `foo`.
  ///
  /// ```swift
  /// if container.isRegistered("analytics") { … }
  /// ```
  ///
  /// A name registered with a problem (twice, say) is registered; resolving it throws
  /// the problem. A blank name is never registered. Nothing is resolved or created.
  ///
  /// To resolve a name that may be missing, ask first: only a missing name then
  /// gives nil, and every other failure (a missing dependency, a creator that throws,
  /// a value of another type) still throws, which `try?` would hide.
  ///
  /// ```swift
  /// let analytics =
  ///   container.isRegistered("analytics")
  ///   ? try container.value(forName: "analytics", as: Analytics.self) : nil
  /// ```
  ///
  /// - Parameter name: A name.
  /// - Returns: Whether resolving `name` finds a registration.
  public func isRegistered(_ name: String) -> Bool {
    !name.isBlank && lookup(name, hash: name.hashValue) != nil
  }

  // MARK: Listing

  /// Every registration, for tools and debugging: ancestors' first (outermost
  /// first), then this container's; in each container in registration order, then
  /// its overrides by name.
  ///
  /// ```swift
  /// for registration in container.registrations() {
  ///   print(registration)  // 'weatherClient': singleton provider of WeatherClient, …
  /// }
  /// ```
  ///
  /// Every call made is listed, duplicates and registrations with problems included;
  /// provider closures (`fooProvider`) are not registrations and are not listed.
  ///
  /// - Parameter includingAncestors: Whether to list the ancestors' registrations
  ///   too.
  /// - Returns: A description of each registration.
  public func registrations(includingAncestors: Bool = true) -> [RegistrationDescription] {
    let containers = includingAncestors ? lineage.reversed() : [self]
    var descriptions: [RegistrationDescription] = []
    for (index, container) in containers.enumerated() {
      let ancestry = containers.count - 1 - index
      descriptions += container.withRegistry { $0.everyRegistration }.map {
        RegistrationDescription($0.registration, isOverride: $0.isOverride, ancestry: ancestry)
      }
    }
    return descriptions
  }
}

/// One registration as ``Container/registrations(includingAncestors:)`` lists it: its
/// name, what it is, how it is shared, what it needs and where it was made.
public struct RegistrationDescription: Hashable, Sendable, CustomStringConvertible {
  /// What a registration is.
  public enum Kind: Hashable, Sendable {
    /// A ready value (`addInstance`).
    case instance
    /// A provider with a synchronous creator.
    case provider
    /// A provider with an `async` creator (`addAsyncProvider`).
    case asyncProvider
  }

  /// The actor a provider's creator runs on.
  public enum Isolation: Hashable, Sendable {
    /// Any thread.
    case nonisolated
    /// The main actor.
    case mainActor
    /// Another actor, by its type name.
    case actor(String)
  }

  /// The registered name.
  public var name: String
  /// What the registration is.
  public var kind: Kind
  /// The options it was registered with (empty for an instance).
  public var options: ProviderOptions = []
  /// The names a provider depends on, in order (empty for an instance).
  public var dependencies: [String] = []
  /// The type the creator declares (a provider) or the instance was registered as.
  public var typeName: String
  /// The actor a provider's creator runs on; nil for an instance.
  public var isolation: Isolation?
  /// Where it was registered.
  public var site: RegistrationSite
  /// Whether it replaces the name's other registrations: an override
  /// (``Container/override(_:with:fileID:line:)`` and its siblings, a test container's
  /// too), or an ancestor's provider copied into a child because it depends on a name the
  /// child overrides.
  public var isOverride: Bool
  /// Which container holds it: 0 for the one asked, 1 for its parent, and so on.
  public var ancestry: Int
  /// Whether it is a contribution to the collection of its name.
  public var isContribution: Bool

  /// Describes a registration, made in the container `ancestry` levels above the one
  /// asked.
  init(_ registration: Registration, isOverride: Bool, ancestry: Int) {
    name = registration.name
    site = registration.site
    self.isOverride = isOverride
    self.ancestry = ancestry
    isContribution = registration.isContribution
    if let provider = registration.registeredProvider {
      kind = provider.asyncCreator == nil ? .provider : .asyncProvider
      typeName = String(describing: provider.productType)
      options = provider.options
      dependencies = provider.dependencies
      isolation =
        switch provider.isolation {
        case .nonisolated: .nonisolated
        case .mainActor: .mainActor
        case .actor(let actor): .actor(actor.name)
        }
    } else {
      kind = .instance
      typeName = "?"
      if case .instance(_, let type) = registration.kind {
        typeName = String(describing: type)
      }
    }
  }

  /// `'weatherClient': singleton provider of WeatherClient, depends on 'configuration'
  /// (App/AppContainer.swift:12)`.
  public var description: String {
    var text = "'\(name)': "
    if isOverride { text += "override, " }
    if isContribution { text += "contribution, " }
    switch kind {
    case .instance:
      text += "instance of \(typeName)"
    case .provider, .asyncProvider:
      let scope =
        options.contains(.singleton)
        ? "singleton "
        : options.contains(.weakSingleton)
          ? "weak singleton "
          : options.contains(.objectGraph)
            ? "object-graph " : options.scopeName.map { "'\($0)'-scoped " } ?? ""
      let actor =
        switch isolation {
        case .mainActor: "main-actor "
        case .actor(let name): "\(name)-isolated "
        case .nonisolated, nil: ""
        }
      text += "\(scope)\(actor)\(kind == .asyncProvider ? "async " : "")provider of \(typeName)"
      if options.contains(.manualInit) { text += ", manual init" }
      if !dependencies.isEmpty {
        text += ", depends on " + dependencies.map { "'\($0)'" }.joined(separator: ", ")
      }
    }
    return text + " (\(site))"
  }
}
