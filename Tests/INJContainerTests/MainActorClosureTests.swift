import INJContainer
import INJReflection
import Testing

@MainActor
final class ComposeScreen {
  static var made = 0
  let serial: Int
  init() {
    Self.made += 1
    serial = Self.made
  }
}

@MainActor
final class MailboxScreen {
  @Inject var composeScreenProvider: (@MainActor () -> ComposeScreen)?
  @Inject var draftScreenProvider: (@MainActor () throws -> ComposeScreen)?
}

@MainActor
final class PlainClosureScreen {
  @Inject var composeScreenProvider: (() -> ComposeScreen)?
}

@MainActor
final class ExplicitMailbox {
  var composeScreenProvider: (@MainActor () -> ComposeScreen)?
}

// An isolated conformance: the container injects a main-actor product on the main
// actor, where the conformance is available.
extension ExplicitMailbox: @MainActor Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&composeScreenProvider, named: "composeScreenProvider")
  }
}

@MainActor
private func mailContainer() -> Container {
  let container = Container()
  container.addProvider(forName: "composeScreen") { _ in ComposeScreen() }
  container.addProvider(forName: "draftScreen") { _ in ComposeScreen() }
  container.addProvider(
    forName: "mailbox", dependencies: ["composeScreenProvider", "draftScreenProvider"]
  ) { _ in
    MailboxScreen()
  }
  return container
}

@Suite("Provider closures of main-actor products")
@MainActor
struct MainActorClosureTests {
  @Test func aMainActorProductsClosureIsAMainActorClosure() throws {
    let container = mailContainer()
    let make = try container.value(
      forName: "composeScreenProvider", as: (@MainActor () -> ComposeScreen).self)
    let first = make()
    let second = make()
    #expect(first !== second)
    #expect(second.serial == first.serial + 1)
    let makeThrowing = try container.value(
      forName: "composeScreenProvider", as: (@MainActor () throws -> ComposeScreen).self)
    #expect(try makeThrowing().serial == second.serial + 1)
    #expect(try container.value(forName: "composeScreenProvider") is @MainActor () -> ComposeScreen)
  }

  @Test func aPlainClosureForAMainActorProductIsRefusedWhenHandedOut() throws {
    let container = mailContainer()
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "composeScreenProvider", as: (() -> ComposeScreen).self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'composeScreenProvider' as () -> ComposeScreen: 'composeScreen' is "
        + "made on the main actor, so its provider closure is @MainActor () -> ComposeScreen, "
        + "which only the main actor can call. Ask for @MainActor () -> ComposeScreen.")
    let throwing = #expect(throws: ResolutionError.self) {
      try container.value(forName: "composeScreenProvider", as: (() throws -> ComposeScreen).self)
    }
    #expect(
      throwing?.description.hasSuffix("Ask for @MainActor () throws -> ComposeScreen.") == true)
  }

  @Test func injectPropertiesReceiveMainActorClosures() throws {
    let container = mailContainer()
    let mailbox = try container.value(forName: "mailbox", as: MailboxScreen.self)
    let make = try #require(mailbox.composeScreenProvider)
    let makeThrowing = try #require(mailbox.draftScreenProvider)
    let made = make()
    let again = try makeThrowing()
    #expect(made !== again)
  }

  @Test func aPlainInjectClosureOfAMainActorProductIsAnInjectionError() {
    let container = mailContainer()
    container.addProvider(forName: "plain", dependencies: ["composeScreenProvider"]) { _ in
      PlainClosureScreen()
    }
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "plain") }
    #expect(
      error?.description
        == "Cannot resolve 'plain': injecting the properties of 'plain' failed. Cannot inject "
        + "'composeScreenProvider' into PlainClosureScreen: the property holds () -> "
        + "ComposeScreen, but 'composeScreen' is made on the main actor, so its provider "
        + "closure is @MainActor () -> ComposeScreen, which only the main actor can call. "
        + "Make the property hold @MainActor () -> ComposeScreen.")
  }

  @Test func anInjectableFillsAMainActorClosure() throws {
    let container = mailContainer()
    container.addProvider(forName: "explicit", dependencies: ["composeScreenProvider"]) { _ in
      ExplicitMailbox()
    }
    let mailbox = try container.value(forName: "explicit", as: ExplicitMailbox.self)
    #expect(mailbox.composeScreenProvider != nil)
  }

  @Test func aCreatorReadsAMainActorClosureFromItsValues() throws {
    let container = mailContainer()
    container.addProvider(forName: "composer", dependencies: ["composeScreenProvider"]) {
      values in
      try values.value(
        forName: "composeScreenProvider", as: (@MainActor () -> ComposeScreen).self)()
    }
    #expect(try container.value(forName: "composer", as: ComposeScreen.self).serial > 0)
  }

  @Test func aMainActorProviderKeyGivesTheClosure() throws {
    let container = mailContainer()
    let key = Key<ComposeScreen>("composeScreen").mainActorProvider
    let make = try container.value(for: key)
    #expect(make().serial > 0)
    #expect(key.name == "composeScreenProvider")
  }

  @Test func anyProductsClosureMayBeAMainActorClosure() throws {
    let container = Container()
    container.addInstance(7, forName: "count")
    let make = try container.value(forName: "countProvider", as: (@MainActor () -> Int).self)
    #expect(make() == 7)
    let makeAny = try container.value(forName: "countProvider", as: (@MainActor () -> Any).self)
    #expect(makeAny() as? Int == 7)
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "countProvider", as: (@MainActor () -> String).self)
    }
    #expect(
      error?.description.hasPrefix(
        "Cannot resolve 'countProvider' as @MainActor () -> String: 'count' provides Int")
        == true)
  }
}

