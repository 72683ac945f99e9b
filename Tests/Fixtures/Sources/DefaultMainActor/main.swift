import Injineer

final class Api {
  let base: String
  init(base: String) { self.base = base }
}
final class ListViewModel {
  @Inject var api: Api?
  init() {}
}
let container = Container()
container.addInstance("https://x", forName: "base")
container.addProvider(forName: "api", dependencies: ["base"], options: .singleton) { values in
  Api(base: try values.value(forName: "base"))
}
container.addProvider(forName: "list", dependencies: ["api"]) { _ in ListViewModel() }
try container.checkForErrors()
let vm = try container.value(forName: "list", as: ListViewModel.self)
print(vm.api?.base ?? "nil")
