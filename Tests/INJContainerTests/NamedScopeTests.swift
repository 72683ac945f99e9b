import Foundation
import INJContainer
import Testing

@Suite("Named scopes and resets")
struct NamedScopeTests {
  final class Cart: Sendable {
    let serial: Int
    /// Set last in the initializer: a product seen half made would have it false.
    let isReady: Bool
    init(serial: Int = 0) {
      self.serial = serial
      isReady = true
    }
  }
  final class Theme: Sendable {}

  private func sessionContainer(created: Counter = Counter()) -> Container {
    let container = Container()
    container.addProvider(forName: "cart", options: .scope("session")) { _ in
      created.increment()
      return Cart()
    }
    container.addProvider(forName: "theme", options: .singleton) { _ in Theme() }
    return container
  }

  @Test func aNamedScopeSharesItsProductUntilTheScopeIsReset() throws {
    let created = Counter()
    let container = sessionContainer(created: created)
    let first = try container.value(forName: "cart", as: Cart.self)
    #expect(try container.value(forName: "cart", as: Cart.self) === first)
    let theme = try container.value(forName: "theme", as: Theme.self)

    try container.reset(scope: "session")

    let second = try container.value(forName: "cart", as: Cart.self)
    #expect(second !== first)
    #expect(try container.value(forName: "cart", as: Cart.self) === second)
    #expect(try container.value(forName: "theme", as: Theme.self) === theme)
    #expect(created.value == 2)
  }

  @Test func aResetLetsGoOfTheProductSoNobodyHoldsItAnyMore() throws {
    let container = sessionContainer()
    weak var released: Cart?
    do { released = try container.value(forName: "cart", as: Cart.self) }
    #expect(released != nil)
    try container.reset(scope: "session")
    #expect(released == nil)
  }

  @Test func aResetReachesTheScopesOfAncestorsAndLeavesOtherScopes() throws {
    let parent = sessionContainer()
    parent.addProvider(forName: "tab", options: .scope("tab")) { _ in Cart() }
    let child = parent.makeChild()
    let cart = try child.value(forName: "cart", as: Cart.self)
    let tab = try child.value(forName: "tab", as: Cart.self)
    try child.reset(scope: "session")
    #expect(try parent.value(forName: "cart", as: Cart.self) !== cart)
    #expect(try child.value(forName: "tab", as: Cart.self) === tab)
  }

  @Test func resettingOneNameDropsOnlyItsProduct() throws {
    let container = sessionContainer()
    container.addProvider(forName: "wishlist", options: .scope("session")) { _ in Cart() }
    let cart = try container.value(forName: "cart", as: Cart.self)
    let wishlist = try container.value(forName: "wishlist", as: Cart.self)
    try container.reset("cart")
    #expect(try container.value(forName: "cart", as: Cart.self) !== cart)
    #expect(try container.value(forName: "wishlist", as: Cart.self) === wishlist)
  }

  @Test func resettingAWeakSingletonSharesANewOneWhileTheOldOneIsStillHeld() throws {
    let container = Container()
    container.addProvider(forName: "cart", options: .weakSingleton) { _ in Cart() }
    let held = try container.value(forName: "cart", as: Cart.self)
    try container.reset("cart")
    let next = try container.value(forName: "cart", as: Cart.self)
    #expect(next !== held)
    #expect(try container.value(forName: "cart", as: Cart.self) === next)
  }

