import INJContainer
import INJTestSupport
import Testing

@Suite("Unimplemented placeholders")
struct UnimplementedTests {
  struct Analytics: Sendable {
    var track: @Sendable (String) -> Void
    var flush: @Sendable () throws -> Void
    var pending: @Sendable () -> Int
    var upload: @Sendable (String, Int) async throws -> Bool
  }

  @Test func eachPlaceholderFailsTheTestWhenCalled() async throws {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 3
    let analytics = withIssueReporter(recorder) {
      Analytics(
        track: unimplemented("Analytics.track"), flush: unimplemented("Analytics.flush"),
        pending: unimplemented("Analytics.pending", placeholder: 42),
        upload: unimplemented("Analytics.upload"))
    }
    #expect(recorder.issues.isEmpty)

    analytics.track("opened")
    #expect(throws: UnimplementedError(name: "Analytics.flush")) { try analytics.flush() }
    #expect(analytics.pending() == 42)
    await #expect(throws: UnimplementedError(name: "Analytics.upload")) {
      try await analytics.upload("batch", 3)
    }

    #expect(
      recorder.issues.map(\.message) == [
        "Unimplemented: 'Analytics.track' was called.",
        "Unimplemented: 'Analytics.flush' was called.",
        "Unimplemented: 'Analytics.pending' was called.",
        "Unimplemented: 'Analytics.upload' was called.",
      ])
    #expect(recorder.issues.map(\.location.line) == [line, line, line + 1, line + 2])
  }

  @Test func theErrorNamesThePlaceholder() {
    #expect(
      UnimplementedError(name: "Analytics.flush").description
        == "'Analytics.flush' is unimplemented in this test.")
  }

  @Test func inSwiftTestingACallIsAnIssueWhereThePlaceholderWasMade() {
    let line = #line + 1
    let track: @Sendable (String) -> Void = unimplemented("Analytics.track")
    let issues = recordedIssues {
      track("opened")
    }
    #expect(issues.map(\.message) == ["Unimplemented: 'Analytics.track' was called."])
    #expect(issues.first?.sourceLocation?.line == line)
  }

  @Test func anUnimplementedNameFailsTheTestWhenResolved() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    let overrideLine: UInt = #line + 1
    testContainer.overrideUnimplemented("clock")
    #expect(testContainer.overriddenNames == ["clock"])
    try testContainer.container.checkForErrors()

    let line: UInt = #line + 2
    let error = resolutionError {
      _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'weatherReport': 'clock' is unimplemented in this test. Path: "
        + "weatherReport → clock.")
    #expect(
      recorder.issues.map(\.message) == [
        "Unimplemented: 'clock' was resolved (path: weatherReport → clock), but the test "
          + "overrides it as unimplemented."
      ])
    #expect(recorder.issues.first?.location.line == line)

    // Through a provider closure called later, the failure points at the override.
    let earlier = recorder.issues.count
    let clockProvider = try testContainer.value(
      forName: "clockProvider", as: (() throws -> any Clock).self)
    #expect(throws: ResolutionError.self) { try clockProvider() }
    #expect(recorder.issues.dropFirst(earlier).map(\.location.line) == [overrideLine])
    #expect(testContainer.log.refusedNames == ["clock", "clock"])
  }

  @Test func anOverrideReplacesAnUnimplementedName() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), strict: true, reporter: recorder)
    testContainer.overrideUnimplemented("clock")
    testContainer.override("clock", with: FixedClock(now: 1) as any Clock)
    #expect(try testContainer.value(forName: "clock", as: (any Clock).self).now == 1)
    #expect(recorder.issues.isEmpty)
  }
}
