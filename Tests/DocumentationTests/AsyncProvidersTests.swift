import Injineer
import Testing

// The samples of the article "Async Providers", as written there.

final class ForecastStore: Sendable {
  let cities: [String]
  init(cities: [String]) { self.cities = cities }

  static func load() async throws -> ForecastStore {
    try await Task.sleep(nanoseconds: 1_000_000)
    return ForecastStore(cities: ["Lima", "Omsk"])
  }
}

final class CityList: Sendable {
  let cities: [String]
  init(store: ForecastStore) { cities = store.cities }
}

final class CityPicker {
  @Inject var forecastStoreProvider: (() async throws -> ForecastStore)?
}

@Suite("Async Providers")
struct AsyncProvidersTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/AsyncProviders.md"

  @Test func registerAndResolve() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "forecastStore", options: .singleton) { _ in
      try await ForecastStore.load()
    }
    container.addAsyncProvider(forName: "cityList", dependencies: ["forecastStore"]) { values in
      try values.value(forName: "forecastStore", as: ForecastStore.self).cities.joined(
        separator: ", ")
    }
    try container.checkForErrors()
    print(try await container.asyncValue(forName: "cityList", as: String.self))
    expectPrintedOutputShown(in: Self.article)

    var before = console.text.count
    do {
      _ = try container.value(forName: "cityList")
    } catch {
      print(error)
    }
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))), "\(console.text)")

    before = console.text.count
    container.addProvider(forName: "cityPicker", dependencies: ["forecastStoreProvider"]) { _ in
      CityPicker()
    }
    let picker = try container.value(forName: "cityPicker", as: CityPicker.self)
    if let loadStore = picker.forecastStoreProvider {
      print(try await loadStore().cities.count)
    }
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))), "\(console.text)")
  }

  @Test func concurrencyInsideAResolution() async throws {
    let report = Container()
    for city in ["Lima", "Omsk", "Quito"] {
      report.addAsyncProvider(forName: city.lowercased()) { _ in
        try await Task.sleep(nanoseconds: 20_000_000)
        return city
      }
    }
    report.addAsyncProvider(forName: "report", dependencies: ["lima", "omsk", "quito"]) { values in
      try values.names.map { try values.value(forName: $0, as: String.self) }.joined(
        separator: " · ")
    }
    print(try await report.asyncValue(forName: "report", as: String.self))
    expectPrintedOutputShown(in: Self.article)
  }

  @Test func startUp() async throws {
    let app = Container()
    app.addAsyncProvider(forName: "forecastStore", options: .madeAtLaunch) { _ in
      try await ForecastStore.load()
    }
    app.addProvider(forName: "cityList", dependencies: ["forecastStore"]) { values in
      CityList(store: try values.value(forName: "forecastStore"))
    }
    try app.checkForErrors()
    try await app.makeSingletons()
    print(try app.value(forName: "cityList", as: CityList.self).cities)
    expectPrintedOutputShown(in: Self.article)
  }

  @Test func beforeTheLaunch() async throws {
    let early = Container()
    early.addAsyncProvider(forName: "forecastStore", options: .madeAtLaunch) { _ in
      try await ForecastStore.load()
    }
    early.addProvider(forName: "cityList", dependencies: ["forecastStore"]) { values in
      CityList(store: try values.value(forName: "forecastStore"))
    }
    do {
      _ = try early.value(forName: "cityList")
    } catch {
      print(error)
    }
    expectPrintedOutputShown(in: Self.article)
    let list = try await early.asyncValue(forName: "cityList", as: CityList.self)
    #expect(list.cities == ["Lima", "Omsk"])
  }

}
