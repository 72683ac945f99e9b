import Injineer

/// A main-actor class with mutable state, which only main-actor code may change.
@MainActor
final class Badge {
  var count = 0
}

/// Hooks registered from main-actor code, which use main-actor state, and from nonisolated
/// code; a creation observer, with and without a default scope; a module's installed hook.
@MainActor
func hookShapes() throws -> ShapeLog {
  var log = ShapeLog("hooks")
  let container = Container { creation in _ = creation.name }
  container.addProvider(forName: "badge", options: .singleton) { _ in Badge() }
  container.decorate("badge", as: Badge.self) { badge, _ in
    badge.count += 1
    return badge
  }
  container.decorate("badge", as: Badge.self) { badge, _ in
    badge.count += 10
    return badge
  }
  container.decorate("badge") { (badge: Badge, _) in
    badge.count += 100
    return badge
  }
  addNonisolatedHooks(to: container)
  container.install(ScreensModule())
  try container.checkForErrors()
  log.expect(try container.value(forName: "badge", as: Badge.self).count == 111, "hooks")
  log.expect(try container.value(forName: "word", as: String.self) == "word!", "nonisolated")
  let scoped = Container(defaultScope: .objectGraph) { _ in }
  scoped.addProvider(forName: "n") { _ in 1 }
  log.expect(try scoped.value(forName: "n", as: Int.self) == 1, "defaultScope:observing")
  return log
}

/// Hooks registered from nonisolated code.
nonisolated func addNonisolatedHooks(to container: Container) {
  container.addProvider(forName: "word") { _ in "word" }
  container.decorate("word", as: String.self) { word, _ in word + "!" }
  container.decorate("word", as: String.self) { product, _ in product }
}
