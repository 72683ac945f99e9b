import Dispatch
import Foundation
import Injineer
import Testing

// The samples of the article "Concurrency", as written there.

final class Database: Sendable {}

final class CreationCount: @unchecked Sendable {
  // Sendable because `count` is only read and written with `lock` held.
  private var count = 0
  private let lock = NSLock()

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func increment() {
    lock.lock()
    defer { lock.unlock() }
    count += 1
  }
}

final class RequestLog: Sendable {}

final class OrderService: Sendable {
  let log: RequestLog
  init(log: RequestLog) { self.log = log }
}

nonisolated func makeServices() -> Container {
  let services = Container()
  services.addInstance(RequestLog(), forName: "requestLog")
  services.addProvider(forName: "orderService", dependencies: ["requestLog"]) { values in
    OrderService(log: try values.value(forName: "requestLog"))
  }
  return services
}

@MainActor
final class SettingsModel {
  let title: String
  @Inject var catalogService: CatalogService?
  init(title: String) { self.title = title }
}

final class Counter {
  var count = 0
}

@MainActor
final class InboxModel {
  let title: String
  @Inject var catalogService: CatalogService?
  init(title: String) { self.title = title }
}

@MainActor
func registerInbox(in container: Container) {
  container.addProvider(forName: "inboxModel", dependencies: ["catalogService"]) { _ in
    InboxModel(title: "Inbox")
  }
}

nonisolated func registerSettings(in container: Container) async {
  await MainActor.run {
    container.addProvider(forName: "settingsModel", options: .singleton) { _ in
      SettingsModel(title: "Settings")
    }
  }
}

@MainActor
final class ProfileModel {
  var catalogService: CatalogService?
}

extension ProfileModel: @MainActor Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&catalogService, named: "catalogService")
  }
}

// Each sample runs where the article says: nonisolated, on the main actor, or in an async
// function on the main actor.
@Suite("Concurrency")
struct ConcurrencyTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/Concurrency.md"

  @Test func aSingletonUnderContention() throws {
    let container = Container()
    let creations = CreationCount()
    container.addProvider(forName: "database", options: .singleton) { _ in
      creations.increment()
      return Database()
    }
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      _ = try? container.value(forName: "database", as: Database.self)
    }
    print(creations.value)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test @MainActor func mainActorProviders() async throws {
    let container = Container()
    container.addInstance(CatalogService(), forName: "catalogService")
    container.addProvider(
      forName: "settingsModel", dependencies: ["catalogService"], fileID: "App/Settings.swift",
      line: 4
    ) {
      _ in
      SettingsModel(title: "Settings")
    }

    let model = try container.value(forName: "settingsModel", as: SettingsModel.self)
    print(model.title, model.catalogService != nil)
    expectPrintedOutputShown(in: Self.article)

    var before = console.text.count
    let elsewhere = await Task.detached {
      do {
        _ = try container.value(forName: "settingsModel")
        return "resolved"
      } catch {
        return String(describing: error)
      }
    }.value
    print(elsewhere)
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))), "\(console.text)")

    before = console.text.count
    container.addProvider(forName: "profileModel", dependencies: ["catalogService"]) { _ in
      ProfileModel()
    }
    let profile = try container.value(forName: "profileModel", as: ProfileModel.self)
    print(profile.catalogService != nil)
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))), "\(console.text)")
  }

  @Test func aNonSendableClassIsStillATransient() throws {
    let container = Container()
    container.addProvider(forName: "counter") { _ in Counter() }
    let first = try container.value(forName: "counter", as: Counter.self)
    first.count += 1
    #expect(try container.value(forName: "counter", as: Counter.self).count == 0)
  }

  @Test @MainActor func creatorsRegisteredFromMainActorCode() throws {
    let inboxes = Container()
    inboxes.addInstance(CatalogService(), forName: "catalogService")
    registerInbox(in: inboxes)
    let inbox = try inboxes.value(forName: "inboxModel", as: InboxModel.self)
    print(inbox.title, inbox.catalogService != nil)
    expectPrintedOutputShown(in: Self.article)
  }

  /// Top-level code is main-actor code: this test runs the article's `main.swift` samples
  /// there.
  @Test @MainActor func aServersTopLevelCode() async throws {
    var before = console.text.count
    let topLevel = Container()
    topLevel.addInstance(RequestLog(), forName: "requestLog")
    topLevel.addProvider(
      forName: "orderService", dependencies: ["requestLog"], fileID: "Server/main.swift", line: 9
    ) { values in
      OrderService(log: try values.value(forName: "requestLog"))
    }
    let refused = await Task.detached {
      do {
        _ = try topLevel.value(forName: "orderService")
        return "resolved"
      } catch {
        return String(describing: error)
      }
    }.value
    print(refused)
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))), "\(console.text)")

    before = console.text.count
    let services = makeServices()
    try services.checkForErrors()
    let handled = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask {
          (try? services.value(forName: "orderService", as: OrderService.self)) != nil
        }
      }
      var count = 0
      for await ok in group where ok { count += 1 }
      return count
    }
    print("handled \(handled) requests off the main actor")
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))), "\(console.text)")
  }

  @Test @MainActor func aCreatorRegisteredFromMainActorCodeIsRefusedElsewhere() async {
    let inboxes = Container()
    inboxes.addInstance(CatalogService(), forName: "catalogService")
    registerInbox(in: inboxes)
    let elsewhere = await Task.detached {
      (try? inboxes.value(forName: "inboxModel")) == nil
    }.value
    #expect(elsewhere)
  }

  @Test @MainActor func mainActorProviderClosures() throws {
    let container = Container()
    container.addInstance(CatalogService(), forName: "catalogService")
    container.addProvider(forName: "settingsModel", dependencies: ["catalogService"]) {
      _ in
      SettingsModel(title: "Settings")
    }
    let makeSettings = try container.value(
      forName: "settingsModelProvider", as: (@MainActor () -> SettingsModel).self)
    print(makeSettings().title)
    expectPrintedOutputShown(in: Self.article)
  }

  @Test func nonisolatedCodeRegistersMainActorProvidersThroughMainActorRun() async throws {
    let container = Container()
    await registerSettings(in: container)
    let refused = await Task.detached {
      (try? container.value(forName: "settingsModel")) == nil
    }.value
    #expect(refused)
    let title = try await MainActor.run {
      try container.value(forName: "settingsModel", as: SettingsModel.self).title
    }
    #expect(title == "Settings")
  }

  @Test @MainActor func anExistingMainActorSingletonIsReturnedAnywhere() async throws {
    let container = Container()
    await registerSettings(in: container)
    let model = try container.value(forName: "settingsModel", as: SettingsModel.self)
    let elsewhere = try await Task.detached {
      try container.value(forName: "settingsModel", as: SettingsModel.self)
    }.value
    #expect(elsewhere === model)
  }
}
