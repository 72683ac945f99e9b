import Dispatch
import INJContainer
import INJReflection
import Testing

/// A main-actor view model, as in an app target whose default isolation is
/// `MainActor`.
@MainActor
final class InboxViewModel {
  let title: String
  @Inject var service: ProductsService?
  init(title: String) { self.title = title }
}

/// A global actor other than the main actor.
@globalActor
actor DatabaseActor {
  static let shared = DatabaseActor()
}

/// Registers a provider from main-actor code with plain `addProvider`: the creator
/// calls a main-actor initializer.
@MainActor
private func registerInbox(in container: Container) {
  container.addProvider(forName: "inbox", dependencies: ["service"], options: .singleton) { _ in
    InboxViewModel(title: "Inbox")
  }
}

/// Registers a provider from code isolated to another global actor.
@DatabaseActor
private func registerRecords(in container: Container) {
  container.addProvider(forName: "records") { _ in [1, 2, 3] }
}

/// How many times ``registerCounted(in:)``'s creator ran.
@DatabaseActor private var countedCreations = 0

/// How many times ``registerCounted(in:)``'s creator ran, read on its actor.
@DatabaseActor private func countedSoFar() -> Int { countedCreations }

/// Registers a creator that uses state isolated to ``DatabaseActor``.
@DatabaseActor
private func registerCounted(in container: Container) {
  countedCreations = 0
  container.addProvider(forName: "counted") { _ in
    countedCreations += 1
    return countedCreations
  }
}

/// Runs an actor's jobs on a dispatch queue, which code can ask whether it runs on.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
final class QueueExecutor: SerialExecutor {
  private static let key = DispatchSpecificKey<Bool>()
  private let queue = DispatchQueue(label: "LedgerActor")

  init() { queue.setSpecific(key: Self.key, value: true) }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  /// Whether the calling code runs on some `QueueExecutor`'s queue.
  static var isRunning: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// An actor whose jobs run on a ``QueueExecutor``.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
actor LedgerActor {
  static let shared = LedgerActor()
  private let executor = QueueExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Registers an async provider from code isolated to this actor.
  func register(in container: Container) {
    container.addAsyncProvider(forName: "ledger", dependencies: ["service"]) { _ in Ledger() }
  }
}

/// A class that records where its properties were injected.
final class Ledger: Injectable, @unchecked Sendable {
  // Written by injection, before the container hands the ledger over; read after.
  var service: ProductsService?
  var injectedOnLedgerActor = false

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&service, named: "service")
    injectedOnLedgerActor = QueueExecutor.isRunning
  }
}

/// An actor that registers a provider from one of its methods.
actor RecordStore {
  func register(in container: Container) {
    container.addProvider(forName: "store") { _ in "store" }
  }
}

/// Resolves `name` on a thread of the cooperative pool, never the main thread.
private func resolveOffTheMainActor(
  _ name: String, in container: Container
) async -> Result<String, ResolutionError> {
  await Task.detached {
    do {
      return .success(String(describing: try container.value(forName: name)))
    } catch {
      return .failure(error as! ResolutionError)
    }
  }.value
}

private func isNotOnMainActor(_ reason: ResolutionError.Reason) -> Bool {
  if case .notOnMainActor = reason { true } else { false }
}

private func actorName(_ reason: ResolutionError.Reason?) -> String? {
  if case .notOnActor(let actor)? = reason { actor } else { nil }
}

@Suite("Providers isolated to the actor they are registered from")
struct IsolationTests {
  @Test @MainActor func aCreatorRegisteredFromTheMainActorRunsThere() throws {
    let container = Container()
    container.addInstance(ProductsService(), forName: "service")
    registerInbox(in: container)
    try container.checkForErrors()
    let inbox = try container.value(forName: "inbox", as: InboxViewModel.self)
    #expect(inbox.title == "Inbox")
    #expect(inbox.service != nil)
    #expect(try container.value(forName: "inbox", as: InboxViewModel.self) === inbox)
  }

