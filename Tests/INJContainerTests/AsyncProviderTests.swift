import INJContainer
import INJPrimitives
import INJReflection
import Testing

/// Counts creations and the most that ran at the same time.
final class CreationGauge: Sendable {
  private let state = Locked((made: 0, running: 0, most: 0))
  var made: Int { state.withLock { $0.made } }
  var most: Int { state.withLock { $0.most } }

  func begin() {
    state.withLock {
      $0.made += 1
      $0.running += 1
      $0.most = max($0.most, $0.running)
    }
  }

  func end() { state.withLock { $0.running -= 1 } }
}

final class Forecast: Sendable {
  let city: String
  init(city: String) { self.city = city }
}

final class ForecastScreen {
  @Inject var forecast: Forecast?
  let title: String
  init(title: String) { self.title = title }
}

final class ForecastLoader {
  @Inject var forecastProvider: (() async throws -> Forecast)?
}

@MainActor
final class ForecastPanel {
  var forecast: Forecast?
}

// Available on the main actor only: the container injects a product registered from
// main-actor code there.
extension ForecastPanel: @MainActor Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&forecast, named: "forecast")
  }
}

struct LoadFailed: Error, CustomStringConvertible {
  var description: String { "the forecast could not be loaded" }
}

@Suite("Async providers")
struct AsyncProviderTests {
  @Test func anAsyncProviderIsResolvedWithAsyncValue() async throws {
    let container = Container()
    container.addInstance("Lima", forName: "city")
    container.addAsyncProvider(forName: "forecast", dependencies: ["city"]) { values in
      try await Task.sleep(nanoseconds: 1_000_000)
      return Forecast(city: try values.value(forName: "city"))
    }
    container.addProvider(forName: "title") { _ in "Today" }
    container.addAsyncProvider(forName: "screen", dependencies: ["forecast", "title"]) { values in
      ForecastScreen(title: try values.value(forName: "title"))
    }
    let screen = try await container.asyncValue(forName: "screen", as: ForecastScreen.self)
    #expect(screen.title == "Today")
    #expect(screen.forecast?.city == "Lima")
    // Every kind of name resolves asynchronously.
    #expect(try await container.asyncValue(forName: "city", as: String.self) == "Lima")
    #expect(try await container.asyncValue(forName: "title", as: String.self) == "Today")
    #expect(try await container.asyncValue(for: Key<Forecast>("forecast")).city == "Lima")
  }

