import Dispatch
import Foundation
import INJReflection
import Testing

@testable import INJContainer

/// Hooks: decorators of a name, the creation observer, and a
/// module's installed hook.
@Suite struct HookTests {
  protocol Greeter: AnyObject, Sendable {
    func greet() -> String
  }

  final class Clerk: Greeter, @unchecked Sendable {
    // Written once, by injection, before the product is handed out.
    @Inject var name: String?
    func greet() -> String { "Hello from \(name ?? "nobody")" }
  }

  final class Shouting: Greeter {
    let inner: any Greeter
    init(_ inner: any Greeter) { self.inner = inner }
    func greet() -> String { inner.greet().uppercased() }
  }

  struct OutOfStock: Error, CustomStringConvertible {
    var description: String { "out of stock" }
  }

  /// A list that any thread may append to.
  final class Log: @unchecked Sendable {
    // Guarded by `lock`.
    private var entries: [String] = []
    private let lock = NSLock()
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
  }

  private func clerks(_ options: ProviderOptions.For<any Greeter> = []) -> Container {
    let container = Container()
    container.addInstance("Ada", forName: "name")
    container.addProvider(forName: "clerk", dependencies: ["name"], options: options) {
      _ -> any Greeter in Clerk()
    }
    return container
  }

  @Test func aDecoratorReplacesEachTransientProductAfterItsInjection() throws {
    let container = clerks()
    let seen = Log()
    container.decorate("clerk", as: (any Greeter).self) { clerk, values in
      seen.append(clerk.greet() + " / " + (try values.value(forName: "name", as: String.self)))
      return Shouting(clerk)
    }
    let first = try container.value(forName: "clerk", as: (any Greeter).self)
    let second = try container.value(forName: "clerk", as: (any Greeter).self)
    #expect(first.greet() == "HELLO FROM ADA")
    #expect(first !== second)
    #expect(seen.all == ["Hello from Ada / Ada", "Hello from Ada / Ada"])
  }

  @Test func anOverridingProviderIsDecoratedAndAnOverridingValueIsNot() throws {
    let container = clerks()
    container.decorate("clerk", as: (any Greeter).self) { clerk, _ in Shouting(clerk) }
    container.override("clerk", dependencies: ["name"]) { _ -> any Greeter in Clerk() }
    let clerk = try container.value(forName: "clerk", as: (any Greeter).self)
    #expect(clerk.greet() == "HELLO FROM ADA")
    // A child's override is its own registration: the parent's decorators stay the parent's.
    let child = container.makeChild()
    child.override("clerk", dependencies: ["name"]) { _ -> any Greeter in Clerk() }
    #expect(try child.value(forName: "clerk", as: (any Greeter).self).greet() == "Hello from Ada")
    container.override("clerk", with: Clerk() as any Greeter)
    let value = try container.value(forName: "clerk", as: (any Greeter).self)
    #expect(value.greet() == "Hello from nobody")
  }

  @Test func aSingletonIsDecoratedOnceAndTheResultIsShared() throws {
    let container = clerks(.singleton)
    let runs = Counter()
    container.decorate("clerk", as: (any Greeter).self) { clerk, _ in
      runs.increment()
      return Shouting(clerk)
    }
    let first = try container.value(forName: "clerk", as: (any Greeter).self)
    #expect(first is Shouting)
    #expect(try container.value(forName: "clerk", as: (any Greeter).self) === first)
    #expect(runs.value == 1)
  }

  @Test func anObjectGraphProductIsDecoratedOncePerResolution() throws {
    let container = clerks(.objectGraph)
    container.addProvider(forName: "pair", dependencies: ["clerk", "counter"]) { values in
      [
        try values.value(forName: "clerk", as: (any Greeter).self),
        try values.value(forName: "counter", as: (any Greeter).self),
      ]
    }
    container.addProvider(forName: "counter", dependencies: ["clerk"]) {
      try $0.value(forName: "clerk", as: (any Greeter).self)
    }
    let runs = Counter()
    container.decorate("clerk", as: (any Greeter).self) { product, _ in
      runs.increment()
      return product
    }
    let pair = try container.value(forName: "pair", as: [any Greeter].self)
    #expect(pair[0] === pair[1])
    _ = try container.value(forName: "pair", as: [any Greeter].self)
    #expect(runs.value == 2)
  }

