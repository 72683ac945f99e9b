import Foundation
import Injineer
import Testing

// The samples of the article "Hooks", as written there.

final class Basket {
  var isSubscribed = false
}

final class Bulletin: Sendable {
  func subscribe(_ basket: Basket) { basket.isSubscribed = true }
}

struct LoggingForecaster: Forecasting {
  let inner: any Forecasting
  init(wrapping inner: any Forecasting) { self.inner = inner }
  func forecast(for city: String) -> String { "[logged] " + inner.forecast(for: city) }
}

struct OutOfStock: Error, CustomStringConvertible {
  var description: String { "nothing left in stock" }
}

final class Telemetry: @unchecked Sendable {
  // Guarded by `lock`.
  private var started = false
  private let lock = NSLock()
  let key: String
  init(key: String) { self.key = key }
  func start() { lock.withLock { started = true } }
  var isStarted: Bool { lock.withLock { started } }
}

// The article's samples run in nonisolated code, as it says.
@Suite("Hooks")
struct HooksTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/Hooks.md"

  @Test func aDecoratorSubscribesAProduct() throws {
    let shop = Container()
    shop.addInstance(Bulletin(), forName: "bulletin")
    shop.addProvider(forName: "basket", dependencies: ["bulletin"]) { _ in Basket() }
    shop.decorate("basket", as: Basket.self) { basket, values in
      try values.value(forName: "bulletin", as: Bulletin.self).subscribe(basket)
      return basket
    }
    let basket = try shop.value(forName: "basket", as: Basket.self)
    print(basket.isSubscribed)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aDecoratorWrapsAProduct() throws {
    let services = Container()
    services.addProvider(forName: "forecaster", options: .singleton) { _ -> any Forecasting in
      StubForecaster()
    }
    services.decorate("forecaster", as: (any Forecasting).self) { forecaster, _ in
      LoggingForecaster(wrapping: forecaster)
    }
    let forecaster = try services.value(forName: "forecaster", as: (any Forecasting).self)
    print(forecaster.forecast(for: "Manila"))

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aThrowingHookFailsTheResolution() throws {
    let store = Container()
    store.addProvider(forName: "stock") { _ in 0 }
    store.decorate("stock", as: Int.self, fileID: "Shop/Hooks.swift", line: 12) { stock, _ in
      if stock == 0 { throw OutOfStock() }
      return stock
    }
    do {
      _ = try store.value(forName: "stock")
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aModuleResolvesOnceInstalled() throws {
    struct TelemetryModule: ContainerModule {
      func register(in container: Container) {
        container.addProvider(forName: "telemetry", dependencies: ["apiKey"], options: .singleton) {
          Telemetry(key: try $0.value(forName: "apiKey"))
        }
      }

      func installed(in container: Container) {
        try? container.value(forName: "telemetry", as: Telemetry.self).start()
      }
    }

    struct SecretsModule: ContainerModule {
      func register(in container: Container) {
        container.addInstance("k-123", forName: "apiKey")
      }
    }

    let app = Container()
    app.install(TelemetryModule(), SecretsModule())
    print(try app.value(forName: "telemetry", as: Telemetry.self).isStarted)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func theObserverIsToldOfEachCreation() throws {
    let app = Container { creation in
      print(creation.name, creation.actor ?? "any thread")
    }
    app.addInstance("Manila", forName: "city")
    app.addProvider(forName: "forecaster", options: .singleton) { _ -> any Forecasting in
      StubForecaster()
    }
    app.addProvider(forName: "report", dependencies: ["forecaster", "city"]) { values in
      try values.value(forName: "forecaster", as: (any Forecasting).self)
        .forecast(for: try values.value(forName: "city"))
    }
    _ = try app.value(forName: "report")
    _ = try app.value(forName: "report")

    expectPrintedOutputShown(in: Self.article)
  }
}
