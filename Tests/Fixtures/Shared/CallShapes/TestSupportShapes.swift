import INJTestSupport
import Injineer

/// The test container's calls: adding and overriding with `dependencies: []`, by name
/// and by key, async and main-actor fakes, and the log assertions by one name.
nonisolated func testSupportShapes() async throws -> ShapeLog {
  var log = ShapeLog("test support")
  let production = Container()
  production.addInstance(Engine(power: 1), forName: "engine")
  production.addProvider(forName: "car", dependencies: ["engine"]) { _ in Car() }
  production.addAsyncProvider(forName: "forecast", dependencies: []) { _ in
    await Forecast.load("Oslo")
  }
  production.addProvider(for: Key<Engine>("spare")) { Engine(power: 0) }
  let recorder = RecordingIssueReporter()
  let testContainer = TestContainer(copying: production, reporter: recorder)
  testContainer.override("engine", dependencies: []) { _ in Engine(power: 2) }
  testContainer.override("car") { _ in Car() }
  testContainer.override(Key<Engine>("spare"), dependencies: []) { _ in Engine(power: 3) }
  testContainer.add("extra", dependencies: []) { _ in Engine(power: 4) }
  testContainer.add(Key<Engine>("keyedExtra"), dependencies: []) { _ in Engine(power: 5) }
  testContainer.add("withKey", dependencies: [.key(.engine)]) { values in
    Engine(power: try values.value(for: .engine).power + 10)
  }
  testContainer.overrideAsync("forecast", dependencies: []) { _ in await Forecast.load("Rome") }
  testContainer.addAsync("asyncExtra", dependencies: []) { _ in await Forecast.load("Pisa") }

  log.expect(try testContainer.value(forName: "engine", as: Engine.self).power == 2, "override")
  log.expect(try testContainer.value(forName: "extra", as: Engine.self).power == 4, "add")
  log.expect(try testContainer.value(for: Key<Engine>("spare")).power == 3, "override key")
  log.expect(try testContainer.value(for: Key<Engine>("keyedExtra")).power == 5, "add key")
  log.expect(try testContainer.value(forName: "withKey", as: Engine.self).power == 12, "keyed")
  let make: () throws -> Car = try testContainer.value(forName: "carProvider")
  log.expect(try make().wheels == 4, "let f: () throws -> Car")
  let city = try await testContainer.asyncValue(forName: "forecast", as: Forecast.self).city
  log.expect(city == "Rome", "overrideAsync")
  log.expect(assertResolved(testContainer, "engine"), "assertResolved(tc, name)")
  log.expect(assertCreated(testContainer, "extra"), "assertCreated(tc, name)")
  log.expect(recorder.issues.isEmpty, "no issue: \(recorder.issues.map(\.message))")
  return log
}

/// Test support from main-actor code.
@MainActor
func mainActorTestSupportShapes() throws -> ShapeLog {
  var log = ShapeLog("main-actor test support")
  let production = Container()
  production.addProvider(forName: "screen", dependencies: []) { _ in Screen(title: "Home") }
  production.addProvider(forName: "third") { _ in Screen(title: "Real") }
  let recorder = RecordingIssueReporter()
  let testContainer = TestContainer(copying: production, reporter: recorder)
  testContainer.override("screen", dependencies: []) { _ in Screen(title: "Fake") }
  testContainer.add("other", dependencies: []) { _ in Screen(title: "Other") }
  testContainer.override("third", dependencies: []) { _ in Screen(title: "Third") }
  log.expect(try testContainer.value(forName: "screen", as: Screen.self).title == "Fake", "fake")
  log.expect(try testContainer.value(forName: "other", as: Screen.self).title == "Other", "add")
  let make: @MainActor () -> Screen = try testContainer.value(forName: "thirdProvider")
  log.expect(make().title == "Third", "let m: @MainActor () -> Screen")
  log.expect(recorder.issues.isEmpty, "no issue: \(recorder.issues.map(\.message))")
  return log
}
