import INJContainer

struct ForecastHistory: Sendable {
  var days: [String]
}

enum HistoryContainer {
  static func make() -> Container {
    let container = AppContainer.make()
    container.addAsyncProvider(forName: "forecastHistory", options: .singleton) { _ in
      try await Task.sleep(for: .seconds(5))
      return ForecastHistory(days: ["Sunny", "Rain"])
    }
    return container
  }
}
