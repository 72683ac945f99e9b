import INJContainer
import INJTestSupport
import Testing

@Suite("Strict test containers")
struct StrictnessTests {
  @Test func aNameNeitherOverriddenNorAllowedFailsTheTestAndThrows() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(
      copying: Production.make(), strict: true, allowing: ["weatherReport"], reporter: recorder)
    testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)

    let line: UInt = #line + 2
    let error = resolutionError {
      _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    }
    #expect(error?.name == "clock")
    #expect(error?.path == ["weatherReport", "clock"])
    let refusal =
      "the strict test container neither overrides nor allows 'clock'. Override it, or "
      + "allow it with allow(\"clock\")."
    if case .refused(let why) = error?.reason {
      #expect(why == refusal)
    } else {
      Issue.record("Expected a refusal, got \(String(describing: error?.reason))")
    }
    #expect(
      error?.description
        == "Cannot resolve 'weatherReport': \(refusal) Path: weatherReport → clock.")

    #expect(
      recorder.issues.map(\.message) == [
        "Strict test container refused 'clock' (path: weatherReport → clock): the test "
          + "neither overrides nor allows it. Override it, or allow it with allow(\"clock\")."
      ])
    let location = try #require(recorder.issues.first?.location)
    #expect(location.line == line)
    #expect(location.fileID.description == #fileID)
    #expect(location.filePath.description == #filePath)
    #expect(testContainer.log.refusedNames == ["clock"])
    #expect(testContainer.log.resolvedNames == ["weatherReport", "weatherClient"])
  }

  @Test func aRefusedNameThatIsNotRegisteredGetsTheClosestNameNotAnAllowAdvice() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), strict: true, reporter: recorder)
    testContainer.add("greeting", dependencies: ["wetherClient"]) { _ in "Hi" }

    let line: UInt = #line + 1
    let error = resolutionError { _ = try testContainer.value(forName: "greeting") }
    _ = resolutionError { _ = try testContainer.value(forName: "featureFlag") }
    _ = resolutionError { _ = try testContainer.value(forName: "clockProvidr") }
    // A registered name's provider closure is registered: allowing it would help.
    _ = resolutionError { _ = try testContainer.value(forName: "clockProvider") }

    let fix = { (name: String) in
      "To use a new name, register it in the production container, or add it to the test "
        + "container with add(\"\(name)\", …)."
    }
    #expect(
      recorder.issues.map(\.message) == [
        "Strict test container refused 'wetherClient' (path: greeting → wetherClient): nothing "
          + "is registered under that name. Did you mean 'weatherClient'? " + fix("wetherClient"),
        "Strict test container refused 'featureFlag' (path: featureFlag): nothing is "
          + "registered under that name. " + fix("featureFlag"),
        "Strict test container refused 'clockProvidr' (path: clockProvidr): nothing is "
          + "registered under that name. Did you mean 'clockProvider'? " + fix("clockProvidr"),
        "Strict test container refused 'clockProvider' (path: clockProvider): the test neither "
          + "overrides nor allows it. Override it, or allow it with allow(\"clockProvider\").",
      ])
    #expect(recorder.issues.map(\.location.line) == [line, line + 1, line + 2, line + 4])
    #expect(
      error?.description
        == "Cannot resolve 'greeting': nothing is registered under 'wetherClient'. Did you mean "
        + "'weatherClient'? \(fix("wetherClient")) Path: greeting → wetherClient.")
    #expect(
      testContainer.log.refusedNames == [
        "wetherClient", "featureFlag", "clockProvidr", "clockProvider",
      ])
  }

  @Test func overriddenAndAllowedNamesResolve() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(
      copying: Production.make(), strict: true, reporter: recorder)
    testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)
    testContainer.allow("weatherReport", "clock")
    #expect(testContainer.allowedNames == ["clock", "weatherReport"])

    let report = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    #expect(report.text == "Sunny in Manila")
    #expect(recorder.issues.isEmpty)
  }

  @Test func allowingAnUnregisteredNameFailsTheTestAtTheCall() throws {
    let recorder = RecordingIssueReporter()
    let creation: UInt = #line + 1
    let testContainer = TestContainer(
      copying: Production.make(), strict: true, allowing: ["clock", "wetherReport"],
      reporter: recorder)
    let line: UInt = #line + 1
    testContainer.allow("confguration", "weatherClientProvider", "featureFlag")
    testContainer.allow("clockProvidr", " ")
    #expect(
      recorder.issues.map(\.message) == [
        "Cannot allow 'wetherReport': nothing is registered under that name. Did you mean "
          + "'weatherReport'? To use a new name, add it with add(\"wetherReport\", …), which "
          + "also lets it resolve.",
        "Cannot allow 'confguration': nothing is registered under that name. Did you mean "
          + "'configuration'? To use a new name, add it with add(\"confguration\", …), which "
          + "also lets it resolve.",
        "Cannot allow 'featureFlag': nothing is registered under that name. To use a new "
          + "name, add it with add(\"featureFlag\", …), which also lets it resolve.",
        "Cannot allow 'clockProvidr': nothing is registered under that name. Did you mean "
          + "'clockProvider'? To use a new name, add it with add(\"clockProvidr\", …), which "
          + "also lets it resolve.",
        "Cannot allow ' ': nothing is registered under that name. To use a new name, add it "
          + "with add(\" \", …), which also lets it resolve.",
      ])
    #expect(
      recorder.issues.map(\.location.line) == [creation, line, line, line + 1, line + 1])
    #expect(
      recorder.issues.map(\.location.column) == [
        UInt(5 + "let testContainer = TestContainer".count),
        UInt(5 + "testContainer.allow".count), UInt(5 + "testContainer.allow".count),
        UInt(5 + "testContainer.allow".count), UInt(5 + "testContainer.allow".count),
      ])
    #expect(recorder.issues.allSatisfy { $0.location.filePath.description == #filePath })
    // They are allowed all the same.
    #expect(
      testContainer.allowedNames == [
        " ", "clock", "clockProvidr", "confguration", "featureFlag", "weatherClientProvider",
        "wetherReport",
      ])
  }

  @Test func allowingAnUnregisteredNameInATraitFailsTheTestAtTheTrait() async throws {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let trait = TestContainerTrait.testContainer(
      copying: Production.make(), strict: true, allowing: ["clocks"], reporter: recorder)
    try await trait.provideScope(for: try #require(Test.current), testCase: nil) {}
    withTestContainer(copying: Production.make(), allowing: ["wetherClient"], reporter: recorder) {
      _ in
    }
    #expect(
      recorder.issues.map(\.message) == [
        "Cannot allow 'clocks': nothing is registered under that name. Did you mean 'clock'? "
          + "To use a new name, add it with add(\"clocks\", …), which also lets it resolve.",
        "Cannot allow 'wetherClient': nothing is registered under that name. Did you mean "
          + "'weatherClient'? To use a new name, add it with add(\"wetherClient\", …), which "
          + "also lets it resolve.",
      ])
    #expect(recorder.issues.map(\.location.line) == [line, line + 3])
  }

  @Test func allowingANameAllowsItsProviderClosure() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(
      copying: Production.make(), strict: true, reporter: recorder)
    testContainer.allow("reportScreen", "weatherReport", "clock")
    testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)

    let screen = try testContainer.value(forName: "reportScreen", as: ReportScreen.self)
    #expect(screen.weatherReportProvider?().text == "Sunny in Manila")
    #expect(recorder.issues.isEmpty)
  }

  @Test func aRefusalOutsideATestCallIsReportedWhereTheTestContainerWasMade() throws {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let testContainer = TestContainer(copying: Production.make(), strict: true, reporter: recorder)
    testContainer.allow("reportScreen", "weatherReport", "clock", "weatherClient")
    let screen = try testContainer.value(forName: "reportScreen", as: ReportScreen.self)
    let provider = try testContainer.value(
      forName: "weatherReportProvider", as: (() throws -> WeatherReport).self)
    _ = screen

    // Called later, by the code under test: no call of the test is in progress.
    #expect(throws: ResolutionError.self) { try provider() }
    #expect(
      recorder.issues.map(\.message) == [
        "Strict test container refused 'configuration' (path: weatherReport → weatherClient → "
          + "configuration): the test neither overrides nor allows it. Override it, or allow it "
          + "with allow(\"configuration\")."
      ])
    #expect(recorder.issues.first?.location.line == line)
  }

  @Test func aLenientTestContainerLetsEveryNameResolve() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    #expect(!testContainer.isStrict)
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    #expect(recorder.issues.isEmpty)
  }

  @Test func inSwiftTestingARefusalIsAnIssueAtTheTestsCall() throws {
    let testContainer = TestContainer(copying: Production.make(), strict: true)
    var line = 0
    let issues = recordedIssues {
      line = #line + 1
      _ = try? testContainer.value(forName: "clock")
    }
    #expect(
      issues.map(\.message) == [
        "Strict test container refused 'clock' (path: clock): the test neither overrides nor "
          + "allows it. Override it, or allow it with allow(\"clock\")."
      ])
    #expect(issues.first?.sourceLocation?.line == line)
    #expect(issues.first?.sourceLocation?.fileID == #fileID)
  }

  @Test func inSwiftTestingARefusalInsideAnAssertionIsOneIssue() throws {
    let testContainer = TestContainer(copying: Production.make(), strict: true)
    var line = 0
    let issues = recordedIssues {
      line = #line + 1
      assertResolves(testContainer, "clock", as: (any Clock).self)
    }
    #expect(
      issues.map(\.message) == [
        "Strict test container refused 'clock' (path: clock): the test neither overrides nor "
          + "allows it. Override it, or allow it with allow(\"clock\")."
      ])
    #expect(issues.map(\.sourceLocation?.line) == [line])
  }
}

