import INJContainer
import INJPrimitives
import INJReflection
import INJTestSupport
import Testing

// A small weather app, wired by a production container, for the tests to fake.

protocol WeatherClient: Sendable {
  var configuration: String { get }
  func forecast(for city: String) -> String
}

final class LiveWeatherClient: WeatherClient {
  let configuration: String
  init(configuration: String) { self.configuration = configuration }
  func forecast(for city: String) -> String { "Live forecast for \(city)" }
}

final class FakeWeatherClient: WeatherClient {
  let configuration: String
  let text: String
  init(configuration: String = "fake", text: String = "Sunny") {
    self.configuration = configuration
    self.text = text
  }
  func forecast(for city: String) -> String { "\(text) in \(city)" }
}

protocol Clock: Sendable {
  var now: Int { get }
}

final class SystemClock: Clock {
  var now: Int { 1_000 }
}

final class FixedClock: Clock {
  let now: Int
  init(now: Int) { self.now = now }
}

/// Made with constructor injection (`client`) and property injection (`clock`).
final class WeatherReport {
  let client: any WeatherClient
  @Inject var clock: (any Clock)?
  init(client: any WeatherClient) { self.client = client }

  var text: String { client.forecast(for: "Manila") }
}

/// Makes a new report per call through a provider closure.
final class ReportScreen {
  @Inject var weatherReportProvider: (() -> WeatherReport)?
}

/// Counts creator runs from any thread.
final class Counter: Sendable {
  private let count = Locked(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

enum Production {
  /// The app's container. `liveClients` counts how often the live client's
  /// creator ran, in this container and in every copy of it.
  static func make(liveClients: Counter = Counter()) -> Container {
    let container = Container()
    container.addInstance("live", forName: "configuration")
    container.addProvider(
      forName: "weatherClient", dependencies: ["configuration"], options: .singleton
    ) { values -> any WeatherClient in
      liveClients.increment()
      return LiveWeatherClient(configuration: try values.value(forName: "configuration"))
    }
    container.addProvider(forName: "clock") { _ -> any Clock in SystemClock() }
    container.addProvider(forName: "weatherReport", dependencies: ["weatherClient", "clock"]) {
      values in
      WeatherReport(client: try values.value(forName: "weatherClient"))
    }
    container.addProvider(forName: "reportScreen", dependencies: ["weatherReportProvider"]) {
      _ in ReportScreen()
    }
    return container
  }
}

/// Runs `body`, expecting it to record issues, and returns them.
func recordedIssues(_ body: () throws -> Void) rethrows -> [Issue] {
  let issues = Locked<[Issue]>([])
  try withKnownIssue {
    try body()
  } matching: { issue in
    issues.withLock { $0.append(issue) }
    return true
  }
  return issues.withLock { $0 }
}

extension Issue {
  /// The issue's comments, joined: the message a reporter recorded.
  var message: String {
    comments.map(\.rawValue).joined(separator: "\n")
  }
}

/// The `ResolutionError` that `body` throws, or nil. (Unlike `#expect(throws:)`, it
/// is no macro, so calls in `body` keep their own source lines.)
func resolutionError(_ body: () throws -> Void) -> ResolutionError? {
  do {
    try body()
    return nil
  } catch {
    return error as? ResolutionError
  }
}