  @Test func theErrorsOfResetsThatDropNothingSayWhatToDo() throws {
    let container = sessionContainer()
    container.addProvider(forName: "clock") { _ in Cart() }
    container.addInstance("Ada", forName: "userName")
    func text(_ reset: () throws(ResetError) -> Void) -> String? {
      do {
        try reset()
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      text { () throws(ResetError) in try container.reset(scope: "sesion") }
        == "Cannot reset the scope 'sesion': no provider has it. Did you mean 'session'?")
    #expect(
      text { () throws(ResetError) in try Container().reset(scope: "session") }
        == "Cannot reset the scope 'session': no provider has it. Give it to providers with "
        + "options: .scope(\"session\").")
    #expect(
      text { () throws(ResetError) in try container.reset(scope: "cart") }
        == "Cannot reset the scope 'cart': no provider has it. 'cart' is a name, not a scope: "
        + "reset(\"cart\") resets one name.")
    #expect(
      text { () throws(ResetError) in try container.reset("kart") }
        == "Cannot reset 'kart': nothing is registered under that name. Did you mean 'cart'?")
    #expect(
      text { () throws(ResetError) in try container.reset("theme") }
        == "Cannot reset 'theme': it is a singleton, which keeps no product a reset can drop. "
        + "Give it a scope to reset, such as options: .scope(\"session\").")
    #expect(
      text { () throws(ResetError) in try container.reset("clock") }
        == "Cannot reset 'clock': it is a transient, which keeps no product a reset can drop. "
        + "Give it a scope to reset, such as options: .scope(\"session\").")
    #expect(
      text { () throws(ResetError) in try container.reset("userName") }
        == "Cannot reset 'userName': it is not a provider, which keeps no product a reset can "
        + "drop. Give it a scope to reset, such as options: .scope(\"session\").")
  }

  @Test func aCreationUnderWayWhenTheScopeIsResetIsHandedOutButNotKept() throws {
    let container = Container()
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let created = Counter()
    container.addProvider(forName: "cart", options: .scope("session")) { _ in
      created.increment()
      if created.value == 1 {
        started.signal()
        proceed.wait()
      }
      return Cart(serial: created.value)
    }
    let made = Results()
    let thread = Thread { made.record { try container.value(forName: "cart", as: Cart.self) } }
    thread.start()
    started.wait()
    try container.reset(scope: "session")
    proceed.signal()
    while !thread.isFinished { usleep(1_000) }
    let handedOut = try #require(made.values.first as? Cart)
    #expect(handedOut.serial == 1 && handedOut.isReady)
    let next = try container.value(forName: "cart", as: Cart.self)
    #expect(next.serial == 2)
    #expect(try container.value(forName: "cart", as: Cart.self) === next)
  }

  @Test func threadsResolvingWhileAnotherResetsGetWholeProducts() throws {
    let container = sessionContainer()
    container.addProvider(forName: "checkout", dependencies: ["cart"]) { values in
      [try values.value(forName: "cart", as: Cart.self)]
    }
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      for _ in 0..<2_000 {
        if thread == 2 {
          do { try container.reset(scope: "session") } catch { failures.increment() }
        } else {
          let carts = try? container.value(forName: "checkout", as: [Cart].self)
          if carts?.allSatisfy(\.isReady) != true { failures.increment() }
        }
      }
    }
    #expect(failures.value == 0)
  }

  @Test func anAsyncProviderInANamedScopeIsSharedUntilTheReset() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "cart", options: .scope("session")) { _ in
      await Task.yield()
      return Cart()
    }
    let first = try await container.asyncValue(forName: "cart", as: Cart.self)
    #expect(try await container.asyncValue(forName: "cart", as: Cart.self) === first)
    try container.reset(scope: "session")
    #expect(try await container.asyncValue(forName: "cart", as: Cart.self) !== first)
  }

  @MainActor
  @Test func aMainActorProviderInANamedScopeResetFromTheMainActor() throws {
    let container = Container()
    container.addProvider(forName: "cart", options: .scope("session")) { _ in Cart() }
    let first = try container.value(forName: "cart", as: Cart.self)
    try container.reset(scope: "session")
    #expect(try container.value(forName: "cart", as: Cart.self) !== first)
  }

  @Test func theCheckTreatsANamedScopeAsASingletonForCaptiveDependencies() throws {
    let container = Container()
    container.addProvider(forName: "clock") { _ in Theme() }
    container.addProvider(
      forName: "cart", dependencies: ["clock"], options: .scope("session"),
      fileID: "App/Cart.swift", line: 4
    ) { _ in Cart() }
    #expect(
      container.validate().warnings.map(\.description) == [
        "The 'session'-scoped 'cart' (App/Cart.swift:4) depends on the transient 'clock', so "
          + "it keeps one 'clock' alive as long as it lives. Depend on 'clockProvider' to get "
          + "a new one when needed, or give 'clock' a longer-lived scope."
      ])
  }

  @Test func aSingletonKeepingANamedScopesProductPastAResetIsACaptiveDependency() throws {
    let container = Container()
    container.addProvider(forName: "user", options: .scope("session")) { _ in Cart() }
    container.addProvider(
      forName: "banner", dependencies: ["user"], options: .singleton,
      fileID: "App/Banner.swift", line: 7
    ) { _ in Theme() }
    container.addProvider(forName: "other", dependencies: ["user"], options: .scope("session")) {
      _ in Cart()
    }
    #expect(
      container.validate().warnings.map(\.description) == [
        "The singleton 'banner' (App/Banner.swift:7) depends on the 'session'-scoped 'user', so "
          + "it keeps one 'user' alive as long as it lives. Depend on 'userProvider' to get a new "
          + "one when needed, or give 'user' a longer-lived scope."
      ])
  }

  @Test func twoScopesForOneProviderAreReported() throws {
    let container = Container()
    container.addProvider(
      forName: "cart", options: [.scope("session"), .scope("tab")], fileID: "App/C.swift",
      line: 3
    ) { _ in Cart() }
    container.addProvider(
      forName: "wishlist", options: [.singleton, .scope("session")], fileID: "App/C.swift",
      line: 4
    ) { _ in Cart() }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.description == """
        The container has 2 problems:
        - 'cart' (App/C.swift:3) has more than one scope (scope("session"), another \
        scope(_:)). Give it at most one of .singleton, .weakSingleton, .objectGraph and \
        .scope(_:).
        - 'wishlist' (App/C.swift:4) has more than one scope (singleton, scope("session")). \
        Give it at most one of .singleton, .weakSingleton, .objectGraph and .scope(_:).
        """)
  }

  @Test func aNamedScopeIsListedAndDrawn() throws {
    let container = Container()
    container.addProvider(
      forName: "cart", options: [.scope("session"), .manualInit], fileID: "App/C.swift", line: 3
    ) { _ in Cart() }
    let listed = try #require(container.registrations().first)
    #expect(listed.options.scopeName == "session")
    #expect(listed.options.contains(.manualInit))
    #expect(
      listed.description
        == "'cart': 'session'-scoped provider of Cart, manual init (App/C.swift:3)")
    #expect(container.mermaidText().contains("cart ('session'-scoped)"))
  }
}

