import Foundation
import Injineer
import Observation

// An @Observable view model in the Swift 6 language mode. Its @Inject property is
// @ObservationIgnored (the macro cannot track a property wrapper's storage); the
// container fills it, and observation of the other properties works as usual.
// Observation needs iOS 17 and macOS 14; the package supports earlier systems, so the
// code that observes says so.

final class Repo: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class CatalogViewModel {
  @ObservationIgnored @Inject var repo: Repo?
  var query = ""
}

/// A flag the observation callback raises; it may run on any thread.
final class Flag: @unchecked Sendable {
  // Sendable because `raised` is only read and written with `lock` held.
  private var raised = false
  private let lock = NSLock()

  var isRaised: Bool {
    lock.lock()
    defer { lock.unlock() }
    return raised
  }

  func raise() {
    lock.lock()
    defer { lock.unlock() }
    raised = true
  }
}

/// Tracks `query`, changes it, and says whether the change was observed.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
  let container = Container()
  container.addInstance(Repo(name: "catalog"), forName: "repo")
  container.addProvider(forName: "viewModel", dependencies: ["repo"]) { _ in CatalogViewModel() }
  try container.checkForErrors()

  let viewModel = try container.value(forName: "viewModel", as: CatalogViewModel.self)
  let observed = queryChangeIsObserved(in: viewModel)
  print("repo: \(viewModel.repo?.name ?? "nil"), query change observed: \(observed)")
} else {
  print("Observation needs iOS 17, macOS 14, tvOS 17 or watchOS 10.")
}
