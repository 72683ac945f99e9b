import Injineer

/// Main-actor state, and a main-actor function that changes it.
@MainActor var screensMade = 0

@MainActor
func makeScreen() -> Screen {
  screensMade += 1
  return Screen()
}

@MainActor
func registerWithoutTheCallersIsolation(in container: Container) {
  // A creator written in main-actor code is a main-actor closure, whatever isolation is
  // passed: the parameter that takes the caller's isolation comes last and has no label,
  // so it cannot be set to nil by mistake.
  // expected-error on the next line: generic parameter 'T' could not be inferred
  // expected-error on the next line: extra trailing closure passed in call
  // expected-error on the next line: missing argument for parameter 'creator' in call
  container.addProvider(forName: "widget", isolation: nil) { _ in makeScreen() }
}
