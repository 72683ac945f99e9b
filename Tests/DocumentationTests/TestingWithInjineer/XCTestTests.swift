import INJContainer
import INJTestSupport
import XCTest

final class ForecastViewModelTestCase: XCTestCase {
  @MainActor
  func testShowsTheForecastFromTheService() async throws {
    try withTestContainer(
      copying: AppContainer.make(), strict: true, allowing: ["forecastViewModel"]
    ) { testContainer in
      testContainer.override(
        "forecastService", with: FakeForecastService(text: "Sunny") as any ForecastService)
      testContainer.override("analytics", with: Analytics(track: { _ in }))

      let viewModel = try testContainer.value(
        forName: "forecastViewModel", as: ForecastViewModel.self)

      XCTAssertEqual(viewModel.load(city: "Manila"), "Sunny in Manila")
      XCTAssertEqual(
        testContainer.log.resolvedNames, ["forecastViewModel", "forecastService", "analytics"])
    }
  }

  func testTheAppsWiringIsSound() {
    assertNoErrors(AppContainer.make())
    assertResolves(AppContainer.make(), "forecastViewModel", as: ForecastViewModel.self)
  }
}
