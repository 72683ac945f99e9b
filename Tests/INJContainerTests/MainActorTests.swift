import Dispatch
import INJContainer
import INJReflection
import Testing

@MainActor
final class SettingsViewModel {
  let title: String
  @Inject var service: ProductsService?
  init(title: String) { self.title = title }
}

@Suite("Main-actor creators")
struct MainActorTests {
  /// Registers from nonisolated code through `MainActor.run`, as the Concurrency article
  /// says: the creator written there is main-actor code.
  private func container() async -> Container {
    let container = Container()
    container.addInstance(ProductsService(), forName: "service")
    await MainActor.run {
      container.addProvider(forName: "settings", dependencies: ["service"], options: .singleton) {
        _ in
        SettingsViewModel(title: "Settings")
      }
    }
    return container
  }

  @Test @MainActor func aMainActorCreatorRunsWhenResolvedFromTheMainActor() async throws {
    let container = await container()
    let model = try container.value(forName: "settings", as: SettingsViewModel.self)
    #expect(model.title == "Settings")
    #expect(model.service != nil)
    #expect(try container.value(forName: "settings", as: SettingsViewModel.self) === model)
  }

  @Test func resolvingAMainActorCreatorElsewhereThrows() async throws {
    let container = await container()
    let error = await Task.detached {
      do {
        _ = try container.value(forName: "settings")
        return nil as ResolutionError?
      } catch {
        return error as? ResolutionError
      }
    }.value
    #expect(
      error?.description
        == "Cannot resolve 'settings' off the main actor: the creator of 'settings' runs on the "
        + "main actor, because it was registered from main-actor code, at "
        + "INJContainerTests/MainActorTests.swift:21. Resolve it from the main actor or with "
        + "asyncValue(forName:as:), which runs it there; or, if it needs no main-actor state, "
        + "register it from a nonisolated function, whose creators run on any thread.")
  }
}
