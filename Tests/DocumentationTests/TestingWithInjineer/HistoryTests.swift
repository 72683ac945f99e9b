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
