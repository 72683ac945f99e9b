import INJContainer
import INJTestSupport
import Synchronization
import Testing

@Suite(.testContainer(copying: AppContainer.make(), strict: true, allowing: ["forecastViewModel"]))
struct ForecastViewModelTests {
  @Test func showsTheForecastFromTheService() throws {
    let testContainer = try #require(TestContainer.current)
    testContainer.override(
      "forecastService", with: FakeForecastService(text: "Sunny") as any ForecastService)
    let events = Mutex<[String]>([])
    testContainer.override(
      "analytics", with: Analytics(track: { event in events.withLock { $0.append(event) } }))

    let viewModel = try testContainer.value(
      forName: "forecastViewModel", as: ForecastViewModel.self)

    #expect(viewModel.load(city: "Manila") == "Sunny in Manila")
    #expect(events.withLock { $0 } == ["forecast"])
    assertCreated(testContainer, ["forecastViewModel"])
  }

  @Test func creatingTheViewModelTracksNothing() throws {
    let testContainer = try #require(TestContainer.current)
    testContainer.override(
      "forecastService", with: FakeForecastService(text: "Sunny") as any ForecastService)
    testContainer.override("analytics", with: Analytics(track: unimplemented("Analytics.track")))

    assertResolves(testContainer, "forecastViewModel", as: ForecastViewModel.self)
  }

  @Test func theAppsWiringIsSound() {
    let container = AppContainer.make()
    assertNoErrors(container)
    assertNoCycles(container)
    assertDependencies(
      container, of: "forecastViewModel", equal: ["forecastService", "analytics"])
  }
}