@Suite("Lookups in test containers")
struct TestContainerLookupTests {
  @Test func aMissingNameGivesNilAndARefusedOneStillFails() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), strict: true, reporter: recorder)
    #expect(testContainer.container.isRegistered("clock"))
    #expect(!testContainer.container.isRegistered("featureFlag"))
    let missing =
      testContainer.container.isRegistered("featureFlag")
      ? try testContainer.value(forName: "featureFlag", as: Bool.self) : nil
    #expect(missing == nil)
    #expect(recorder.issues.map(\.message).isEmpty)
    #expect(throws: ResolutionError.self) {
      testContainer.container.isRegistered("clock")
        ? try testContainer.value(forName: "clock", as: Any.self) : nil
    }
    #expect(recorder.issues.map(\.message).count == 1)
    testContainer.override("featureFlag", with: true)
    let overridden =
      testContainer.container.isRegistered("featureFlag")
      ? try testContainer.value(forName: "featureFlag", as: Bool.self) : nil
    #expect(overridden == true)
  }
}

@Suite("Modules in test containers")
struct TestContainerModuleTests {
  struct ClientModule: ContainerModule {
    func register(in container: Container) {
      container.addProvider(forName: "weatherClient", options: .singleton) { _ in
        FakeWeatherClient() as any WeatherClient
      }
    }
  }

