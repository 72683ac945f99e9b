/// The actor a provider's creator is isolated to: the isolation of the code that
/// registered it (`#isolation`), since a creator closure written there inherits it.
///
/// A creator runs synchronously only where its actor runs, which the resolver can
/// tell for the main actor (see ``MainActorCheck``). For any other actor it cannot
/// tell without trapping, so it refuses.
@usableFromInline
enum CreatorIsolation: Sendable, Equatable {
  /// Registered from nonisolated code: the creator may run on any thread.
  case nonisolated
  /// Registered from main-actor code, or with `addMainActorProvider`.
  case mainActor
  /// Registered from code isolated to another actor: the actor's type name.
  case actor(String)

  /// The isolation of a creator registered from code isolated to `actor`.
  @usableFromInline
  init(_ actor: (any Actor)?) {
    guard let actor else {
      self = .nonisolated
      return
    }
    self =
      ObjectIdentifier(actor) == ObjectIdentifier(MainActor.shared)
      ? .mainActor : .actor(String(describing: type(of: actor)))
  }
}

/// A creator closure that Swift cannot prove `Sendable`, stored in a `Sendable`
/// provider.
///
/// Sound for what the resolver does with it, which depends on the provider's
/// ``CreatorIsolation``:
///
/// - `.mainActor`: the closure runs only after ``MainActorCheck/isOnMainActor``
///   said the calling thread is where the main actor runs, so whatever main-actor
///   state it captured is used where that state lives.
/// - `.actor`: the closure never runs synchronously.
/// - `.nonisolated`: the closure runs on whichever thread resolves. Swift checks
///   nothing it captured (a closure parameter that inherits the caller's actor
///   cannot also be `@Sendable` or `sending`). This is the one unchecked case,
///   documented for users: a creator written in nonisolated code must capture only
///   values that may be used from any thread, and writing `{ @Sendable values in … }`
///   has the compiler check that.
@usableFromInline
struct UncheckedCreator<Product>: @unchecked Sendable {
  @usableFromInline
  let create: (ResolvedValues) throws -> Product

  @inlinable
  init(_ create: @escaping (ResolvedValues) throws -> Product) {
    self.create = create
  }
}
