// The complete examples of the article "Testing with Injineer", as written there.

import Foundation
import INJContainer
import INJReflection
import INJTestSupport
import Testing
import XCTest

// MARK: The app

protocol ForecastService: Sendable {
  func forecast(for city: String) throws -> String
}

struct OpenMeteoForecastService: ForecastService {
  let apiKey: String
  func forecast(for city: String) throws -> String {
    "Forecast for \(city), signed with \(apiKey.count) characters"
  }
}

struct Analytics: Sendable {
  var track: @Sendable (String) -> Void
}

final class ForecastViewModel {
  let service: any ForecastService
  @Inject var analytics: Analytics?

  init(service: any ForecastService) { self.service = service }

  func load(city: String) -> String {
    analytics?.track("forecast")
    return (try? service.forecast(for: city)) ?? "No forecast"
  }
}

enum AppContainer {
  static func make() -> Container {
    let container = Container()
    container.addInstance("secret", forName: "apiKey")
    container.addProvider(
      forName: "forecastService", dependencies: ["apiKey"], options: .singleton
    ) { values -> any ForecastService in
      OpenMeteoForecastService(apiKey: try values.value(forName: "apiKey"))
    }
    container.addInstance(Analytics(track: { _ in }), forName: "analytics")
    container.addProvider(
      forName: "forecastViewModel", dependencies: ["forecastService", "analytics"]
    ) { values in
      ForecastViewModel(service: try values.value(forName: "forecastService"))
    }
    return container
  }
}

// MARK: Fakes

struct FakeForecastService: ForecastService {
  var text: String
  func forecast(for city: String) throws -> String { "\(text) in \(city)" }
}

// MARK: Swift Testing

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

// MARK: XCTest

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
      assertResolved(testContainer, ["forecastViewModel", "forecastService", "analytics"])
    }
  }

  func testTheAppsWiringIsSound() {
    assertNoErrors(AppContainer.make())
    assertResolves(AppContainer.make(), "forecastViewModel", as: ForecastViewModel.self)
  }
}

// MARK: The failures the article shows

@Suite("The testing article's failure texts")
struct ArticleFailureTextTests {
  /// The article, read from the checkout this test was built from.
  static func article() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try String(
      contentsOf: root.appendingPathComponent(
        "Sources/INJTestSupport/INJTestSupport.docc/TestingWithInjineer.md"),
      encoding: .utf8)
  }

  @Test func eachFailureTheArticleShowsIsWhatTheTestContainerReports() throws {
    let recorder = RecordingIssueReporter()
    let fake = FakeForecastService(text: "Sunny") as any ForecastService

    // The first Swift Testing test, without its override of `forecastService`.
    let forgetful = TestContainer(
      copying: AppContainer.make(), strict: true, allowing: ["forecastViewModel"],
      reporter: recorder)
    forgetful.override("analytics", with: Analytics(track: { _ in }))
    _ = try? forgetful.value(forName: "forecastViewModel", as: ForecastViewModel.self)

    // A typo in an override, in `allow`, and in a strict resolution; an add of a
    // registered name.
    TestContainer(copying: AppContainer.make(), reporter: recorder)
      .override("forecastServise", with: fake)
    TestContainer(copying: AppContainer.make(), reporter: recorder)
      .allow("forecastServise")
    _ = try? TestContainer(copying: AppContainer.make(), strict: true, reporter: recorder)
      .value(forName: "forecastServise")
    TestContainer(copying: AppContainer.make(), reporter: recorder)
      .add("analytics", with: Analytics(track: { _ in }))

    #expect(recorder.messages.count == 5)
    let lines = Set(try Self.article().split(separator: "\n").map(String.init))
    let notInTheArticle = recorder.messages.filter { !lines.contains($0) }
    #expect(notInTheArticle == [])
  }
}
