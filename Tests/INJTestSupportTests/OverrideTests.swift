import INJContainer
import INJReflection
import INJTestSupport
import Testing

@Suite("Overrides")
struct OverrideTests {
  @Test func anInstanceOverrideReplacesTheProductionRegistration() throws {
    let testContainer = TestContainer(copying: Production.make())
    let fake = FakeWeatherClient()
    testContainer.override("weatherClient", with: fake as any WeatherClient)

    let client = try testContainer.value(forName: "weatherClient", as: (any WeatherClient).self)
    #expect(client as? FakeWeatherClient === fake)
    #expect(
      try testContainer.container.value(forName: "weatherClient") as? FakeWeatherClient === fake)
  }

  @Test func overridesReachDependenciesInjectedPropertiesAndProviderClosures() throws {
    let testContainer = TestContainer(copying: Production.make())
    let fake = FakeWeatherClient(text: "Rain")
    testContainer.override("weatherClient", with: fake as any WeatherClient)
    testContainer.override("clock") { _ -> any Clock in FixedClock(now: 7) }

    // A dependency, read by the creator.
    let report = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    #expect(report.client as? FakeWeatherClient === fake)
    // An injected property.
    #expect(report.clock?.now == 7)
    // A provider closure, injected into a property and called later.
    let screen = try testContainer.value(forName: "reportScreen", as: ReportScreen.self)
    let made = try #require(screen.weatherReportProvider?())
    #expect(made.text == "Rain in Manila")
    #expect(made.clock?.now == 7)
    // A provider closure resolved directly.
    let clockProvider = try testContainer.value(
      forName: "clockProvider", as: (() throws -> any Clock).self)
    #expect(try clockProvider().now == 7)
  }

  @Test func aProviderOverrideHasItsOwnDependenciesAndScope() throws {
    let testContainer = TestContainer(copying: Production.make())
    let created = Counter()
    testContainer.override("weatherClient", dependencies: ["configuration"], options: .singleton) {
      values -> any WeatherClient in
      created.increment()
      return FakeWeatherClient(configuration: try values.value(forName: "configuration"))
    }
    let first = try testContainer.value(forName: "weatherClient", as: (any WeatherClient).self)
    let second = try testContainer.value(forName: "weatherClient", as: (any WeatherClient).self)
    #expect(first.configuration == "live")
    #expect(first as AnyObject === second as AnyObject)
    #expect(created.value == 1)
  }

  @Test func aLaterOverrideReplacesAnEarlierOneWithoutADuplicate() throws {
    let testContainer = TestContainer(copying: Production.make())
    testContainer.override("configuration", with: "first")
    testContainer.override("configuration", with: "second")
    #expect(try testContainer.value(forName: "configuration", as: String.self) == "second")
    #expect(testContainer.overriddenNames == ["configuration"])
    try testContainer.container.checkForErrors()
  }

  @Test func aNameNotInProductionCanBeOverridden() throws {
    let testContainer = TestContainer(copying: Production.make())
    testContainer.override("featureFlag", with: true)
    #expect(try testContainer.value(forName: "featureFlag", as: Bool.self))
  }

  @Test func overridingAProviderClosureNameCollidesWithItsBase() {
    let testContainer = TestContainer(copying: Production.make())
    testContainer.override("clockProvider", with: { FixedClock(now: 1) as any Clock })
    let error = resolutionError { _ = try testContainer.value(forName: "clock") }
    #expect(
      error?.description
        == "Cannot resolve 'clock': 'clockProvider' is registered, and is also the name of the "
        + "provider closure for 'clock'. Rename one of them.")
  }

  @Test func keysOverrideTheirNames() throws {
    let clockKey = Key<any Clock>("clock")
    let testContainer = TestContainer(copying: Production.make())
    testContainer.override(clockKey, with: FixedClock(now: 3))
    #expect(try testContainer.value(for: clockKey).now == 3)

    testContainer.override(clockKey) { _ in FixedClock(now: 4) }
    #expect(try testContainer.value(for: clockKey).now == 4)
  }

  @Test func anEmptyTestContainerTakesOnlyOverrides() throws {
    let testContainer = TestContainer()
    testContainer.override("greeting", with: "Hello")
    testContainer.override("sentence", dependencies: ["greeting"]) { values in
      "\(try values.value(forName: "greeting", as: String.self)), world"
    }
    #expect(try testContainer.value(forName: "sentence", as: String.self) == "Hello, world")
    #expect(throws: ResolutionError.self) {
      try testContainer.value(forName: "weatherClient")
    }
  }

  @Test func aTestContainerCopyKeepsTheOverridesOfTheOneItCopies() throws {
    let first = TestContainer(copying: Production.make())
    first.override("configuration", with: "fake")
    let second = TestContainer(copying: first.container, strict: true)
    #expect(second.overriddenNames == ["configuration"])
    #expect(try second.value(forName: "configuration", as: String.self) == "fake")
  }

  @Test @MainActor func aMainActorOverrideRunsOnTheMainActor() async throws {
    @MainActor final class ViewModel {
      let title: String
      init(title: String) { self.title = title }
    }
    let testContainer = TestContainer(copying: Production.make())
    testContainer.overrideMainActor("viewModel", dependencies: ["configuration"]) { values in
      ViewModel(title: try values.value(forName: "configuration"))
    }
    let model = try testContainer.value(forName: "viewModel", as: ViewModel.self)
    #expect(model.title == "live")

    let error = await #expect(throws: ResolutionError.self) {
      try await Task.detached {
        _ = try testContainer.value(forName: "viewModel")
      }.value
    }
    #expect(
      error?.description
        == "Cannot resolve 'viewModel' off the main actor: the creator of 'viewModel' runs on "
        + "the main actor. Resolve it from the main actor.")
  }
}