  /// A value of another type, asked for at the top and from inside a creator, by name
  /// and by key; and a blank name.
  @Test func asyncRequestsThatFailSayWhyWordForWord() async {
    let container = Container()
    container.addAsyncProvider(forName: "x") { _ in 1 }
    container.addAsyncProvider(forName: "outer", dependencies: ["x"]) {
      [unowned container] _ -> Int in
      _ = try await container.asyncValue(for: Key<String>("x"))
      return 0
    }
    container.addAsyncProvider(forName: "deep", dependencies: ["outer"]) { _ in 0 }
    let mismatch =
      "it is of type Int. Ask for Int (or one of its protocols or superclasses), or register a value of type String under 'x'."
    var texts: [String] = []
    for request in [
      { try await container.asyncValue(forName: "x", as: String.self) as Any },
      { try await container.asyncValue(for: Key<String>("x")) as Any },
      { try await container.asyncValue(forName: "deep", as: Int.self) as Any },
      { try await container.asyncValue(forName: " ", as: Int.self) as Any },
    ] as [@Sendable () async throws -> Any] {
      do {
        _ = try await request()
      } catch {
        texts.append("\(error)")
      }
    }
    #expect(
      texts == [
        "Cannot resolve 'x' as String: \(mismatch)",
        "Cannot resolve 'x' as String: \(mismatch)",
        "Cannot resolve 'deep': the creator of 'outer' asked for 'x' as String, but \(mismatch) Path: deep → outer → x.",
        "Cannot resolve ' ': names must not be empty or only white space.",
      ])
  }

  @Test func aSynchronousResolutionOfAnAsyncProviderSaysToUseAsyncValue() {
    let container = Container()
    container.addAsyncProvider(forName: "forecast") { _ in Forecast(city: "Lima") }
    container.addProvider(forName: "screen", dependencies: ["forecast"]) { _ in
      ForecastScreen(title: "Today")
    }
    let direct = #expect(throws: ResolutionError.self) { try container.value(forName: "forecast") }
    #expect(
      direct?.description
        == "Cannot resolve 'forecast': the creator of 'forecast' is async, so a synchronous "
        + "resolution cannot make it. Resolve it with asyncValue(forName:as:).")
    let nested = #expect(throws: ResolutionError.self) { try container.value(forName: "screen") }
    #expect(nested?.path == ["screen", "forecast"])
    #expect(
      nested?.description
        == "Cannot resolve 'screen': the creator of 'forecast' is async, so a synchronous "
        + "resolution cannot make it. Resolve it with asyncValue(forName:as:), or register "
        + "'screen' with addAsyncProvider. Path: screen → forecast.")
  }

  @Test func theCheckReportsASynchronousProviderDependingOnAnAsyncOne() {
    let container = Container()
    container.addAsyncProvider(forName: "forecast", fileID: "App/Forecast.swift", line: 3) { _ in
      Forecast(city: "Lima")
    }
    container.addProvider(
      forName: "screen", dependencies: ["forecast"], fileID: "App/Screen.swift", line: 7
    ) { _ in ForecastScreen(title: "Today") }
    // Through a provider closure, or from another async provider, is fine.
    container.addProvider(forName: "later", dependencies: ["forecastProvider"]) { _ in 1 }
    container.addAsyncProvider(forName: "asyncScreen", dependencies: ["forecast"]) { _ in 2 }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'screen' (App/Screen.swift:7) is synchronous but depends on 'forecast' "
          + "(App/Forecast.swift:3), whose creator is async, so value(forName:) cannot make "
          + "it. Register 'screen' with addAsyncProvider, or make 'forecast' at launch: give it "
          + "options: .madeAtLaunch and call makeSingletons() when the app starts."
      ])
  }

  @Test func independentAsyncDependenciesAreMadeConcurrently() async throws {
    let container = Container()
    let gauge = CreationGauge()
    let names = (0..<8).map { "part\($0)" }
    for name in names {
      container.addAsyncProvider(forName: name) { _ in
        gauge.begin()
        defer { gauge.end() }
        try await Task.sleep(nanoseconds: 50_000_000)
        return name
      }
    }
    container.addAsyncProvider(forName: "whole", dependencies: names) { values in
      try names.map { try values.value(forName: $0, as: String.self) }.joined(separator: ",")
    }
    let whole = try await container.asyncValue(forName: "whole", as: String.self)
    #expect(whole == names.joined(separator: ","))
    #expect(gauge.made == 8)
    #expect(gauge.most > 1)
  }

  @Test func anAsyncSingletonIsMadeOnceForAThousandTasks() async throws {
    let container = Container()
    let gauge = CreationGauge()
    container.addAsyncProvider(forName: "forecast", options: .singleton) { _ in
      gauge.begin()
      defer { gauge.end() }
      try await Task.sleep(nanoseconds: 20_000_000)
      return Forecast(city: "Lima")
    }
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<1000 {
        group.addTask {
          ObjectIdentifier(try await container.asyncValue(forName: "forecast", as: Forecast.self))
        }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
    #expect(gauge.made == 1)
    // Made, it is read like any singleton, synchronously too.
    let forecast = try container.value(forName: "forecast", as: Forecast.self)
    #expect(identities == [ObjectIdentifier(forecast)])
  }

  @Test func aFailedSingletonCreationIsNotKept() async throws {
    let container = Container()
    let attempts = Locked(0)
    container.addAsyncProvider(forName: "forecast", options: .singleton) { _ in
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      if attempt == 1 { throw LoadFailed() }
      return Forecast(city: "Lima")
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "forecast", as: Forecast.self)
    }
    #expect(error?.underlyingError is LoadFailed)
    #expect(
      error?.description
        == "Cannot resolve 'forecast': the creator of 'forecast' threw an error: the forecast "
        + "could not be loaded.")
    #expect(try await container.asyncValue(forName: "forecast", as: Forecast.self).city == "Lima")
    #expect(attempts.withLock { $0 } == 2)
  }

  @Test func cancellingTheCallerCancelsTheCreationAndKeepsNothing() async throws {
    let container = Container()
    let started = Locked(false)
    container.addAsyncProvider(forName: "forecast", options: .singleton) { _ in
      started.withLock { $0 = true }
      // Longer than any test run: only cancellation ends it. (A busy machine can keep
      // the test's own task from running for many seconds, so a short sleep could end
      // on its own before the test cancels it.)
      try await Task.sleep(nanoseconds: 600_000_000_000)
      return Forecast(city: "Lima")
    }
    let task = Task { try await container.asyncValue(forName: "forecast", as: Forecast.self) }
    while !started.withLock({ $0 }) { await Task.yield() }
    task.cancel()
    let result = await task.result
    guard case .failure(let failure as ResolutionError) = result else {
      Issue.record("expected a ResolutionError, got \(result)")
      return
    }
    #expect(failure.underlyingError is CancellationError)
    #expect(failure.path == ["forecast"])
    #expect(throws: ResolutionError.self) { try container.value(forName: "forecast") }
  }

  @Test func theFirstFailureCancelsTheOtherDependencies() async throws {
    let container = Container()
    let cancelled = Locked(false)
    container.addAsyncProvider(forName: "slow") { _ in
      do {
        // Only the cancellation by the failing sibling ends it (see above).
        try await Task.sleep(nanoseconds: 600_000_000_000)
      } catch {
        cancelled.withLock { $0 = true }
        throw error
      }
      return 1
    }
    container.addAsyncProvider(forName: "failing") { _ -> Int in throw LoadFailed() }
    container.addAsyncProvider(forName: "both", dependencies: ["slow", "failing"]) { _ in 2 }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "both", as: Int.self)
    }
    #expect(error?.path == ["both", "failing"])
    #expect(error?.underlyingError is LoadFailed)
    #expect(cancelled.withLock { $0 })
  }

  @Test func aCycleOfAsyncCreatorsThrowsWithItsPath() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "a", dependencies: ["b"], options: .singleton) { _ in
      Forecast(city: "a")
    }
    container.addAsyncProvider(forName: "b", dependencies: ["a"], options: .singleton) { _ in
      Forecast(city: "b")
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "a", as: Forecast.self)
    }
    #expect(error?.reason.cycleNames == ["a", "b", "a"])
  }

  @Test func twoTasksWaitingForEachOthersSingletonsThrowInsteadOfHanging() async throws {
    for _ in 0..<20 {
      let container = Container()
      for (name, other) in [("a", "b"), ("b", "a")] {
        container.addAsyncProvider(forName: "\(name)Gate") { _ in
          try await Task.sleep(nanoseconds: 2_000_000)
          return 0
        }
        container.addAsyncProvider(
          forName: name, dependencies: ["\(name)Gate", other], options: .singleton
        ) { _ in Forecast(city: name) }
      }
      async let first = outcome { try await container.asyncValue(forName: "a", as: Forecast.self) }
      async let second = outcome {
        try await container.asyncValue(forName: "b", as: Forecast.self)
      }
      for result in await [first, second] {
        guard case .failure(let failure as ResolutionError) = result else {
          Issue.record("expected a cycle, got \(result)")
          continue
        }
        #expect(failure.reason.cycleNames == ["a", "b", "a"])
      }
    }
  }

  @Test func aMainActorDependencyIsMadeOnTheMainActor() async throws {
    let container = Container()
    await MainActor.run {
      container.addProvider(forName: "inbox", dependencies: ["service"]) { _ in
        InboxViewModel(title: "Inbox")
      }
    }
    container.addInstance(ProductsService(), forName: "service")
    container.addAsyncProvider(forName: "badge", dependencies: ["inbox"]) { values in
      let inbox = try values.value(forName: "inbox", as: InboxViewModel.self)
      return await MainActor.run { inbox.title.count }
    }
    let badge = try await Task.detached {
      try await container.asyncValue(forName: "badge", as: Int.self)
    }.value
    #expect(badge == 5)
  }

  @Test func anAsyncProductRegisteredFromMainActorCodeIsInjectedOnTheMainActor() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "forecast") { _ in Forecast(city: "Lima") }
    await MainActor.run {
      container.addAsyncProvider(forName: "panel", dependencies: ["forecast"]) { _ in
        ForecastPanel()
      }
    }
    let city = try await Task.detached {
      let panel = try await container.asyncValue(forName: "panel", as: ForecastPanel.self)
      return await panel.forecast?.city
    }.value
    #expect(city == "Lima")
  }

  @Test func anObjectGraphAsyncProductIsSharedWithinOneRequest() async throws {
    let container = Container()
    let gauge = CreationGauge()
    container.addAsyncProvider(forName: "session", options: .objectGraph) { _ in
      gauge.begin()
      defer { gauge.end() }
      try await Task.sleep(nanoseconds: 5_000_000)
      return Forecast(city: "session")
    }
    container.addAsyncProvider(forName: "left", dependencies: ["session"]) { values in
      ObjectIdentifier(try values.value(forName: "session", as: Forecast.self))
    }
    container.addAsyncProvider(forName: "right", dependencies: ["session"]) { values in
      ObjectIdentifier(try values.value(forName: "session", as: Forecast.self))
    }
    container.addAsyncProvider(forName: "pair", dependencies: ["left", "right"]) { values in
      try values.value(forName: "left", as: ObjectIdentifier.self)
        == values.value(forName: "right", as: ObjectIdentifier.self)
    }
    #expect(try await container.asyncValue(forName: "pair", as: Bool.self))
    #expect(gauge.made == 1)
    #expect(try await container.asyncValue(forName: "pair", as: Bool.self))
    #expect(gauge.made == 2)
  }

  @Test func aCreatorAskingAgainJoinsItsResolution() async throws {
    let container = Container()
    // Held weakly: the container keeps its creators.
    container.addAsyncProvider(forName: "a") { [weak container] _ in
      try await container?.asyncValue(forName: "a", as: Int.self) ?? 0 + 1
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "a", as: Int.self)
    }
    #expect(error?.reason.cycleNames == ["a", "a"])
  }

  @Test func anAsyncProvidersClosureIsAnAsyncClosure() async throws {
    let container = Container()
    let gauge = CreationGauge()
    container.addAsyncProvider(forName: "forecast") { _ in
      gauge.begin()
      gauge.end()
      return Forecast(city: "Lima")
    }
    container.addProvider(forName: "loader", dependencies: ["forecastProvider"]) { _ in
      ForecastLoader()
    }
    container.addAsyncProvider(forName: "twice", dependencies: ["forecastProvider"]) { values in
      let load = try values.value(
        forName: "forecastProvider", as: (() async throws -> Forecast).self)
      return try await load() !== load()
    }
    try container.checkForErrors()
    let load = try container.value(
      forName: "forecastProvider", as: (() async throws -> Forecast).self)
    #expect(try await load().city == "Lima")
    let loader = try container.value(forName: "loader", as: ForecastLoader.self)
    let injected = try #require(loader.forecastProvider)
    #expect(try await injected().city == "Lima")
    #expect(try await container.asyncValue(forName: "twice", as: Bool.self))
    #expect(gauge.made == 4)
    // Any other product's closure may be async too.
    container.addInstance(7, forName: "count")
    let count = try container.value(forName: "countProvider", as: (() async throws -> Int).self)
    #expect(try await count() == 7)
  }

  @Test func aSynchronousClosureOfAnAsyncProviderIsRefusedWhenHandedOut() {
    let container = Container()
    container.addAsyncProvider(forName: "forecast") { _ in Forecast(city: "Lima") }
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "forecastProvider", as: (() throws -> Forecast).self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'forecastProvider' as () throws -> Forecast: the creator of "
        + "'forecast' is async, so its provider closure is () async throws -> Forecast. Ask "
        + "for () async throws -> Forecast.")
  }

  @Test func anAsyncProviderClosureOfADroppedContainerThrows() async throws {
    var container: Container? = Container()
    container?.addAsyncProvider(forName: "forecast") { _ in Forecast(city: "Lima") }
    let load = try #require(
      try container?.value(forName: "forecastProvider", as: (() async throws -> Forecast).self))
    container = nil
    let error = await #expect(throws: ResolutionError.self) { try await load() }
    #expect(
      error?.description
        == "Cannot resolve 'forecast' through a provider closure: its container no longer "
        + "exists. Keep the container alive while its provider closures are in use.")
  }

  @Test func makeSingletonsMakesEverySingletonOnceAndConcurrently() async throws {
    let container = Container()
    let gauge = CreationGauge()
    for index in 0..<20 {
      container.addAsyncProvider(forName: "service\(index)", options: .singleton) { _ in
        gauge.begin()
        defer { gauge.end() }
        try await Task.sleep(nanoseconds: 20_000_000)
        return Forecast(city: "\(index)")
      }
    }
    container.addAsyncProvider(
      forName: "summary", dependencies: ["service0", "service1"], options: .singleton
    ) { values in
      gauge.begin()
      gauge.end()
      return Forecast(city: try values.value(forName: "service1", as: Forecast.self).city)
    }
    container.addProvider(forName: "clock", options: .singleton) { _ in
      gauge.begin()
      gauge.end()
      return Forecast(city: "clock")
    }
    container.addProvider(forName: "transient") { _ in
      gauge.begin()
      gauge.end()
      return 1
    }
    await MainActor.run {
      container.addProvider(forName: "inbox", dependencies: ["service"], options: .singleton) {
        _ in InboxViewModel(title: "Inbox")
      }
    }
    container.addInstance(ProductsService(), forName: "service")
    try await container.makeSingletons()
    #expect(gauge.made == 22)
    #expect(gauge.most > 1)
    // Made ahead: reading them creates nothing, synchronously too.
    #expect(try container.value(forName: "service7", as: Forecast.self).city == "7")
    #expect(try container.value(forName: "summary", as: Forecast.self).city == "1")
    _ = try await MainActor.run { try container.value(forName: "inbox", as: InboxViewModel.self) }
    #expect(try container.value(forName: "clock", as: Forecast.self).city == "clock")
    #expect(gauge.made == 22)
  }

  @Test func makeSingletonsMakesTheNamedOnesWithTheirDependencies() async throws {
    let container = Container()
    let gauge = CreationGauge()
    for name in ["a", "b", "c"] {
      container.addAsyncProvider(forName: name, options: .singleton) { _ in
        gauge.begin()
        gauge.end()
        return Forecast(city: name)
      }
    }
    container.addAsyncProvider(forName: "d", dependencies: ["a"], options: .singleton) { _ in
      gauge.begin()
      gauge.end()
      return Forecast(city: "d")
    }
    try await container.makeSingletons(named: ["d", "b"])
    #expect(gauge.made == 3)
    let error = await #expect(throws: ResolutionError.self) {
      try await container.makeSingletons(named: ["e"])
    }
    #expect(error?.path == ["e"])
  }

  @Test func makeSingletonsThrowsTheFirstFailure() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "fine", options: .singleton) { _ in Forecast(city: "x") }
    container.addAsyncProvider(forName: "broken", options: .singleton) { _ -> Forecast in
      throw LoadFailed()
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.makeSingletons()
    }
    #expect(error?.path == ["broken"])
    #expect(error?.underlyingError is LoadFailed)
  }

  @Test func anAsyncProviderKeyGivesItsAsyncClosure() async throws {
    let container = Container()
    let forecast = Key<Forecast>("forecast")
    container.addAsyncProvider(for: forecast) { Forecast(city: "Lima") }
    let load = try container.value(for: forecast.asyncProvider)
    #expect(forecast.asyncProvider.name == "forecastProvider")
    #expect(try await load().city == "Lima")
  }

  @Test func manualInitAsyncProductsAreNotInjected() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "forecast") { _ in Forecast(city: "Lima") }
    container.addAsyncProvider(
      forName: "manual", dependencies: ["forecast"], options: .manualInit
    ) { _ in ForecastScreen(title: "manual") }
    container.addAsyncProvider(forName: "injected", dependencies: ["forecast"]) { _ in
      ForecastScreen(title: "injected")
    }
    #expect(
      try await container.asyncValue(forName: "manual", as: ForecastScreen.self).forecast == nil)
    #expect(
      try await container.asyncValue(forName: "injected", as: ForecastScreen.self).forecast?.city
        == "Lima")
  }

  @Test func anAsyncWeakSingletonIsSharedWhileHeld() async throws {
    let container = Container()
    let gauge = CreationGauge()
    container.addAsyncProvider(forName: "forecast", options: .weakSingleton) { _ in
      gauge.begin()
      gauge.end()
      return Forecast(city: "Lima")
    }
    var held: Forecast? = try await container.asyncValue(forName: "forecast", as: Forecast.self)
    let again = try await container.asyncValue(forName: "forecast", as: Forecast.self)
    #expect(again === held)
    #expect(gauge.made == 1)
    held = nil
    _ = consume again
    _ = try await container.asyncValue(forName: "forecast", as: Forecast.self)
    #expect(gauge.made == 2)
  }

  @Test func anUnknownNameHasASuggestion() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "forecast") { _ in 1 }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "forcast", as: Int.self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'forcast': nothing is registered under that name. Did you mean "
        + "'forecast'?")
  }
}

/// The outcome of `body`, as a value.
private func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}

extension ResolutionError.Reason {
  /// The cycle's names, for a cycle.
  var cycleNames: [String]? {
    if case .cycle(let names) = self { names } else { nil }
  }
}
