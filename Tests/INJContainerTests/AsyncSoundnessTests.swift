import Foundation
import INJPrimitives
import INJReflection
import TestUtilities
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
        try await Task.sleep(nanoseconds: 1_000_000)
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
    while !isRaised { try await Task.sleep(nanoseconds: 1_000_000) }
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
  guard let provider = provider(named: name, in: container) else { return 0 }
  return Claims.shared.suspendedTaskCount(for: provider)
}

/// Suspends until `count` tasks wait for the creation of the async singleton `name`.
func untilWaiting(_ count: Int, forSingleton name: String, in container: Container) async throws {
  while waitingTasks(forSingleton: name, in: container) < count {
    try await Task.sleep(nanoseconds: 1_000_000)
  }
}

/// How many tasks are suspended until the claim on `object` is released.
func suspendedTasks(on object: AnyObject) -> Int {
  Claims.shared.suspendedTaskCount(for: object)
}

/// The provider registered under `name`.
func provider(named name: String, in container: Container) -> Provider? {
  container.lookup(name, hash: name.hashValue)?.retained.provider
}

/// Suspends until `condition` holds, or for at most `limit`; whether it holds.
@discardableResult
func until(
  seconds limit: Double = 20, _ condition: () -> Bool
) async throws -> Bool {
  let stopwatch = Stopwatch()
  while !condition() {
    guard stopwatch.elapsedSeconds < limit else { return false }
    try await Task.sleep(nanoseconds: 1_000_000)
  }
  return true
}

/// Blocks the calling thread, as a slow synchronous creator does, until `signal` is
/// raised or `limit` has passed.
func block(until signal: Signal, atMostSeconds limit: Double = 30) {
  let stopwatch = Stopwatch()
  while !signal.isRaised, stopwatch.elapsedSeconds < limit {
    usleep(1_000)
  }
}

/// Runs its tasks' jobs on a dispatch queue of its own, off the cooperative pool: code
/// that blocks its thread there holds up no other task.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class DedicatedExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "DedicatedExecutor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

