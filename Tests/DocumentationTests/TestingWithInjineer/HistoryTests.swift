import INJContainer
import INJTestSupport
import Testing

@Suite
struct ForecastHistoryTests {
  @Test func showsTheHistoryFromAFake() async throws {
    let testContainer = TestContainer(copying: HistoryContainer.make())
    testContainer.overrideAsync("forecastHistory") { _ in ForecastHistory(days: ["Fog"]) }

    let history = try await testContainer.asyncValue(
      forName: "forecastHistory", as: ForecastHistory.self)

    #expect(history.days == ["Fog"])
    assertCreated(testContainer, "forecastHistory")
  }
}

@Suite
struct LaunchTests {
  @Test func summarisesAHistoryMadeAtLaunch() async throws {
    let app = Container()
    app.addAsyncProvider(forName: "forecastHistory", options: .madeAtLaunch) { _ in
      try await Task.sleep(nanoseconds: 5_000_000_000)
      return ForecastHistory(days: ["Sunny", "Rain"])
    }
    app.addProvider(forName: "historySummary", dependencies: ["forecastHistory"]) { values in
      try values.value(forName: "forecastHistory", as: ForecastHistory.self).days
        .joined(separator: ", ")
    }
    let testContainer = TestContainer(copying: app)
    testContainer.overrideAsync("forecastHistory", options: .madeAtLaunch) { _ in
      ForecastHistory(days: ["Fog", "Sun"])
    }
    assertNoErrors(testContainer)
    try await testContainer.makeSingletons(named: ["forecastHistory"])

    #expect(try testContainer.value(forName: "historySummary", as: String.self) == "Fog, Sun")
  }
}
