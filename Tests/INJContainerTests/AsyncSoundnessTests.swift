import Foundation
import INJReflection
import Testing

// Internals, to know when a task waits: `waitingTasks(forSingleton:in:)`.
@testable import INJContainer

/// A session object of the async soundness tests.
final class Session: Sendable {
  let id: Int
  init(id: Int = 0) { self.id = id }
}

/// A task another one hands over, kept until the test asks for it.
final class KeptTask<Success: Sendable>: Sendable {
  private let task = Locked<Task<Success, any Error>?>(nil)

  func keep(_ task: Task<Success, any Error>) {
    self.task.withLock { $0 = task }
  }

  var value: Success {
    get async throws {
      while true {
        if let task = task.withLock({ $0 }) { return try await task.value }
        try await Task.sleep(for: .milliseconds(1))
      }
    }
  }
}

/// A one-way signal tasks poll.
final class Signal: Sendable {
  private let state = Locked(false)

  func raise() { state.withLock { $0 = true } }
  var isRaised: Bool { state.withLock { $0 } }

  /// Suspends until raised.
  func wait() async throws {
    while !isRaised { try await Task.sleep(for: .milliseconds(1)) }
  }
}

/// A creator's own error for cancellation, as `URLSession` throws `URLError(.cancelled)`.
struct Interrupted: Error, CustomStringConvertible {
  var description: String { "interrupted" }
}

/// An object a transient provider hands out again and again, as a cache does, with a
/// property its injection fills.
final class CachedScreen: Injectable, @unchecked Sendable {
  // `session` is written only by injection, which the container claims for a product
  // others may hold: one task or thread at a time. The gauge and counter lock.
  var session: Session? {
    // An `inout` access writes the property back even when nothing changed.
    didSet { if session !== oldValue { fills.increment() } }
  }
  let fills = Counter()
  let injections = CreationGauge()

  func injectProperties(_ injector: inout PropertyInjector) throws {
    injections.begin()
    defer { injections.end() }
    if session == nil {
      // Widens the window in which a second injection at the same time would find the
      // property still nil and fill it again.
      Thread.sleep(forTimeInterval: 0.002)
    }
    try injector.inject(&session, named: "session")
  }
}

/// How many tasks wait for another task's creation of the async singleton `name`.
func waitingTasks(forSingleton name: String, in container: Container) -> Int {
  let registration = container.lookup(name, hash: name.hashValue)?.takeUnretainedValue()
  return registration?.provider?.asyncShared?.waitingTaskCount ?? 0
}

/// Suspends until `count` tasks wait for the creation of the async singleton `name`.
func untilWaiting(_ count: Int, forSingleton name: String, in container: Container) async throws {
  while waitingTasks(forSingleton: name, in: container) < count {
    try await Task.sleep(for: .milliseconds(1))
  }
}

/// A task whose end can be awaited with a deadline, so that a test fails, not hangs,
/// when it never ends.
final class WatchedTask<Success: Sendable>: Sendable {
  let task: Task<Success, any Error>
  private let ended: Signal

  init(_ body: @escaping @Sendable () async throws -> Success) {
    let ended = Signal()
    self.ended = ended
    task = Task {
      defer { ended.raise() }
      return try await body()
    }
  }

  func cancel() { task.cancel() }

  /// The task's result, or nil when it has not ended within `limit` (generous: a
  /// busy machine may keep a task from running for seconds).
  func result(within limit: Duration = .seconds(20)) async -> Result<Success, any Error>? {
    let deadline = ContinuousClock.now + limit
    while !ended.isRaised {
      guard ContinuousClock.now < deadline else { return nil }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return await task.result
  }
}

/// Async resolution where tasks meet: tasks started by creators, cancelled owners and
/// waiters, shared objects, and waits that do not block a thread.
@Suite("Async soundness")
struct AsyncSoundnessTests {
  // MARK: Tasks started by creators

