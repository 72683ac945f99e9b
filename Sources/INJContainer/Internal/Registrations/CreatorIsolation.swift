/// The actor a provider's creator is isolated to: the isolation of the code that
/// registered it (`#isolation`), since a creator closure written there inherits it.
///
/// A creator runs synchronously only where its actor runs. The resolver can tell that
/// for the main actor (see ``MainActorCheck``), and for another actor while an async
/// resolution has hopped to it to run the creator (see
/// ``ThreadState/runningActor``); otherwise it refuses.
@usableFromInline
enum CreatorIsolation: Sendable, Equatable {
  /// Registered from nonisolated code: the creator may run on any thread.
  case nonisolated
  /// Registered from main-actor code.
  case mainActor
  /// Registered from code isolated to another actor.
  case actor(IsolatingActor)

  /// The isolation of a creator registered from code isolated to `actor`.
  @usableFromInline
  init(_ actor: (any Actor)?) {
    guard let actor else {
      self = .nonisolated
      return
    }
    self =
      ObjectIdentifier(actor) == ObjectIdentifier(MainActor.shared)
      ? .mainActor : .actor(IsolatingActor(actor))
  }

  /// Whether the creator is isolated to an actor other than the main actor.
  var isOtherActor: Bool {
    if case .actor = self { true } else { false }
  }
}

/// An actor other than the main actor that creators are isolated to: kept so that an
/// async resolution can hop to it, and named in errors.
@usableFromInline
struct IsolatingActor: Sendable, Equatable {
  /// The actor.
  let actor: any Actor
  /// The actor's type name, for errors.
  let name: String

  @usableFromInline
  init(_ actor: any Actor) {
    self.actor = actor
    name = String(describing: type(of: actor))
  }

  /// Identifies the actor, for ``ThreadState/runningActor``.
  var id: ObjectIdentifier { ObjectIdentifier(actor) }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
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
/// - `.actor`: the closure runs only while ``ThreadState/runningActor`` names its
///   actor: inside an async resolution's hop to that actor, which runs the
///   synchronous resolver without suspending, on the thread the actor runs on.
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
