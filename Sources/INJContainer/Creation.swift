import INJPrimitives

/// A product a container made, as its creation observer is told
/// (``Container/init(defaultScope:observingCreations:)``): for logging, and for a launch
/// report of what was made, in what order, and how long each creator took.
public struct Creation: Sendable {
  /// The name whose provider made the product (`plugins[1]` for a contribution to a
  /// collection).
  public let name: String
  /// How long the creator ran, in nanoseconds; an async creator's suspensions included.
  /// (In nanoseconds, not a `Duration`, which needs iOS 16.)
  public let nanoseconds: UInt64
  /// The actor the creator is isolated to, `MainActor` or an actor type's name; nil for
  /// a creator that runs on any thread.
  public let actor: String?
  /// Whether the creator returned on the main actor: on the main thread, or in a job of
  /// the main queue.
  public let isOnMainActor: Bool
}

extension Container {
  /// Creates an empty container that tells `observer` of each product its providers
  /// make, as their creators return (before injection and hooks), in the thread or task
  /// that made it.
  ///
  /// ```swift
  /// let container = Container { creation in
  ///   print("\(creation.name): \(creation.nanoseconds / 1_000) µs")
  /// }
  /// ```
  ///
  /// Its children (``makeChild()``) tell the same observer. A container without one pays
  /// nothing for this: its creators are not wrapped.
  ///
  /// - Parameters:
  ///   - defaultScope: The scope of providers registered without one (see
  ///     ``init(defaultScope:)``).
  ///   - observer: Told of each creation; it must return quickly, as the resolution
  ///     waits for it.
  public convenience init(
    defaultScope: ProviderOptions.For<Any> = [],
    observingCreations observer: @escaping @Sendable (Creation) -> Void
  ) {
    self.init(parent: nil, defaultScope: defaultScope.options, creationObserver: observer)
  }

  /// A provider's creators as they run here: each wrapped to tell the creation observer,
  /// when there is one.
  func observing(
    _ creator: Creator, _ asyncCreator: AsyncCreator?, name: String,
    isolation: CreatorIsolation
  ) -> (Creator, AsyncCreator?) {
    guard let observer = creationObserver else { return (creator, asyncCreator) }
    let actor = isolation == .nonisolated ? nil : Validation.name(of: isolation)
    // Called as `tell(CreationPace.now, try create(values))`: Swift evaluates arguments
    // from left to right, so the clock is read before the creator runs, and after it.
    let tell: @Sendable (UInt64, Resolved) -> Any = { start, product in
      observer(
        Creation(
          name: name, nanoseconds: CreationPace.now - start, actor: actor,
          isOnMainActor: MainActorCheck.isOnMainActor))
      return product.anyValue
    }
    guard let asyncCreator else {
      return (.value { values in tell(CreationPace.now, try creator.create(values)) }, nil)
    }
    return (
      creator, .value { values in tell(CreationPace.now, try await asyncCreator.create(values)) }
    )
  }
}
