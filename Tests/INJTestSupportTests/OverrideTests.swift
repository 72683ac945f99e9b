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

  @Test func overridingAnUnregisteredNameFailsTheTestWithTheClosestName() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    let fake = FakeWeatherClient()
    let line: UInt = #line + 1
    testContainer.override("wetherClient", with: fake as any WeatherClient)

    #expect(
      recorder.issues.map(\.message) == [
        "Cannot override 'wetherClient': nothing is registered under that name. Did you mean "
          + "'weatherClient'? To add it as a new name, use add(\"wetherClient\", …) instead."
      ])
    let location = try #require(recorder.issues.first?.location)
    #expect(location.line == line)
    #expect(location.column == UInt(5 + "testContainer.override".count))
    #expect(location.fileID.description == #fileID)
    #expect(location.filePath.description == #filePath)
    // The override still takes effect, as an added name; the real client stays.
    let added = try testContainer.value(forName: "wetherClient", as: (any WeatherClient).self)
    #expect(added as? FakeWeatherClient === fake)
    #expect(
      try testContainer.value(forName: "weatherClient", as: (any WeatherClient).self)
        is LiveWeatherClient)
  }

  @Test @MainActor func everyFormOfOverrideChecksTheName() async throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    let first: UInt = #line + 1
    testContainer.override("clok") { _ -> any Clock in FixedClock(now: 1) }
    testContainer.overrideAsync("clokc") { _ -> any Clock in FixedClock(now: 2) }
    testContainer.override(Key<any Clock>("colck"), with: FixedClock(now: 3))
    testContainer.override(Key<any Clock>("lock")) { _ in FixedClock(now: 4) }
    testContainer.overrideUnimplemented("confguration")
    testContainer.override("featureFlag", with: true)
    #expect(
      recorder.issues.map(\.message) == [
        "Cannot override 'clok': nothing is registered under that name. Did you mean 'clock'? "
          + "To add it as a new name, use add(\"clok\", …) instead.",
        "Cannot override 'clokc': nothing is registered under that name. Did you mean 'clock'? "
          + "To add it as a new name, use addAsync(\"clokc\", …) instead.",
        "Cannot override 'colck': nothing is registered under that name. Did you mean 'clock'? "
          + "To add it as a new name, use add(\"colck\", …) instead.",
        "Cannot override 'lock': nothing is registered under that name. Did you mean 'clock'? "
          + "To add it as a new name, use add(\"lock\", …) instead.",
        "Cannot override 'confguration' as unimplemented: nothing is registered under that "
          + "name. Did you mean 'configuration'? To add it as a new name, use "
          + "addUnimplemented(\"confguration\") instead.",
        "Cannot override 'featureFlag': nothing is registered under that name. To add it as a "
          + "new name, use add(\"featureFlag\", …) instead.",
      ])
    #expect(recorder.issues.map(\.location.line) == Array(first...first + 5))
    // Each took effect as an added name.
    #expect(
      testContainer.addedNames == ["clok", "clokc", "colck", "confguration", "featureFlag", "lock"])
    #expect(testContainer.overriddenNames.isEmpty)
    #expect(try await testContainer.asyncValue(forName: "clokc", as: (any Clock).self).now == 2)
    #expect(try testContainer.value(forName: "clock", as: (any Clock).self) is SystemClock)
  }

  @Test func namesFromAncestorsCopiesAndEarlierRegistrationsCountAsRegistered() throws {
    let recorder = RecordingIssueReporter()
    let parent = Production.make()
    let child = parent.makeChild()
    child.addInstance(1, forName: "childOnly")
    let testContainer = TestContainer(copying: child, strict: true, reporter: recorder)
    testContainer.override("configuration", with: "from an ancestor")
    testContainer.override("childOnly", with: 2)
    testContainer.add("featureFlag", with: false)
    testContainer.override("featureFlag", with: true)
    testContainer.container.addInstance(3, forName: "registeredDirectly")
    testContainer.override("registeredDirectly", with: 4)
    #expect(recorder.issues.isEmpty)
    #expect(testContainer.overriddenNames == ["childOnly", "configuration", "registeredDirectly"])
    #expect(testContainer.addedNames == ["featureFlag"])
    #expect(try testContainer.value(forName: "featureFlag", as: Bool.self))

    // A copy of the test container has what it added, as overrides.
    let copy = TestContainer(copying: testContainer.container, reporter: recorder)
    copy.override("featureFlag", with: false)
    #expect(recorder.issues.isEmpty)
    #expect(!(try copy.value(forName: "featureFlag", as: Bool.self)))
  }

  @Test func theSuggestionIsTheClosestRegisteredNameFirstRegisteredOnATie() {
    let recorder = RecordingIssueReporter()
    let production = Container()
    for name in ["cart", "card", "weatherClient", "wx"] {
      production.addInstance(0, forName: name)
    }
    let testContainer = TestContainer(copying: production, reporter: recorder)
    testContainer.add("care", with: 0)
    // One edit from both `cart` and `card`: the first registered wins.
    testContainer.override("carx", with: 0)
    // A swap of two adjacent letters is one edit.
    testContainer.override("waetherClient", with: 0)
    // `care` was added by the test, and is the only name one edit away.
    testContainer.override("cxre", with: 0)
    // Four edits from `weatherClient` (12 letters allow four); five are too many.
    testContainer.override("weatherCxxxxt", with: 0)
    testContainer.override("weatherZzzzzz", with: 0)
    // One edit is always allowed, even for a name of two letters.
    testContainer.override("wy", with: 0)
    #expect(
      recorder.issues.map(\.message).map(suggestion) == [
        "cart", "weatherClient", "care", "weatherClient", "none", "wx",
      ])
  }

  @Test func addingARegisteredNameFailsTheTestAndReplacesIt() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    let line: UInt = #line + 1
    testContainer.add("configuration", with: "added")
    testContainer.add("clock") { _ -> any Clock in FixedClock(now: 1) }
    testContainer.add(Key<any Clock>("clock"), with: FixedClock(now: 2))
    testContainer.add(Key<any Clock>("clock")) { _ in FixedClock(now: 3) }
    testContainer.addUnimplemented("weatherClient")
    testContainer.add("featureFlag", with: true)
    testContainer.add("featureFlag", with: false)
    #expect(
      recorder.issues.map(\.message) == [
        "Cannot add 'configuration': it is already registered. To replace it, use "
          + "override(\"configuration\", …) instead.",
        "Cannot add 'clock': it is already registered. To replace it, use override(\"clock\", …) "
          + "instead.",
        "Cannot add 'clock': it is already registered. To replace it, use override(\"clock\", …) "
          + "instead.",
        "Cannot add 'clock': it is already registered. To replace it, use override(\"clock\", …) "
          + "instead.",
        "Cannot add 'weatherClient' as unimplemented: it is already registered. To replace it, "
          + "use overrideUnimplemented(\"weatherClient\") instead.",
        "Cannot add 'featureFlag': it is already registered. To replace it, use "
          + "override(\"featureFlag\", …) instead.",
      ])
    #expect(recorder.issues.map(\.location.line) == [0, 1, 2, 3, 4, 6].map { line + $0 })
    #expect(try testContainer.value(forName: "configuration", as: String.self) == "added")
    #expect(try testContainer.value(forName: "clock", as: (any Clock).self).now == 3)
    #expect(!(try testContainer.value(forName: "featureFlag", as: Bool.self)))
    // What was registered before counts as overridden, what was new as added.
    #expect(testContainer.overriddenNames == ["clock", "configuration", "weatherClient"])
    #expect(testContainer.addedNames == ["featureFlag"])
  }

  @Test @MainActor func addingAMainActorProviderUnderARegisteredNameFailsTheTest() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    // Written in main-actor code, both creators are main-actor creators.
    testContainer.add("clock") { _ -> any Clock in FixedClock(now: 1) }
    testContainer.override("clock") { _ -> any Clock in FixedClock(now: 2) }
    #expect(
      recorder.issues.map(\.message) == [
        "Cannot add 'clock': it is already registered. To replace it, use "
          + "override(\"clock\", …) instead."
      ])
    #expect(try testContainer.value(forName: "clock", as: (any Clock).self).now == 2)
  }

  @Test func aStrictTestContainerLetsAddedNamesResolve() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), strict: true, reporter: recorder)
    testContainer.add("greeting", with: "Hello")
    testContainer.add("sentence", dependencies: ["greeting"]) { values in
      "\(try values.value(forName: "greeting", as: String.self)), world"
    }
    let sentenceProvider = try testContainer.value(
      forName: "sentenceProvider", as: (() throws -> String).self)
    #expect(try sentenceProvider() == "Hello, world")
    #expect(recorder.issues.isEmpty)
  }

  @Test func anAddedUnimplementedNameFailsTheTestWhenResolved() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(reporter: recorder)
    testContainer.add("report", dependencies: ["analytics"]) { _ in "report" }
    testContainer.addUnimplemented("analytics")
    #expect(recorder.issues.isEmpty)
    #expect(testContainer.addedNames == ["analytics", "report"])

    let line: UInt = #line + 1
    #expect(resolutionError { _ = try testContainer.value(forName: "report") } != nil)
    #expect(
      recorder.issues.map(\.message) == [
        "Unimplemented: 'analytics' was resolved (path: report → analytics), but the test "
          + "overrides it as unimplemented."
      ])
    #expect(recorder.issues.map(\.location.line) == [line])
  }

  @Test func aNameNotInProductionIsAddedOnPurpose() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    testContainer.add("featureFlag", with: true)
    testContainer.add("greeting", dependencies: ["configuration"]) { values in
      "Hello, \(try values.value(forName: "configuration", as: String.self))"
    }
    #expect(try testContainer.value(forName: "featureFlag", as: Bool.self))
    #expect(try testContainer.value(forName: "greeting", as: String.self) == "Hello, live")
    #expect(testContainer.addedNames == ["featureFlag", "greeting"])
    #expect(testContainer.overriddenNames.isEmpty)
    #expect(recorder.issues.isEmpty)
  }

  @Test func overridingAProviderClosureNameIsRefusedInFavourOfItsBase() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    testContainer.override("clockProvider", with: { @Sendable in FixedClock(now: 1) as any Clock })
    testContainer.overrideUnimplemented("clockProvider")
    testContainer.add("clockProvider", with: 1)
    #expect(
      recorder.issues.map(\.message) == [
        "Cannot override 'clockProvider': it is the provider closure of 'clock', which makes "
          + "'clock' each time it is called. Override 'clock' instead; 'clockProvider' then "
          + "makes the fake.",
        "Cannot override 'clockProvider' as unimplemented: it is the provider closure of "
          + "'clock', which makes 'clock' each time it is called. Override 'clock' instead; "
          + "'clockProvider' then makes the fake.",
        "Cannot add 'clockProvider': it is the provider closure of 'clock', which makes 'clock' "
          + "each time it is called. Override 'clock' instead; 'clockProvider' then makes the "
          + "fake.",
      ])
    // Refused: nothing was registered, and both names resolve as before.
    #expect(testContainer.overriddenNames.isEmpty && testContainer.addedNames.isEmpty)
    #expect(try testContainer.value(forName: "clock", as: (any Clock).self) is SystemClock)
    let clockProvider = try testContainer.value(
      forName: "clockProvider", as: (() throws -> any Clock).self)
    #expect(try clockProvider() is SystemClock)
  }

  @Test func overridesAndAdditionsTakeKeysAmongTheirDependencies() throws {
    let testContainer = TestContainer(copying: Production.make())
    let configuration = Key<String>("configuration")
    testContainer.override(
      "weatherClient", dependencies: [.key(configuration)]
    ) { values -> any WeatherClient in
      LiveWeatherClient(configuration: "fake " + (try values.value(for: configuration)))
    }
    testContainer.add("greeting", dependencies: [.key(configuration), "clock"]) { values in
      "Hi, \(try values.value(for: configuration))"
    }
    try testContainer.container.checkForErrors()
    #expect(try testContainer.value(forName: "greeting", as: String.self) == "Hi, live")

    testContainer.add(
      "count", dependencies: [.key(Key<Int>("configuration"))], fileID: "Tests/Count.swift",
      line: 4
    ) { _ in 1 }
    let error = #expect(throws: ValidationError.self) {
      try testContainer.container.checkForErrors()
    }
    #expect(
      error?.report.problems.map(\.description) == [
        "'count' (Tests/Count.swift:4) depends on Key<Int>(\"configuration\"), but "
          + "'configuration' (INJTestSupportTests/Support.swift:69) provides String, which is "
          + "never Int. Give the key the type String (or one of its protocols or "
          + "superclasses), or register Int under 'configuration'."
      ])
  }

  @Test func keysOverrideTheirNames() throws {
    let clockKey = Key<any Clock>("clock")
    let testContainer = TestContainer(copying: Production.make())
    testContainer.override(clockKey, with: FixedClock(now: 3))
    #expect(try testContainer.value(for: clockKey).now == 3)

    testContainer.override(clockKey) { _ in FixedClock(now: 4) }
    #expect(try testContainer.value(for: clockKey).now == 4)
  }

  @Test func anEmptyTestContainerTakesOnlyAddedNames() throws {
    let testContainer = TestContainer()
    testContainer.add("greeting", with: "Hello")
    testContainer.add("sentence", dependencies: ["greeting"]) { values in
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

  @Test @MainActor func anAddedMainActorProviderRunsOnTheMainActor() async throws {
    @MainActor final class ViewModel {
      let title: String
      init(title: String) { self.title = title }
    }
    let testContainer = TestContainer(copying: Production.make())
    let line = #line + 1
    testContainer.add("viewModel", dependencies: ["configuration"]) { values in
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
        + "the main actor, because it was registered from main-actor code, at "
        + "INJTestSupportTests/OverrideTests.swift:\(line). Resolve it "
        + "from the main actor or with asyncValue(forName:as:), which runs it there; or, if it "
        + "needs no main-actor state, "
        + "register it from a nonisolated function, whose creators run on any thread.")
  }
}

/// The name a message suggests ("Did you mean 'cart'?"), or "none". (A plain search: the
/// tests run at the package's minimums, below `firstMatch(of:)`.)
private func suggestion(in message: String) -> String {
  let marker = "Did you mean '"
  var rest = Substring(message)
  while !rest.isEmpty, !rest.hasPrefix(marker) { rest = rest.dropFirst() }
  guard rest.hasPrefix(marker) else { return "none" }
  rest = rest.dropFirst(marker.count)
  guard let end = rest.firstIndex(of: "'") else { return "none" }
  return String(rest[..<end])
}
