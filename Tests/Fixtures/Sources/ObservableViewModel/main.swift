import Injineer
import Observation
import Synchronization

// An @Observable view model in the Swift 6 language mode. Its @Inject property is
// @ObservationIgnored (the macro cannot track a property wrapper's storage); the
// container fills it, and observation of the other properties works as usual.

final class Repo: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

@Observable
final class CatalogViewModel {
  @ObservationIgnored @Inject var repo: Repo?
  var query = ""
}

/// A flag the observation callback raises; it may run on any thread.
final class Flag: Sendable {
  private let raised = Mutex(false)
  var isRaised: Bool { raised.withLock { $0 } }
  func raise() { raised.withLock { $0 = true } }
}

/// Tracks `query`, changes it, and says whether the change was observed.
func queryChangeIsObserved(in viewModel: CatalogViewModel) -> Bool {
  let changed = Flag()
  withObservationTracking {
    _ = viewModel.query
  } onChange: {
    changed.raise()
  }
  viewModel.query = "espresso"
  return changed.isRaised
}

let container = Container()
container.addInstance(Repo(name: "catalog"), forName: "repo")
container.addProvider(forName: "viewModel", dependencies: ["repo"]) { _ in CatalogViewModel() }
try container.checkForErrors()

let viewModel = try container.value(forName: "viewModel", as: CatalogViewModel.self)
let observed = queryChangeIsObserved(in: viewModel)
print("repo: \(viewModel.repo?.name ?? "nil"), query change observed: \(observed)")
