import INJTestSupport
import Testing

@Suite(.testContainer(copying: AppContainer.make()))
struct ForecastTests {
  @Test func showsTheForecast() throws {
    let testContainer = try #require(TestContainer.current)
    testContainer.override(
      "forecastService", with: FakeForecastService(text: "Sunny") as any ForecastService)

    let viewModel = try testContainer.value(
      forName: "forecastViewModel", as: ForecastViewModel.self)

    #expect(viewModel.load(city: "Lima") == "Sunny in Lima")
    assertCreated(testContainer, "forecastViewModel")
  }
}
