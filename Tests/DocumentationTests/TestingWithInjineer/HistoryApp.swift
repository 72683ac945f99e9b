import INJContainer

struct ForecastHistory: Sendable {
  var days: [String]
}

enum HistoryContainer {
  static func make() -> Container {
    let container = AppContainer.make()
    container.addAsyncProvider(forName: "forecastHistory", options: .singleton) { _ in
      try await Task.sleep(nanoseconds: 5_000_000_000)
      return ForecastHistory(days: ["Sunny", "Rain"])
    }
    return container
  }
}
