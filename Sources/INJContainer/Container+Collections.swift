import INJPrimitives
import INJReflection

extension Container {
  /// Adds a contribution to a collection (a plug-in): every contribution made under
  /// `collection` is made when the collection is resolved, and the collection's value
  /// is an array of their products, in registration order.
  ///
  /// ```swift
  /// container.contribute(to: "analyticsSinks") { _ in ConsoleSink() as any AnalyticsSink }
  /// container.contribute(to: "analyticsSinks", dependencies: ["http"]) { values in
  ///   HTTPSink(client: try values.value(forName: "http")) as any AnalyticsSink
  /// }
  /// let sinks = try container.value(forName: "analyticsSinks", as: [any AnalyticsSink].self)
  /// ```
  ///
  /// Each contribution is a provider of its own: its dependencies, options and site.
  /// ``checkForErrors()`` reports a missing name or a cycle through a contribution
  /// like any other (the contribution is named by the collection's name and its own
  /// site), and paths name it `analyticsSinks[1]`. The collection is made anew on each
  /// resolution; a singleton contribution gives the same object each time. Ask for the
  /// array with the element type the contributions share, a protocol, or `Any`;
  /// `analyticsSinksProvider` is a closure making a new array. A name that is both
  /// registered and contributed to is a duplicate. A child container's contributions
  /// make a collection of their own, which hides its ancestors' collection of the same
  /// name. A contribution with an `async` creator
  /// (``contributeAsync(to:dependencies:options:fileID:line:isolation:creator:)``) makes
  /// the collection one to resolve with ``asyncValue(forName:as:)``.
  ///
  /// - Parameters:
  ///   - collection: The collection's name.
  ///   - dependencies: The names the creator needs.
  ///   - options: The contribution's scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the contribution from its resolved dependencies.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  public func contribute<T>(
    to collection: String, dependencies: [String] = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping (ResolvedValues) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addProvider(
      collection, dependencies, options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self, creator: .erasing(creator),
      isContribution: true)
  }

  /// Adds a contribution whose creator is `async` to a collection: the collection is
  /// then resolved with ``asyncValue(forName:as:)``, which makes its contributions as
  /// it makes an async provider's dependencies (several slow async ones at once) and
  /// gives their products in registration order.
  ///
  /// - Parameters:
  ///   - collection: The collection's name.
  ///   - dependencies: The names the creator needs.
  ///   - options: The contribution's scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - isolation: The actor of the registering code; leave the default.
  ///   - creator: Makes the contribution from its resolved dependencies.
  public func contributeAsync<T>(
    to collection: String, dependencies: [String] = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    creator: @escaping @Sendable (ResolvedValues) async throws -> T
  ) {
    addProvider(
      collection, dependencies, options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self,
      asyncCreator: Creator.erasingAsync(creator),
      isContribution: true)
  }

  /// The contribution at `position` of the collection `name` resolves to, or nil when
  /// `name` is no collection.
  func contribution(to name: String, at position: Int) -> Registration? {
    guard let owner = lookup(name, hash: name.hashValue)?.retained.owner,
      let slot = owner.names.slot(named: name, hash: name.hashValue)
    else { return nil }
    let contributions = owner.withRegistry { $0.byName[slot.retained.id] }
    guard contributions.allSatisfy(\.isContribution), contributions.indices.contains(position)
    else { return nil }
    return contributions[position]
  }

  /// The registration a collection name resolves to: a provider whose product is the
  /// array of the contributions' products. Call with the registry lock held.
  ///
  /// A collection's provider depends on its contributions themselves, one dependency
  /// slot each (slots of no name in the table, each set to its contribution or to the
  /// value replacing it), so that the resolvers make them as they make any dependency:
  /// each cycle-checked, and, in an async request, stopping where another resolution
  /// holds a claim instead of blocking its thread. A collection with an async
  /// contribution is async itself, and its async contributions are made as an async
  /// provider's dependencies are (at once, when several are slow). It is made again
  /// when a contribution is added; a collection replaced is retired, as slots may still
  /// point at it.
  func collection(of slot: NameSlot, _ registry: inout Registry) -> Registration {
    let id = slot.id
    let contributions = registry.byName[id]
    let isAsync = contributions.contains { $0.registeredProvider?.asyncCreator != nil }
    if let existing = registry.collections[id], let provider = existing.provider {
      if (provider.asyncCreator != nil) == isAsync,
        provider.dependencies.count == contributions.count
      {
        return existing
      }
      registry.retired.append(existing)
    }
    let replaced = registry.replacedContributions[id] ?? [:]
    let parts = contributions.enumerated().map { position, contribution in
      let part = NameSlot(name: contribution.provider?.name ?? contribution.name, hash: 0, id: -1)
      part.setRegistration(
        replaced[position].map { replacement(of: contribution, by: $0, &registry) }
          ?? contribution)
      return part
    }
    let count = parts.count
    let collect: @Sendable (ResolvedValues) -> [Any] = { values in
      (0..<count).map { values.value(at: $0).anyValue }
    }
    // The contributions are the collection's dependencies, resolved as any provider's
    // are; an async one makes the collection async.
    let provider = Provider(
      name: slot.name, owner: self, dependencies: parts.map(\.name), dependencySlots: parts,
      options: .manualInit, isolation: .nonisolated,
      creator: isAsync ? .refusingSynchronousCreation : .value(collect),
      asyncCreator: isAsync ? .value { values in collect(values) } : nil,
      productType: [Any].self, dependenciesAreNames: false)
    let site = contributions.first?.site ?? RegistrationSite(fileID: "", line: 0)
    let made = Registration(slot: slot, site: site, owner: self, kind: .provider(provider))
    registry.collections[id] = made
    return made
  }

  /// The registration of a value that replaces `contribution` in its collection,
  /// kept alive for the container's lifetime.
  private func replacement(
    of contribution: Registration, by value: Resolved, _ registry: inout Registry
  ) -> Registration {
    let made = Registration(
      slot: names.internSlot(named: contribution.provider?.name ?? contribution.name),
      site: contribution.site, owner: self, kind: .instance(value, type: Any.self))
    registry.retired.append(made)
    return made
  }

  /// Replaces the contribution at `position` of the collection `name` has here by
  /// `value` (a test container's override of one contributor); false when `name` has no
  /// such contribution here.
  package func replaceContribution<T>(to name: String, at position: Int, with value: T) -> Bool {
    withRegistry { registry in
      guard let slot = names.slot(named: name, hash: name.hashValue)?.retained,
        case let own = registry.byName[slot.id], own.allSatisfy(\.isContribution),
        own.indices.contains(position)
      else { return false }
      let value = Resolved(value)
      registry.replacedContributions[slot.id, default: [:]][position] = value
      // A synchronous collection made already depends on the contribution's slot.
      if let collection = registry.collections[slot.id]?.provider,
        collection.dependencySlots.indices.contains(position)
      {
        collection.dependencySlots[position].setRegistration(
          replacement(of: own[position], by: value, &registry))
      }
      return true
    }
  }
}
