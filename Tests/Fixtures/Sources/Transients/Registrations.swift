import Injineer

// Nonisolated code in the Swift 6 language mode. A class that is not Sendable may
// be registered in every way that does not share it; Sendable and main-actor
// classes may be shared.

/// A plain class with mutable state, so not `Sendable`.
final class Counter {
  var n = 0
}

/// An immutable final class: `Sendable`.
final class Clock: Sendable {
  let zone: String
  init(zone: String) { self.zone = zone }
}

/// A main-actor class: `Sendable` because its state is isolated.
@MainActor
final class Screen {
  let title: String
  init(title: String) { self.title = title }
}

/// Registers `Counter` in the three scopes that never share it across resolutions,
/// and `Clock` in the two shared ones (once with `.manualInit` as well).
func registerCountersAndClocks(in container: Container) {
  container.addProvider(forName: "counter") { _ in Counter() }
  container.addProvider(forName: "graphCounter", options: .objectGraph) { _ in Counter() }
  container.addProvider(forName: "manualCounter", options: .manualInit) { _ in Counter() }
  container.addProvider(forName: "clock", options: .singleton) { _ in Clock(zone: "UTC") }
  container.addProvider(forName: "weakClock", options: .weakSingleton) { _ in
    Clock(zone: "CET")
  }
  container.addProvider(forName: "manualClock", options: [.singleton, .manualInit]) { _ in
    Clock(zone: "EET")
  }
}

/// Registers the main-actor `Screen` as a singleton; the creator calls its
/// main-actor initializer directly.
@MainActor
func registerScreen(in container: Container) {
  container.addProvider(forName: "screen", options: .singleton) { _ in Screen(title: "Home") }
}

/// Resolves `name` twice, holding the first product, and says whether both
/// resolutions gave the same object.
func resolvesToOneObject<T: AnyObject>(
  _ name: String, as type: T.Type, in container: Container
) throws -> Bool {
  let first = try container.value(forName: name, as: type)
  let second = try container.value(forName: name, as: type)
  return first === second
}
