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
  private func container() -> Container {
    let container = Container()
    container.addInstance(ProductsService(), forName: "service")
    container.addMainActorProvider(
      forName: "settings", dependencies: ["service"], options: .singleton
    ) { _ in
      SettingsViewModel(title: "Settings")
    }
    return container
  }

  @Test @MainActor func aMainActorCreatorRunsWhenResolvedFromTheMainActor() throws {
    let container = container()
    let model = try container.value(forName: "settings", as: SettingsViewModel.self)
    #expect(model.title == "Settings")
    #expect(model.service != nil)
    #expect(try container.value(forName: "settings", as: SettingsViewModel.self) === model)
  }

  @Test func resolvingAMainActorCreatorElsewhereThrows() async throws {
    let container = container()
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
        + "main actor, because it was registered from main-actor code or with "
        + "addMainActorProvider, at INJContainerTests/MainActorTests.swift:18. Resolve it from the main actor or with "
        + "asyncValue(forName:as:), which runs it there; or, if it needs no main-actor state, "
        + "register it from a nonisolated function, whose creators run on any thread.")
  }
}