  @Test func severalHooksRunInRegistrationOrderWhereverTheProviderIsRegistered() throws {
    let container = Container()
    let order = Log()
    container.decorate("word", as: String.self) { word, _ in
      order.append("first")
      return word + "1"
    }
    container.addProvider(forName: "word") { _ in "w" }
    container.decorate("word", as: String.self) { word, _ in
      order.append("second " + word)
      return word
    }
    container.decorate("word", as: String.self) { word, _ in
      order.append("third")
      return word + "3"
    }
    #expect(try container.value(forName: "word", as: String.self) == "w13")
    #expect(order.all == ["first", "second w1", "third"])
  }

  @Test func aProductOfAnotherTypePassesTheHookBy() throws {
    let container = Container()
    container.addProvider(forName: "value") { _ -> Any in 7 }
    container.decorate("value", as: String.self) { _, _ in "replaced" }
    #expect(try container.value(forName: "value", as: Int.self) == 7)
  }

  @Test func aThrowingHookFailsTheResolutionWithItsSite() throws {
    let container = Container()
    container.addProvider(forName: "cart") { _ in [1] }
    container.addProvider(forName: "checkout", dependencies: ["cart"]) { _ in 1 }
    container.decorate("cart", as: [Int].self, fileID: "App/Hooks.swift", line: 12) {
      _, _ in throw OutOfStock()
    }
    let error = try #require(throws: ResolutionError.self) {
      try container.value(forName: "checkout")
    }
    #expect(
      error.description
        == "Cannot resolve 'checkout': the hook of 'cart' (App/Hooks.swift:12) threw an error: "
        + "out of stock. Path: checkout → cart.")
    #expect(error.underlyingError is OutOfStock)
    #expect(error.path == ["checkout", "cart"])
  }

  @Test func asyncProvidersAreDecoratedOnceTheirCreatorReturns() async throws {
    let container = Container()
    container.addInstance("Ada", forName: "name")
    container.addAsyncProvider(forName: "clerk", dependencies: ["name"], options: .singleton) {
      _ -> any Greeter in
      try await Task.sleep(nanoseconds: 1_000)
      return Clerk()
    }
    container.addAsyncProvider(forName: "greeting", dependencies: ["clerk"]) { values in
      try values.value(forName: "clerk", as: (any Greeter).self).greet()
    }
    let runs = Counter()
    container.decorate("clerk", as: (any Greeter).self) { clerk, _ in
      runs.increment()
      return Shouting(clerk)
    }
    container.decorate("greeting", as: String.self) { greeting, _ in greeting + "!" }
    #expect(
      try await container.asyncValue(forName: "greeting", as: String.self) == "HELLO FROM ADA!")
    #expect(
      try await container.asyncValue(forName: "greeting", as: String.self) == "HELLO FROM ADA!")
    #expect(runs.value == 1)
  }

  @Test func aSynchronousProviderResolvedAsynchronouslyIsDecorated() async throws {
    let container = clerks()
    container.decorate("clerk", as: (any Greeter).self) { clerk, _ in Shouting(clerk) }
    let clerk = try await container.asyncValue(forName: "clerk", as: (any Greeter).self)
    #expect(clerk.greet() == "HELLO FROM ADA")
  }

  @Test func theObserverSeesEachCreationInOrderWithItsDuration() async throws {
    let made = Log()
    let durations = Log()
    let container = Container { creation in
      made.append(creation.name + (creation.actor.map { " on \($0)" } ?? ""))
      if creation.name == "slow" { durations.append("\(creation.nanoseconds >= 2_000_000)") }
      if creation.name == "config" { durations.append("main: \(creation.isOnMainActor)") }
    }
    container.addProvider(forName: "config") { _ in 1 }
    container.addProvider(forName: "slow", options: .singleton) { _ in
      Thread.sleep(forTimeInterval: 0.002)
      return 2
    }
    container.addAsyncProvider(forName: "remote", dependencies: ["config"]) { _ in 3 }
    container.addProvider(forName: "app", dependencies: ["slow", "config"]) { _ in 4 }
    _ = try container.value(forName: "app")
    _ = try container.value(forName: "app")
    _ = try await container.asyncValue(forName: "remote", as: Int.self)
    #expect(made.all == ["slow", "config", "app", "config", "app", "config", "remote"])
    #expect(durations.all.first == "true")
    #expect(durations.all.dropFirst().allSatisfy { $0 == "main: false" })
    let child = container.makeChild()
    child.addProvider(forName: "local") { _ in 5 }
    _ = try child.value(forName: "local")
    #expect(made.all.last == "local")
  }

  @Test @MainActor func aMainActorProvidersHooksRunOnTheMainActor() throws {
    let made = Log()
    let container = Container { made.append("\($0.name) \($0.actor ?? "-") \($0.isOnMainActor)") }
    container.addProvider(forName: "screen", options: .singleton) { _ in
      SettingsViewModel(title: "Settings")
    }
    container.decorate("screen", as: SettingsViewModel.self) { screen, _ in
      // Main-actor code, registered here: it reads the main-actor model's state.
      made.append("hook \(screen.title) \(MainActorCheck.isOnMainActor)")
      return screen
    }
    let screen = try container.value(forName: "screen", as: SettingsViewModel.self)
    #expect(screen.title == "Settings")
    #expect(made.all == ["screen MainActor true", "hook Settings true"])
  }

  @Test func anAsyncRequestRunsAMainActorProvidersHooksOnTheMainActor() async throws {
    let made = Log()
    let container = Container { made.append("\($0.name) \($0.actor ?? "-") \($0.isOnMainActor)") }
    await MainActor.run {
      container.addProvider(forName: "screen") { _ in SettingsViewModel(title: "Settings") }
      container.decorate("screen", as: SettingsViewModel.self) { screen, _ in
        made.append("hook \(screen.title) \(MainActorCheck.isOnMainActor)")
        return SettingsViewModel(title: screen.title + "!")
      }
    }
    let title = try await Task.detached {
      try await container.asyncValue(forName: "screen", as: SettingsViewModel.self).title
    }.value
    #expect(title == "Settings!")
    #expect(made.all == ["screen MainActor true", "hook Settings true"])
  }

  @Test func aMainActorHookOfAProductMadeElsewhereDoesNotRun() async throws {
    let container = Container()
    container.addProvider(forName: "count") { _ in 1 }
    await MainActor.run {
      container.decorate("count", as: Int.self, fileID: "App/Hooks.swift", line: 3) { n, _ in
        n + 1
      }
    }
    let error = await Task.detached {
      do {
        _ = try container.value(forName: "count")
        return nil as ResolutionError?
      } catch {
        return error as? ResolutionError
      }
    }.value
    #expect(
      error?.description
        == "Cannot resolve 'count': the hook of 'count' (App/Hooks.swift:3) cannot run: it was "
        + "registered from code isolated to the main actor, so it runs only there, and 'count' "
        + "was made elsewhere. Register it from nonisolated code (such as a nonisolated "
        + "function), or resolve 'count' on the main actor.")
  }

  struct Catalog: ContainerModule {
    let seen: Log
    func register(in container: Container) {
      container.addProvider(forName: "catalog", dependencies: ["prices"]) { values in
        "catalog with \(try values.value(forName: "prices", as: String.self))"
      }
    }
    func installed(in container: Container) {
      seen.append((try? container.value(forName: "catalog", as: String.self)) ?? "nothing")
    }
  }

  struct Prices: ContainerModule {
    func register(in container: Container) {
      container.addInstance("prices", forName: "prices")
    }
  }

  @Test func aModulesInstalledHookResolvesNamesOfTheModulesAfterIt() {
    let container = Container()
    let seen = Log()
    container.install(Catalog(seen: seen), Prices())
    #expect(seen.all == ["catalog with prices"])
    container.install(Catalog(seen: seen))
    #expect(seen.all == ["catalog with prices"])
  }
}