  @Test(arguments: [false, true])
  func aTaskACreatorLeftRunningAsksAsANewRequestOnceTheCreationEnded(
    isSingleton: Bool
  ) async throws {
    let container = Container()
    let creationEnded = Signal()
    let background = KeptTask<Session>()
    let made = Locked(0)
    container.addAsyncProvider(
      forName: "session", options: isSingleton ? .singleton : []
    ) { [unowned container] _ in
      let id = made.withLock { $0 += 1; return $0 }
      if id == 1 {
        background.keep(
          Task {
            try await creationEnded.wait()
            return try await container.asyncValue(forName: "session", as: Session.self)
          })
      }
      return Session(id: id)
    }
    let session = try await container.asyncValue(forName: "session", as: Session.self)
    creationEnded.raise()
    // Not a cycle "session → session": the creation that started the task has ended.
    let later = try await background.value
    #expect(isSingleton ? later === session : later.id == 2)
  }

  @Test func aTaskACreatorLeftRunningGetsObjectGraphProductsOfItsOwn() async throws {
    let container = Container()
    let made = Locked(0)
    container.addAsyncProvider(forName: "unitOfWork", options: .objectGraph) { _ in
      Session(id: made.withLock { $0 += 1; return $0 })
    }
    let creationEnded = Signal()
    let background = KeptTask<Session>()
    container.addAsyncProvider(forName: "screen", dependencies: ["unitOfWork"]) {
      [unowned container] values in
      background.keep(
        Task {
          try await creationEnded.wait()
          return try await container.asyncValue(forName: "unitOfWork", as: Session.self)
        })
      return try values.value(forName: "unitOfWork", as: Session.self)
    }
    let first = try await container.asyncValue(forName: "screen", as: Session.self)
    creationEnded.raise()
    let later = try await background.value
    #expect(first.id == 1)
    #expect(later.id == 2)
  }