  @Test func aCreatorRegisteredFromTheMainActorIsRefusedElsewhere() async throws {
    let container = Container()
    container.addInstance(ProductsService(), forName: "service")
    await registerInbox(in: container)
    let result = await resolveOffTheMainActor("inbox", in: container)
    #expect(throws: Never.self) { try container.checkForErrors() }
    guard case .failure(let error) = result else {
      Issue.record("resolved a main-actor creator off the main actor")
      return
    }
    #expect(isNotOnMainActor(error.reason))
    #expect(
      error.description
        == "Cannot resolve 'inbox' off the main actor: the creator of 'inbox' runs on the "
        + "main actor, because it was registered from main-actor code, at "
        + "INJContainerTests/IsolationTests.swift:25. Resolve it from the main actor or with "
        + "asyncValue(forName:as:), which runs it there; or, if it needs no main-actor state, "
        + "register it from a nonisolated function, whose creators run on any thread.")
  }

  @Test func aSingletonMadeOnTheMainActorIsSharedWithEveryThread() async throws {
    let container = Container()
    container.addInstance(ProductsService(), forName: "service")
    await registerInbox(in: container)
    let made = try await MainActor.run {
      ObjectIdentifier(try container.value(forName: "inbox", as: InboxViewModel.self))
    }
    // An existing singleton is Sendable (here: main-actor isolated), so any thread may
    // have it; only its creation is tied to the main actor.
    let elsewhere = await Task.detached {
      try? container.value(forName: "inbox", as: InboxViewModel.self)
    }.value
    #expect(elsewhere.map(ObjectIdentifier.init) == made)
  }

  @Test func aCreatorRegisteredFromNonisolatedCodeRunsAnywhere() async throws {
    let container = Container()
    container.addProvider(forName: "greeting") { _ in "hello" }
    #expect(try await resolveOffTheMainActor("greeting", in: container).get() == "hello")
    #expect(
      try await MainActor.run { try container.value(forName: "greeting", as: String.self) }
        == "hello")
  }

  @Test func aCreatorRegisteredFromAnotherGlobalActorIsRefusedSynchronously() async throws {
    let container = Container()
    await registerRecords(in: container)
    #expect(throws: Never.self) { try container.checkForErrors() }
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "records", as: [Int].self)
    }
    #expect(actorName(error?.reason) == "DatabaseActor")
    #expect(
      error?.description
        == "Cannot resolve 'records': the creator of 'records' is isolated to DatabaseActor, "
        + "the actor of the code that registered it, and a synchronous resolution cannot run "
        + "it there. Resolve it with asyncValue(forName:as:), which runs it on DatabaseActor, "
        + "or register 'records' from nonisolated code (such as a nonisolated function) or "
        + "from the main actor.")
  }

  @Test func asyncValueRunsACreatorOnTheActorItWasRegisteredFrom() async throws {
    let container = Container()
    await registerCounted(in: container)
    container.addAsyncProvider(forName: "report", dependencies: ["counted"]) { values in
      "report of \(try values.value(forName: "counted", as: Int.self))"
    }
    #expect(try await container.asyncValue(forName: "counted", as: Int.self) == 1)
    #expect(try await container.asyncValue(forName: "report", as: String.self) == "report of 2")
    #expect(await countedSoFar() == 2)
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  @Test func asyncValueInjectsAnAsyncProductOnTheActorItWasRegisteredFrom() async throws {
    let container = Container()
    container.addInstance(ProductsService(), forName: "service")
    await LedgerActor.shared.register(in: container)
    let ledger = try await container.asyncValue(forName: "ledger", as: Ledger.self)
    #expect(ledger.service != nil)
    #expect(ledger.injectedOnLedgerActor)
    // A synchronous resolution of an actor-isolated creator nested in a hop to another
    // actor is still refused.
    container.addProvider(forName: "inMain", dependencies: ["store"]) { values in
      try values.value(forName: "store", as: String.self)
    }
    await RecordStore().register(in: container)
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "inMain", as: String.self)
    }
    #expect(actorName(error?.reason) == "RecordStore")
    #expect(error?.path == ["inMain", "store"])
  }

  @Test func aCreatorRegisteredFromAnActorMethodIsRefusedSynchronously() async throws {
    let container = Container()
    await RecordStore().register(in: container)
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "store") }
    #expect(actorName(error?.reason) == "RecordStore")
  }

  @Test func theIsolationFollowsTheCreatorIntoADependencyPath() async throws {
    let container = Container()
    container.addInstance(ProductsService(), forName: "service")
    await registerInbox(in: container)
    container.addProvider(forName: "badge", dependencies: ["inbox"]) { values in
      try values.value(forName: "inbox", as: InboxViewModel.self).title.count
    }
    let result = await resolveOffTheMainActor("badge", in: container)
    guard case .failure(let error) = result else {
      Issue.record("resolved a main-actor creator off the main actor")
      return
    }
    #expect(error.path == ["badge", "inbox"])
    #expect(isNotOnMainActor(error.reason))
  }

  // MARK: Dependencies across isolations

  @Test func theCheckReportsADependencyNoResolutionCanMakeWhereItRuns() async throws {
    let container = Container()
    await RecordStore().register(in: container)  // "store", isolated to RecordStore
    await registerRecords(in: container)  // "records", isolated to DatabaseActor
    await registerInbox(in: container)  // "inbox", a main-actor singleton
    container.addInstance(ProductsService(), forName: "service")
    container.addProvider(forName: "report", dependencies: ["store"], fileID: "A/R.swift", line: 1)
    {
      values in try values.value(forName: "store", as: String.self)
    }
    await MainActor.run {
      container.addProvider(
        forName: "screen", dependencies: ["records"], fileID: "A/S.swift", line: 2
      ) { values in try values.value(forName: "records", as: [Int].self).count }
    }
    await onDatabaseActor {
      container.addProvider(
        forName: "audit", dependencies: ["inbox", "records"], fileID: "A/D.swift", line: 3
      ) { values in try values.value(forName: "records", as: [Int].self).count }
    }
    // Fine: a nonisolated creator over a main-actor one (resolved on the main actor),
    // and an async provider over an actor-isolated one (the async resolution hops).
    container.addProvider(forName: "badge", dependencies: ["inbox"]) { _ in 1 }
    container.addAsyncProvider(forName: "summary", dependencies: ["store"]) { _ in 2 }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    let problems = error?.report.problems.filter {
      if case .isolationMismatch = $0 { true } else { false }
    }
    let sites = Dictionary(
      container.registrations().map { ($0.name, $0.site.description) },
      uniquingKeysWith: { first, _ in first })
    #expect(
      problems?.map(\.description) == [
        "'report' (A/R.swift:1) runs on any thread but depends on 'store' "
          + "(\(sites["store"]!)), whose creator runs only on "
          + "RecordStore: a resolution of 'report' makes 'store' where the creator of "
          + "'report' runs, which is never RecordStore. Register 'store' from nonisolated "
          + "code (such as a nonisolated function), register 'report' from RecordStore as "
          + "well, or make 'store' at launch: give it options: .madeAtLaunch and call "
          + "makeSingletons() when the app starts.",
        "'screen' (A/S.swift:2) runs on the main actor but depends on 'records' "
          + "(\(sites["records"]!)), whose creator runs only on "
          + "DatabaseActor: a resolution of 'screen' makes 'records' where the creator of "
          + "'screen' runs, which is never DatabaseActor. Register 'records' from "
          + "nonisolated code (such as a nonisolated function), register 'screen' from "
          + "DatabaseActor as well, or make 'records' at launch: give it options: "
          + ".madeAtLaunch and call makeSingletons() when the app starts.",
        "'audit' (A/D.swift:3) is isolated to DatabaseActor but depends on 'inbox' "
          + "(\(sites["inbox"]!)), whose creator runs only on the "
          + "main actor: a resolution of 'audit' makes 'inbox' where the creator of 'audit' "
          + "runs, which is never the main actor. Register 'inbox' from nonisolated code "
          + "(such as a nonisolated function), register 'audit' from the main actor as "
          + "well, or make 'inbox' at launch: give it options: .madeAtLaunch and call "
          + "makeSingletons() when the app starts.",
      ])
    #expect(error?.report.problems.count == 3)
    // Each one is what resolution says too.
    let report = #expect(throws: ResolutionError.self) { try container.value(forName: "report") }
    #expect(actorName(report?.reason) == "RecordStore")
    #expect(
      report?.description
        == "Cannot resolve 'report': the creator of 'store' is isolated to RecordStore, the "
        + "actor of the code that registered it, and a synchronous resolution cannot run it "
        + "there. 'report' depends on it directly, so resolving 'report' makes it. Register "
        + "'store' from nonisolated code (such as a nonisolated function), register 'report' "
        + "from RecordStore too, or make 'store' a singleton made at launch (options: "
        + ".madeAtLaunch, and makeSingletons() when the app starts). Path: report → store.")
    await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "screen", as: Int.self)
    }
  }

  /// A main-actor `screen` over `records`, a singleton isolated to ``DatabaseActor``.
  private func screenOverRecords(options: ProviderOptions.For<[Int]>) async -> Container {
    let container = Container()
    await onDatabaseActor {
      container.addProvider(forName: "records", options: options) { _ in [1, 2, 3] }
    }
    await MainActor.run {
      container.addProvider(forName: "screen", dependencies: ["records"]) { values in
        try values.value(forName: "records", as: [Int].self).count
      }
    }
    return container
  }

  @Test func aSingletonMadeAtLaunchOnItsActorIsNoProblem() async throws {
    let container = await screenOverRecords(options: .madeAtLaunch)
    try container.checkForErrors()
    try await container.makeSingletons()
    #expect(try await MainActor.run { try container.value(forName: "screen", as: Int.self) } == 3)
  }

  @Test func asyncValueMakesASingletonBelowOnItsOwnActorFirst() async throws {
    let container = await screenOverRecords(options: .singleton)
    #expect(try await container.asyncValue(forName: "screen", as: Int.self) == 3)
    // A nonisolated creator over a main-actor singleton, asked off the main actor.
    container.addInstance(ProductsService(), forName: "service")
    await registerInbox(in: container)
    container.addProvider(forName: "badge", dependencies: ["inbox"]) { values in
      try values.value(forName: "inbox", as: InboxViewModel.self).title.count
    }
    let badge = await Task.detached {
      try await container.asyncValue(forName: "badge", as: Int.self)
    }.result
    #expect(try badge.get() == 5)
  }
}

/// Runs `body` on ``DatabaseActor``, as code isolated to it does.
@DatabaseActor
private func onDatabaseActor<T: Sendable>(_ body: @DatabaseActor () throws -> T) rethrows -> T {
  try body()
}