/// A product made anywhere over one made on the main actor, and a singleton holding
/// its plain provider closure.
final class Headline: Sendable {}

@MainActor
final class Banner {}

// Shared as singletons: their properties are set once, by the injection, before any
// thread reads them.
final class Ticker: @unchecked Sendable {
  @Inject var headlineProvider: (() -> Headline)?
}

final class MainActorTicker: @unchecked Sendable {
  @Inject var headlineProvider: (@MainActor () -> Headline)?
}

@Suite("A product that needs the main actor further down")
struct MainActorBelowTests {
  @MainActor
  private func registerBanner(in container: Container) {
    container.addProvider(forName: "banner", line: 1) { _ in Banner() }
  }

  private func headlines<T: Sendable>(ticker: @escaping @Sendable () -> T) async -> Container {
    let container = Container()
    await registerBanner(in: container)
    container.addProvider(forName: "headline", dependencies: ["banner"], line: 2) { _ in
      Headline()
    }
    container.addProvider(
      forName: "ticker", dependencies: ["headlineProvider"], options: .singleton, line: 3
    ) { _ in ticker() }
    return container
  }

  @Test func itsPlainProviderClosureIsReportedAndRefused() async throws {
    let container = await headlines { Ticker() }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'ticker' (INJContainerTests/MainActorClosureTests.swift:3) makes Ticker, whose "
          + "@Inject property 'headlineProvider' holds () -> Headline, but 'headline' "
          + "(INJContainerTests/MainActorClosureTests.swift:2) needs the main actor, so its "
          + "provider closure is @MainActor () -> Headline, which only the main actor can "
          + "call. Make the property hold @MainActor () -> Headline."
      ])
    #expect(throws: ResolutionError.self) {
      try container.value(forName: "headlineProvider", as: (() -> Headline).self)
    }
  }

  @Test func itsMainActorProviderClosureWorksOnTheMainActor() async throws {
    let container = await headlines { MainActorTicker() }
    try container.checkForErrors()
    let ticker = try await MainActor.run {
      try container.value(forName: "ticker", as: MainActorTicker.self)
    }
    let made = await MainActor.run { ticker.headlineProvider?() != nil }
    #expect(made)
  }
}
