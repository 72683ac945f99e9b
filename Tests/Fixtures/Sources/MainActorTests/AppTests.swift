// A test target of an app whose code is main-actor by default: its suites name the
// app's main-actor factory in the trait, and check and install main-actor modules.
import INJTestSupport
import Injineer
import Testing

final class Api {
  let base: String
  init(base: String) { self.base = base }
}

final class ListViewModel {
  @Inject var api: Api?
  @Inject var detailProvider: (@MainActor () -> DetailViewModel)?
}

final class DetailViewModel {}

struct ScreensModule: ContainerModule {
  func register(in container: Container) {
    container.addProvider(forName: "list", dependencies: ["api", "detailProvider"]) { _ in
      ListViewModel()
    }
    container.addProvider(forName: "detail", dependencies: []) { _ in DetailViewModel() }
  }

  var needs: [String] { ["api"] }
}

enum AppContainer {
  static func make() -> Container {
    let container = Container()
    container.addInstance("https://x", forName: "base")
    container.addProvider(forName: "api", dependencies: ["base"], options: .singleton) { values in
      Api(base: try values.value(forName: "base"))
    }
    container.install(ScreensModule())
    return container
  }
}

@Suite(.testContainer(copying: AppContainer.make()))
struct AppTests {
  @Test func theListGetsItsApi() throws {
    let testContainer = try #require(TestContainer.current)
    let list = try testContainer.value(forName: "list", as: ListViewModel.self)
    #expect(list.api?.base == "https://x")
    #expect(list.detailProvider?() != nil)
  }

  @Test func theModuleChecksAlone() throws {
    try ScreensModule().checkForErrors()
    assertNoErrors(AppContainer.make())
  }
}