@Suite("Default scopes")
struct DefaultScopeTests {
  final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
  }
  final class Child {}
  struct GraphModule: ContainerModule {
    var defaultScope: ProviderOptions.For<Any> { .objectGraph }
    func register(in container: Container) {
      container.addProvider(forName: "shared") { _ in Child() }
    }
  }

  private func register(in container: Container) {
    container.addProvider(forName: "child") { _ in Child() }
    container.addProvider(forName: "pair", dependencies: ["child", "child2"]) { values in
      [
        try values.value(forName: "child", as: Child.self),
        try values.value(forName: "child2", as: Child.self),
      ]
    }
    container.addProvider(forName: "child2", dependencies: ["child"]) { values in
      try values.value(forName: "child", as: Child.self)
    }
  }

  @Test func aContainerWithTheGraphDefaultSharesProductsWithinOneResolution() throws {
    let container = Container(defaultScope: .objectGraph)
    register(in: container)
    let pair = try container.value(forName: "pair", as: [Child].self)
    #expect(pair[0] === pair[1])
    #expect(try container.value(forName: "pair", as: [Child].self)[0] !== pair[0])
    #expect(container.registrations().allSatisfy { $0.options.contains(.objectGraph) })
  }

  @Test func withoutADefaultScopeProvidersAreTransient() throws {
    let container = Container()
    register(in: container)
    let pair = try container.value(forName: "pair", as: [Child].self)
    #expect(pair[0] !== pair[1])
  }

  @Test func aScopeGivenExplicitlyWinsOverTheDefault() throws {
    let container = Container(defaultScope: .objectGraph)
    container.addProvider(forName: "theme", options: .weakSingleton) { _ in
      NamedScopeTests.Theme()
    }
    #expect(container.registrations().first?.options == .weakSingleton)
  }

  @Test func aChildContainerKeepsItsParentsDefaultScope() throws {
    let child = Container(defaultScope: .objectGraph).makeChild()
    register(in: child)
    let pair = try child.value(forName: "pair", as: [Child].self)
    #expect(pair[0] === pair[1])
  }

  @Test func aModuleChoosesTheDefaultScopeOfItsOwnProviders() throws {
    let container = Container()
    container.install(GraphModule())
    container.addProvider(forName: "other") { _ in Child() }
    let options = Dictionary(
      uniqueKeysWithValues: container.registrations().map { ($0.name, $0.options) })
    #expect(options == ["shared": .objectGraph, "other": []])
  }
}