  struct FakeClientModule: ContainerModule {
    func register(in container: Container) {
      container.addInstance(FakeWeatherClient() as any WeatherClient, forName: "weatherClient")
      container.addInstance("fake", forName: "fakeOnly")
    }
  }

  @Test func overridingAModuleReplacesItsNamesAndCountsThemOverridden() throws {
    let production = Container()
    production.install(ClientModule())
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: production, strict: true, reporter: recorder)
    testContainer.override(FakeClientModule())
    #expect(testContainer.overriddenNames == ["weatherClient"])
    #expect(testContainer.addedNames == ["fakeOnly"])
    _ = try testContainer.value(forName: "weatherClient", as: (any WeatherClient).self)
    #expect(try testContainer.value(forName: "fakeOnly", as: String.self) == "fake")
    #expect(recorder.issues.map(\.message).isEmpty)
    try testContainer.container.checkForErrors()
    let overrides = testContainer.container.registrations().filter(\.isOverride)
    #expect(overrides.map(\.site.module) == ["FakeClientModule", "FakeClientModule"])
  }

  @Test func aModuleInstalledInATestContainerIsChecked() {
    let testContainer = TestContainer()
    testContainer.container.install(ClientModule())
    testContainer.container.install(ClientModule())
    #expect(throws: ValidationError.self) { try testContainer.container.checkForErrors() }
  }
}

@Suite("Collections in test containers")
struct TestContainerCollectionTests {
  static func production() -> Container {
    let container = Container()
    container.contribute(to: "tasks") { _ in "warm caches" }
    container.contribute(to: "tasks") { _ in "send launch event" }
    return container
  }

  @Test func oneContributionCanBeReplaced() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Self.production(), strict: true, reporter: recorder)
    testContainer.override("tasks", contribution: 1, with: "record launch event")
    #expect(
      try testContainer.value(forName: "tasks", as: [String].self)
        == ["warm caches", "record launch event"])
    #expect(recorder.issues.map(\.message).isEmpty)
  }

  @Test func aContributionThatDoesNotExistFailsTheTest() {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Self.production(), reporter: recorder)
    let line: UInt = #line + 1
    testContainer.override("tasks", contribution: 2, with: "extra")
    testContainer.override("sinks", contribution: 0, with: "extra")
    #expect(
      recorder.issues.map(\.message) == [
        "Cannot override contribution 2 of 'tasks': 'tasks' has no contribution 2. "
          + "Contributions are counted from 0 in registration order.",
        "Cannot override contribution 0 of 'sinks': 'sinks' has no contribution 0. "
          + "Contributions are counted from 0 in registration order.",
      ])
    #expect(recorder.issues.first?.location.line == line)
  }
}
