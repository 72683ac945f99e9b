import Injineer

// This target must not compile. Swift 6 rejects sharing a value that is not
// Sendable (a singleton or an instance is handed to every thread that resolves it),
// and calling a main-actor product's provider closure off the main actor.
// Scripts/fixtures.sh builds it and checks that the compiler reports exactly the
// errors marked below, each on the line after its marker.

/// A plain class with mutable state, so not `Sendable`.
final class Counter {
  var n = 0
}

func registerSharedCounters(in container: Container) {
  // expected-error on the next line: type 'Counter' does not conform to the 'Sendable' protocol
  container.addProvider(forName: "sharedCounter", options: .singleton) { _ in Counter() }
  // expected-error on the next line: type 'Counter' does not conform to the 'Sendable' protocol
  container.addInstance(Counter(), forName: "counter")
}

/// A screen made on the main actor.
@MainActor
final class Screen {}

func callOffTheMainActor(_ container: Container) throws {
  // The provider closure of a main-actor product is `@MainActor () -> Screen` (a
  // plain `() -> Screen` is refused when handed out), so a detached task cannot call
  // it synchronously.
  let makeScreen = try container.value(
    forName: "screenProvider", as: (@MainActor () -> Screen).self)
  Task.detached {
    // expected-error on the next line: expression is 'async' but is not marked with 'await'
    _ = makeScreen()
  }
}