/// A small pool of threads of its own that runs its tasks' jobs, as the cooperative
/// pool does with as many threads as the machine has cores, but shared with no other
/// test: whether its tasks keep making progress depends only on what they do.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ThreadPoolExecutor: TaskExecutor, @unchecked Sendable {
  // `jobs` and `isShutDown` are guarded by `condition`.
  private var jobs: [UnownedJob] = []
  private var isShutDown = false
  private let condition = NSCondition()

  init(threads: Int) {
    for _ in 0..<threads {
      let thread = Thread { [self] in work() }
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the threads end once the jobs queued are run.
  func shutDown() {
    condition.lock()
    isShutDown = true
    condition.broadcast()
    condition.unlock()
  }

  private func work() {
    let executor = asUnownedTaskExecutor()
    while true {
      condition.lock()
      while jobs.isEmpty, !isShutDown { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: executor)
    }
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
  func result(withinSeconds limit: Double = 20) async -> Result<Success, any Error>? {
    let stopwatch = Stopwatch()
    while !ended.isRaised {
      guard stopwatch.elapsedSeconds < limit else { return nil }
      try? await Task.sleep(nanoseconds: 1_000_000)
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
      let id = made.withLock {
        $0 += 1
        return $0
      }
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
      Session(
        id: made.withLock {
          $0 += 1
          return $0
        })
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

  @Test func aTaskASynchronousCreatorStartsAsksAsANewRequest() async throws {
    // `logger` is synchronous: it cannot await the task it starts, which asks for
    // `session` while the creation of `session`, which made `logger`, is in progress.
    let container = Container()
    let background = KeptTask<Session>()
    let loggerMade = Signal()
    container.addProvider(forName: "logger") { [unowned container] _ in
      background.keep(
        Task {
          try await loggerMade.wait()
          return try await container.asyncValue(forName: "session", as: Session.self)
        })
      return "logger"
    }
    container.addAsyncProvider(forName: "session", options: .singleton) {
      [unowned container] _ in
      _ = try await container.asyncValue(forName: "logger", as: String.self)
      loggerMade.raise()
      // Still in progress while the task asks: the task waits for it, as any request.
      try await Task.sleep(nanoseconds: 50_000_000)
      return Session(id: 1)
    }
    let session = try await container.asyncValue(forName: "session", as: Session.self)
    // Not a cycle "session → session".
    #expect(try await background.value === session)
  }

  @Test func aCreationATaskJoinedOutlivesTheOneItWasStartedIn() async throws {
    // `c`'s first creation starts a task asking for `d` and ends; `d`'s creation, which
    // joined the creation of `c` while it was in progress, asks for `c` after that
    // creation ended: a new `c`, not a cycle "c → d → c".
    let container = Container()
    let made = Locked(0)
    let background = KeptTask<Session>()
    let firstEnded = Signal()
    let joined = Signal()
    container.addAsyncProvider(forName: "c") { [unowned container] _ in
      let id = made.withLock {
        $0 += 1
        return $0
      }
      if id == 1 {
        background.keep(Task { try await container.asyncValue(forName: "d", as: Session.self) })
        try await joined.wait()
      }
      return Session(id: id)
    }
    container.addAsyncProvider(forName: "d") { [unowned container] _ in
      joined.raise()
      try await firstEnded.wait()
      return try await container.asyncValue(forName: "c", as: Session.self)
    }
    let first = try await container.asyncValue(forName: "c", as: Session.self)
    firstEnded.raise()
    #expect(first.id == 1)
    #expect(try await background.value.id == 2)
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
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      if attempt == 1 {
        firstStarted.raise()
        do {
          try await Task.sleep(nanoseconds: 600_000_000_000)
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
      while !release.isRaised { try? await Task.sleep(nanoseconds: 1_000_000) }
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
      while !release.isRaised { try? await Task.sleep(nanoseconds: 1_000_000) }
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

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
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

/// Tasks waiting for creations and injections that block a thread, as slow
/// synchronous code does. Each such creation runs on a thread of its own
/// (``DedicatedExecutor``), not on one the cooperative pool has few of, so that the
/// tests show whether the tasks waiting for it keep theirs, and one at a time.
/// An unrelated task that makes progress on a pool, and what a slow synchronous creator
/// saw of it: a creator that waits for 100 steps (at most 20 s) shows whether the tasks
/// waiting for it left the pool's threads to the unrelated task.
final class Heartbeat: Sendable {
  private let progress = Locked(0)
  private let seen = Locked(-1)

  /// Starts the unrelated task on `pool`; cancel it when done.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func beat(on pool: some TaskExecutor) -> Task<Void, Never> {
    Task(executorPreference: pool) { [progress] in
      while !Task.isCancelled {
        progress.withLock { $0 += 1 }
        await Task.yield()
      }
    }
  }

  /// Blocks the calling thread, as a slow creator does, until the task has made 100
  /// steps, and records how many it saw.
  func waitForBeats() {
    usleep(50_000)
    let start = progress.withLock { $0 }
    let stopwatch = Stopwatch()
    while progress.withLock({ $0 }) - start < 100, stopwatch.elapsedSeconds < 20 {
      usleep(1_000)
    }
    seen.withLock { $0 = progress.withLock { $0 } - start }
  }

  /// The steps the task made while a creator waited.
  var beatsSeen: Int { seen.withLock { $0 } }
}

@Suite("Async waits for blocking work", .serialized)
struct AsyncBlockingWaitTests {

  /// A singleton `slow` whose creator blocks its thread until an unrelated task made
  /// 100 steps, made by another thread while an async closure is called on a one-thread
  /// pool the unrelated task shares: were the call to hold that thread while it waits,
  /// the unrelated task could not run.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  final class SlowSingleton: Sendable {
    let heartbeat = Heartbeat()
    let pool = ThreadPoolExecutor(threads: 1)
    let started = Signal()
    let askerLaunched = Signal()

    init(in container: Container) {
      container.addProvider(forName: "slow", options: .singleton) {
        [started, askerLaunched, heartbeat] _ in
        started.raise()
        block(until: askerLaunched, atMostSeconds: 20)
        heartbeat.waitForBeats()
        return Session(id: 2)
      }
    }

    /// Has another thread make `slow` and calls `ask` while it does; returns what
    /// `ask` returned and the singleton.
    func ask(
      _ ask: sending @escaping () async throws -> Session, in container: Container
    ) async throws -> (asked: Session, slow: Session) {
      defer { pool.shutDown() }
      let unrelated = heartbeat.beat(on: pool)
      let maker = Task(executorPreference: DedicatedExecutor()) {
        try container.value(forName: "slow", as: Session.self)
      }
      try await started.wait()
      let asker = Task(executorPreference: pool) { try await ask() }
      askerLaunched.raise()
      let asked = try await asker.value
      unrelated.cancel()
      return (asked, try await maker.value)
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theAsyncClosureOfASynchronousProviderWaitsWithoutHoldingItsThread() async throws {
    let container = Container()
    let slow = SlowSingleton(in: container)
    let makeSlow = try container.value(
      forName: "slowProvider", as: (() async throws -> Session).self)
    let (session, made) = try await slow.ask(makeSlow, in: container)
    #expect(session === made)
    #expect(slow.heartbeat.beatsSeen >= 100)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theAsyncClosureOfASynchronousArgumentProviderWaitsWithoutHoldingItsThread()
    async throws
  {
    let container = Container()
    let slow = SlowSingleton(in: container)
    container.addProvider(forName: "detail", dependencies: ["slow"], argument: Int.self) {
      values, id in
      Session(id: id + (try values.value(forName: "slow", as: Session.self)).id)
    }
    let makeDetail = try container.value(
      forName: "detailProvider", as: ((Int) async throws -> Session).self)
    let (detail, _) = try await slow.ask({ try await makeDetail(40) }, in: container)
    #expect(detail.id == 42)
    #expect(slow.heartbeat.beatsSeen >= 100)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func tasksWaitingForASlowSynchronousSingletonLeaveTheirThreadsToOthers() async throws {
    let container = Container()
    let heartbeat = Heartbeat()
    // The askers and the unrelated task share two threads, as on a 2-core machine's
    // cooperative pool, but no other test's work: were each waiting asker to hold its
    // thread, no thread would be left for the unrelated task.
    let pool = ThreadPoolExecutor(threads: 2)
    defer { pool.shutDown() }
    let askers = 8
    let started = Signal()
    let askersLaunched = Signal()
    container.addProvider(forName: "slow", options: .singleton) { _ in
      // Slow, as a creator reading a file synchronously is: once the other askers have
      // had time to wait for it, it ends when the unrelated task has made progress, or
      // after 20 s.
      started.raise()
      block(until: askersLaunched, atMostSeconds: 20)
      heartbeat.waitForBeats()
      return Session(id: 1)
    }
    let unrelated = heartbeat.beat(on: pool)
    // The first asker makes it, on a thread of its own; the others ask on the pool.
    let first = Task(executorPreference: DedicatedExecutor()) {
      try await container.asyncValue(forName: "slow", as: Session.self)
    }
    try await started.wait()
    var sessions = try await withThrowingTaskGroup(of: Session.self) { group in
      for _ in 0..<askers {
        group.addTask(executorPreference: pool) {
          try await container.asyncValue(forName: "slow", as: Session.self)
        }
      }
      askersLaunched.raise()
      return try await group.reduce(into: []) { $0.append($1) }
    }
    sessions.append(try await first.value)
    unrelated.cancel()
    #expect(sessions.count == askers + 1)
    #expect(Set(sessions.map(ObjectIdentifier.init)).count == 1)
    #expect(heartbeat.beatsSeen >= 100)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aCancelledTaskWaitingForASynchronousSingletonStopsAtOnce() async throws {
    let container = Container()
    let started = Signal()
    let release = Signal()
    container.addProvider(forName: "slow", options: .singleton) { _ in
      started.raise()
      block(until: release)
      return Session(id: 1)
    }
    container.addAsyncProvider(forName: "screen", dependencies: ["slow"]) { values in
      try values.value(forName: "slow", as: Session.self)
    }
    let slow = try #require(provider(named: "slow", in: container))
    let owner = Task(executorPreference: DedicatedExecutor()) {
      try await container.asyncValue(forName: "slow", as: Session.self)
    }
    try await started.wait()
    let waiters = [
      WatchedTask { try await container.asyncValue(forName: "slow", as: Session.self) },
      WatchedTask { try await container.asyncValue(forName: "screen", as: Session.self) },
    ]
    #expect(try await until { suspendedTasks(on: slow) == 2 })
    waiters.forEach { $0.cancel() }
    for (waiter, path) in zip(waiters, [["slow"], ["screen", "slow"]]) {
      let result = await waiter.result()
      guard case .failure(let failure as ResolutionError)? = result else {
        Issue.record("expected the cancelled waiter to stop, got \(String(describing: result))")
        continue
      }
      #expect(failure.underlyingError is CancellationError)
      #expect(failure.path == path)
    }
    release.raise()
    #expect(try await owner.value.id == 1)
    #expect(try await container.asyncValue(forName: "screen", as: Session.self).id == 1)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aCancelledTaskWaitingForItsRequestsSynchronousResolutionStopsAtOnce() async throws {
    let container = Container()
    let started = Signal()
    let release = Signal()
    // Both over an object-graph product, which each resolution of the request takes the
    // request's products for.
    container.addProvider(forName: "unitOfWork", options: .objectGraph) { _ in Session(id: 0) }
    container.addProvider(forName: "slow", dependencies: ["unitOfWork"]) { _ in
      started.raise()
      block(until: release)
      return Session(id: 1)
    }
    container.addProvider(forName: "quick", dependencies: ["unitOfWork"]) { _ in
      Session(id: 2)
    }
    let outcome = Locked<Result<Session, any Error>?>(nil)
    container.addAsyncProvider(forName: "screen") { [unowned container] _ in
      // Both tasks join this creation's request, whose synchronous resolutions share
      // its object-graph products and so walk object-graph providers one at a time.
      let first = Task(executorPreference: DedicatedExecutor()) {
        try await container.asyncValue(forName: "slow", as: Session.self)
      }
      try await started.wait()
      let second = WatchedTask {
        try await container.asyncValue(forName: "quick", as: Session.self)
      }
      second.cancel()
      let result = await second.result()
      outcome.withLock { $0 = result }
      release.raise()
      return try await first.value
    }
    #expect(try await container.asyncValue(forName: "screen", as: Session.self).id == 1)
    let result = outcome.withLock { $0 }
    guard case .failure(let failure as ResolutionError)? = result else {
      Issue.record("expected the cancelled task to stop, got \(String(describing: result))")
      return
    }
    #expect(failure.underlyingError is CancellationError)
    #expect(failure.path == ["screen", "quick"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aCancelledTaskWaitingForAnotherInjectionStopsAtOnce() async throws {
    final class SlowScreen: Injectable, @unchecked Sendable {
      // Written only by injection, one task or thread at a time (the container claims
      // a product others may hold).
      var session: Session?
      let injecting = Signal()
      let release = Signal()

      func injectProperties(_ injector: inout PropertyInjector) throws {
        injecting.raise()
        block(until: release)
        try injector.inject(&session, named: "session")
      }
    }
    let container = Container()
    let shared = SlowScreen()
    container.addAsyncProvider(forName: "session") { _ in Session() }
    container.addAsyncProvider(forName: "screen", dependencies: ["session"]) { _ in shared }
    let owner = Task(executorPreference: DedicatedExecutor()) {
      try await container.asyncValue(forName: "screen", as: SlowScreen.self)
    }
    try await shared.injecting.wait()
    let waiter = WatchedTask {
      try await container.asyncValue(forName: "screen", as: SlowScreen.self)
    }
    #expect(try await until { suspendedTasks(on: shared) == 1 })
    waiter.cancel()
    let result = await waiter.result()
    guard case .failure(let failure as ResolutionError)? = result else {
      Issue.record("expected the cancelled waiter to stop, got \(String(describing: result))")
      shared.release.raise()
      return
    }
    #expect(failure.underlyingError is CancellationError)
    #expect(failure.path == ["screen"])
    shared.release.raise()
    #expect(try await owner.value === shared)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aStoppedSynchronousResolutionGoesOnWhereItStopped() async throws {
    final class Part: Sendable {}
    final class Screen: Sendable {
      let parts: [Part]
      let slow: Session
      init(parts: [Part], slow: Session) {
        self.parts = parts
        self.slow = slow
      }
    }
    let container = Container()
    let started = Signal()
    let release = Signal()
    let partsMade = Locked(0)
    container.addProvider(forName: "part") { _ in
      partsMade.withLock { $0 += 1 }
      return Part()
    }
    container.addProvider(forName: "slow", options: .singleton) { _ in
      started.raise()
      block(until: release)
      return Session(id: 1)
    }
    container.addProvider(forName: "screen", dependencies: ["part", "slow", "part"]) { values in
      Screen(
        parts: [try values.value(forName: "part"), try values.value(forName: "part")],
        slow: try values.value(forName: "slow"))
    }
    let slow = try #require(provider(named: "slow", in: container))
    let owner = Task(executorPreference: DedicatedExecutor()) {
      try await container.asyncValue(forName: "slow", as: Session.self)
    }
    try await started.wait()
    let screen = Task { try await container.asyncValue(forName: "screen", as: Screen.self) }
    // It made the first part, then stopped at the singleton being made.
    #expect(try await until { suspendedTasks(on: slow) == 1 })
    #expect(partsMade.withLock { $0 } == 1)
    release.raise()
    let made = try await screen.value
    #expect(made.slow === (try await owner.value))
    #expect(made.parts.count == 2)
    #expect(partsMade.withLock { $0 } == 2)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aCollectionsContributionsWaitForAClaimWithoutHoldingAThread() async throws {
    // Two threads, as a 2-core machine's cooperative pool has. A task asking for
    // `session` holds its claim while it waits, suspended, for `slow`, which a thread
    // of its own is making. Two tasks then ask for `plugins`, whose contribution needs
    // `session`: were they to wait for its claim on their threads, no thread would be
    // left to resume the task that holds it.
    let pool = ThreadPoolExecutor(threads: 2)
    defer { pool.shutDown() }
    let container = Container()
    let started = Signal()
    let release = Signal()
    container.addProvider(forName: "slow", options: .singleton) { _ in
      started.raise()
      block(until: release)
      return Session(id: 1)
    }
    container.addProvider(forName: "session", dependencies: ["slow"], options: .singleton) { _ in
      Session(id: 2)
    }
    container.contribute(to: "plugins", dependencies: ["session"]) { values in
      try values.value(forName: "session", as: Session.self)
    }
    container.contribute(to: "plugins") { _ in Session(id: 3) }
    let maker = Thread { _ = try? container.value(forName: "slow") }
    maker.start()
    try await started.wait()
    let slow = try #require(provider(named: "slow", in: container))
    let ended = Counter()
    let session = Task(executorPreference: pool) {
      defer { ended.increment() }
      return try await container.asyncValue(forName: "session", as: Session.self)
    }
    #expect(try await until { suspendedTasks(on: slow) == 1 })
    let askers = (0..<2).map { _ in
      Task(executorPreference: pool) {
        defer { ended.increment() }
        return try await container.asyncValue(forName: "plugins", as: [Any].self).count
      }
    }
    // Both askers wait for the session's claim, suspended.
    let sessionProvider = try #require(provider(named: "session", in: container))
    #expect(try await until(seconds: 5) { suspendedTasks(on: sessionProvider) == 2 })
    release.raise()
    // Fails, rather than hangs, when the three requests cannot end.
    try #require(try await until { ended.value == 3 })
    #expect(try await session.value.id == 2)
    for asker in askers {
      #expect(try await asker.value == 2)
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aSynchronousResolutionStoppedAtAnInjectionGoesOnWithIt() async throws {
    final class SlowScreen: Injectable, @unchecked Sendable {
      // Written only by injection, one thread or task at a time; counted under a lock.
      var session: Session? {
        didSet { if session !== oldValue { fills.increment() } }
      }
      let fills = Counter()
      let injecting = Signal()
      let release = Signal()

      func injectProperties(_ injector: inout PropertyInjector) throws {
        injecting.raise()
        block(until: release)
        try injector.inject(&session, named: "session")
      }
    }
    let container = Container()
    let shared = SlowScreen()
    container.addProvider(forName: "session") { _ in Session() }
    container.addProvider(forName: "screen", dependencies: ["session"]) { _ in shared }
    container.addProvider(forName: "holder", dependencies: ["screen"]) { values in
      [try values.value(forName: "screen", as: SlowScreen.self)]
    }
    let owner = Task(executorPreference: DedicatedExecutor()) {
      try await container.asyncValue(forName: "screen", as: SlowScreen.self)
    }
    try await shared.injecting.wait()
    let holder = Task { try await container.asyncValue(forName: "holder", as: [SlowScreen].self) }
    #expect(try await until { suspendedTasks(on: shared) == 1 })
    shared.release.raise()
    #expect(try await owner.value === shared)
    #expect(try await holder.value.first === shared)
    #expect(shared.fills.value == 1)
  }
}

/// One object-graph product per top-level resolution, however an async creator asks
/// for it again.
@Suite("Object graphs in async creators")
struct AsyncObjectGraphTests {
  @Test func anAsyncCreatorGetsTheOneProductOfItsRequestEveryWay() async throws {
    let container = Container()
    container.addProvider(forName: "session", options: .objectGraph) { _ in Session() }
    container.addAsyncProvider(forName: "report", dependencies: ["session", "sessionProvider"]) {
      [unowned container] values in
      let session = try values.value(forName: "session", as: Session.self)
      let makeSession = try values.value(
        forName: "sessionProvider", as: (() async throws -> Session).self)
      let viaClosure = try await makeSession()
      let viaAsyncValue = try await container.asyncValue(forName: "session", as: Session.self)
      let viaValue = try container.value(forName: "session", as: Session.self)
      return [session, viaClosure, viaAsyncValue, viaValue].map(ObjectIdentifier.init)
    }
    let seen = try await container.asyncValue(forName: "report", as: [ObjectIdentifier].self)
    #expect(Set(seen).count == 1)
  }
}

/// A synchronous resolution never waits for an async request that may need its thread.
@Suite("Synchronous waits for suspended requests", .serialized)
struct SuspendedRequestTests {
  private static let refusal =
    "Cannot resolve 'n': an async request is making 'n' and is suspended until 'd' is made, "
    + "so waiting for it here could hold the thread it needs to go on. Resolve 'n' with "
    + "asyncValue, or make 'n' with makeSingletons() before resolving it synchronously."

  /// A singleton `d` whose creator waits for `release`, and `n` over it, made anywhere.
  private nonisolated static func registerSingletons(
    in container: Container, started: Signal, release: Signal
  ) {
    container.addProvider(forName: "d", options: .singleton) { _ in
      started.raise()
      // Long enough for a test whose main actor other tests keep busy.
      block(until: release, atMostSeconds: 150)
      return Session(id: 1)
    }
    container.addProvider(forName: "n", dependencies: ["d"], options: .singleton) { _ in
      Session(id: 2)
    }
  }

  @MainActor
  private func registerScreen(in container: Container) {
    container.addProvider(forName: "m", dependencies: ["n"]) { _ in Session(id: 3) }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theMainThreadDoesNotWaitForASuspendedRequest() async throws {
    let container = Container()
    let started = Signal()
    let release = Signal()
    Self.registerSingletons(in: container, started: started, release: release)
    await registerScreen(in: container)
    let d = try #require(provider(named: "d", in: container))
    let maker = Task(executorPreference: DedicatedExecutor()) {
      try container.value(forName: "d", as: Session.self)
    }
    try await started.wait()
    // The request claims 'n', then suspends until 'd' is made, on a thread of its own
    // (the shared pool may be busy with other tests). Had it needed the main actor to go
    // on ('m' is main-actor), a main thread waiting for 'n' would wait forever.
    let pool = ThreadPoolExecutor(threads: 1)
    defer { pool.shutDown() }
    let launch = Task(executorPreference: pool) {
      try await container.makeSingletons(named: ["n"])
    }
    #expect(try await until(seconds: 120) { suspendedTasks(on: d) == 1 })
    let refused = await MainActor.run { () -> String in
      do {
        return "resolved \(try container.value(forName: "n", as: Session.self).id)"
      } catch {
        return "\(error)"
      }
    }
    #expect(refused == Self.refusal)
    release.raise()
    try await launch.value
    #expect(try await maker.value.id == 1)
    #expect(try await MainActor.run { try container.value(forName: "m", as: Session.self).id } == 3)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func poolThreadsDoNotWaitForALaunchThatNeedsThem() async throws {
    let container = Container()
    let started = Signal()
    let release = Signal()
    Self.registerSingletons(in: container, started: started, release: release)
    let d = try #require(provider(named: "d", in: container))
    // Two threads, as on a 2-core machine's cooperative pool.
    let pool = ThreadPoolExecutor(threads: 2)
    defer { pool.shutDown() }
    let maker = Task(executorPreference: DedicatedExecutor()) {
      try container.value(forName: "d", as: Session.self)
    }
    try await started.wait()
    let launch = Task(executorPreference: pool) { try await container.makeSingletons(named: ["n"]) }
    #expect(try await until(seconds: 120) { suspendedTasks(on: d) == 1 })
    // One synchronous request per thread: none may wait for the suspended launch.
    let requests = (0..<2).map { _ in
      WatchedTask { () async throws -> String in
        try await withTaskExecutorPreference(pool) {
          do {
            return "resolved \(try container.value(forName: "n", as: Session.self).id)"
          } catch let error as ResolutionError {
            return error.description
          }
        }
      }
    }
    for request in requests {
      let outcome = await request.result(withinSeconds: 120)
      #expect((try? outcome?.get()) == Self.refusal)
    }
    release.raise()
    try await launch.value
    #expect(try await maker.value.id == 1)
  }
}
