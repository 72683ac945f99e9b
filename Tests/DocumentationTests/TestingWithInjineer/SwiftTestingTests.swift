import Foundation
import INJContainer
import INJTestSupport
import Testing

@Suite(.testContainer(copying: AppContainer.make(), strict: true, allowing: ["forecastViewModel"]))
struct ForecastViewModelTests {
  @Test func showsTheForecastFromTheService() throws {
    let testContainer = try #require(TestContainer.current)
    testContainer.override(
      "forecastService", with: FakeForecastService(text: "Sunny") as any ForecastService)
    let events = TrackedEvents()
    testContainer.override("analytics", with: Analytics(track: events.record))

    let viewModel = try testContainer.value(
      forName: "forecastViewModel", as: ForecastViewModel.self)

    #expect(viewModel.load(city: "Manila") == "Sunny in Manila")
    #expect(events.all == ["forecast"])
    #expect(testContainer.log.createdNames == ["forecastViewModel"])
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
    assertDependencies(
      container, of: "forecastViewModel", equal: ["forecastService", "analytics"])
  }
}

/// The events a fake `Analytics` received, from whichever thread tracked them.
final class TrackedEvents: @unchecked Sendable {
  // Sendable because `events` is only read and written with `lock` held.
  private var events: [String] = []
  private let lock = NSLock()

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return events
  }

  func record(_ event: String) {
    lock.lock()
    defer { lock.unlock() }
    events.append(event)
  }
}