  @Test func aTaskACreatorAwaitsIsPartOfTheCreation() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "a", options: .singleton) { [unowned container] _ in
      try await Task { try await container.asyncValue(forName: "b", as: Session.self) }.value
    }
    container.addAsyncProvider(forName: "b", options: .singleton) { [unowned container] _ in
      try await container.asyncValue(forName: "a", as: Session.self)
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "a", as: Session.self)
    }
    #expect(error?.reason.cycleNames == ["a", "b", "a"])
  }

  // MARK: Cancellation

  @Test func aWaiterTakesOverWhenTheCancelledOwnersCreatorThrowsItsOwnError() async throws {
    let container = Container()
    let attempts = Locked(0)
    let firstStarted = Signal()
    container.addAsyncProvider(forName: "store", options: .singleton) { _ in
      let attempt = attempts.withLock { $0 += 1; return $0 }
      if attempt == 1 {
        firstStarted.raise()
        do {
          try await Task.sleep(for: .seconds(600))
        } catch {
          throw Interrupted()
        }
      }
      return Session(id: attempt)
    }
    let owner = Task { try await container.asyncValue(forName: "store", as: Session.self) }
    try await firstStarted.wait()
    let waiter = WatchedTask { try await container.asyncValue(forName: "store", as: Session.self) }
    try await untilWaiting(1, forSingleton: "store", in: container)
    owner.cancel()
    let ownerResult = await owner.result
    guard case .failure(let failure as ResolutionError) = ownerResult else {
      Issue.record("expected the owner's own error, got \(ownerResult)")
      return
    }
    #expect(failure.underlyingError is Interrupted)
    let taken = await waiter.result()
    guard case .success(let session)? = taken else {
      Issue.record("expected the waiter to make the store, got \(String(describing: taken))")
      return
    }
    #expect(session.id == 2)
    #expect(try await container.asyncValue(forName: "store", as: Session.self) === session)
  }

  @Test func aCancelledWaiterStopsWaitingAtOnce() async throws {
    let container = Container()
    let started = Signal()
    let release = Signal()
    container.addAsyncProvider(forName: "store", options: .singleton) { _ in
      started.raise()
      // Ignores cancellation: only the test ends it.
      while !release.isRaised { try? await Task.sleep(for: .milliseconds(1)) }
      return Session(id: 1)
    }
    container.addAsyncProvider(forName: "screen", dependencies: ["store"]) { values in
      try values.value(forName: "store", as: Session.self)
    }
    let owner = Task { try await container.asyncValue(forName: "store", as: Session.self) }
    try await started.wait()
    // One waiting at the top, one inside a creation of its own request.
    let waiters = [
      WatchedTask { try await container.asyncValue(forName: "store", as: Session.self) },
      WatchedTask { try await container.asyncValue(forName: "screen", as: Session.self) },
    ]
    try await untilWaiting(2, forSingleton: "store", in: container)
    waiters.forEach { $0.cancel() }
    for (waiter, path) in zip(waiters, [["store"], ["screen", "store"]]) {
      let result = await waiter.result()
      guard case .failure(let failure as ResolutionError)? = result else {
        Issue.record("expected the cancelled waiter to stop, got \(String(describing: result))")
        continue
      }
      #expect(failure.underlyingError is CancellationError)
      #expect(failure.path == path)
    }
    #expect(waitingTasks(forSingleton: "store", in: container) == 0)
    release.raise()
    #expect(try await owner.value.id == 1)
  }

  @Test func aCancelledWaiterForAnObjectGraphProductStopsAtOnce() async throws {
    let container = Container()
    let started = Signal()
    let release = Signal()
    container.addAsyncProvider(forName: "unitOfWork", options: .objectGraph) { _ in
      started.raise()
      while !release.isRaised { try? await Task.sleep(for: .milliseconds(1)) }
      return Session(id: 1)
    }
    let outcome = Locked<Result<Session, any Error>?>(nil)
    container.addAsyncProvider(forName: "screen") { [unowned container] _ in
      // Both tasks join this creation's request, so they share its object-graph products.
      let owner = Task { try await container.asyncValue(forName: "unitOfWork", as: Session.self) }
      try await started.wait()
      let waiter = WatchedTask {
        try await container.asyncValue(forName: "unitOfWork", as: Session.self)
      }
      waiter.cancel()
      // Nil when it did not stop.
      let result = await waiter.result()
      outcome.withLock { $0 = result }
      release.raise()
      return try await owner.value
    }
    #expect(try await container.asyncValue(forName: "screen", as: Session.self).id == 1)
    let result = outcome.withLock { $0 }
    guard case .failure(let failure as ResolutionError)? = result else {
      Issue.record("expected the cancelled waiter to stop, got \(String(describing: result))")
      return
    }
    #expect(failure.underlyingError is CancellationError)
  }

  @Test func aCycleThroughADetachedTaskEndsWhenTheCallerIsCancelled() async throws {
    let container = Container()
    let waiting = Signal()
    container.addAsyncProvider(forName: "a", options: .singleton) { [unowned container] _ in
      // A detached task does not inherit the creation: the container cannot see that
      // this creation waits for it. Forwarding cancellation is what can end it.
      let detached = Task.detached {
        try await container.asyncValue(forName: "b", as: Session.self)
      }
      return try await withTaskCancellationHandler {
        try await detached.value
      } onCancel: {
        detached.cancel()
      }
    }
    container.addAsyncProvider(forName: "b", options: .singleton) { [unowned container] _ in
      waiting.raise()
      return try await container.asyncValue(forName: "a", as: Session.self)
    }
    let caller = WatchedTask { try await container.asyncValue(forName: "a", as: Session.self) }
    try await waiting.wait()
    try await untilWaiting(1, forSingleton: "a", in: container)
    caller.cancel()
    let result = await caller.result()
    guard case .failure(let failure as ResolutionError)? = result else {
      Issue.record("expected the cancelled request to end, got \(String(describing: result))")
      return
    }
    #expect(failure.underlyingError is CancellationError, "\(failure)")
  }

  // MARK: Shared objects

  @Test func aSharedObjectAnAsyncTransientReturnsIsInjectedByOneTaskAtATime() async throws {
    for _ in 0..<5 {
      let container = Container()
      container.addAsyncProvider(forName: "session") { _ in Session() }
      let shared = CachedScreen()
      container.addAsyncProvider(forName: "screen", dependencies: ["session"]) { _ in shared }
      let screens = try await withThrowingTaskGroup(of: CachedScreen.self) { group in
        for _ in 0..<64 {
          group.addTask { try await container.asyncValue(forName: "screen", as: CachedScreen.self) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(screens.allSatisfy { $0 === shared })
      #expect(shared.injections.most == 1)
      #expect(shared.fills.value == 1)
    }
  }
}
