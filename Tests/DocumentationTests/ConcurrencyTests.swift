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

@MainActor
final class ProfileModel {
  var catalogService: CatalogService?
}

extension ProfileModel: @MainActor Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&catalogService, named: "catalogService")
  }
}

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
    container.addMainActorProvider(forName: "settingsModel", dependencies: ["catalogService"]) {
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
    container.addMainActorProvider(forName: "profileModel", dependencies: ["catalogService"]) { _ in
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

  @Test @MainActor func creatorsRegisteredFromMainActorCode() async throws {
    let container = Container()
    container.addInstance(CatalogService(), forName: "catalogService")
    registerInbox(in: container)
    let inbox = try container.value(forName: "inboxModel", as: InboxModel.self)
    print(inbox.title, inbox.catalogService != nil)
    expectPrintedOutputShown(in: Self.article)

    let elsewhere = await Task.detached {
      (try? container.value(forName: "inboxModel")) == nil
    }.value
    #expect(elsewhere)
  }

  @Test @MainActor func mainActorProviderClosures() throws {
    let container = Container()
    container.addInstance(CatalogService(), forName: "catalogService")
    container.addMainActorProvider(forName: "settingsModel", dependencies: ["catalogService"]) {
      _ in
      SettingsModel(title: "Settings")
    }
    let makeSettings = try container.value(
      forName: "settingsModelProvider", as: (@MainActor () -> SettingsModel).self)
    print(makeSettings().title)
    expectPrintedOutputShown(in: Self.article)
  }

  @Test @MainActor func anExistingMainActorSingletonIsReturnedAnywhere() async throws {
    let container = Container()
    container.addMainActorProvider(forName: "settingsModel", options: .singleton) { _ in
      SettingsModel(title: "Settings")
    }
    let model = try container.value(forName: "settingsModel", as: SettingsModel.self)
    let elsewhere = try await Task.detached {
      try container.value(forName: "settingsModel", as: SettingsModel.self)
    }.value
    #expect(elsewhere === model)
  }
}
