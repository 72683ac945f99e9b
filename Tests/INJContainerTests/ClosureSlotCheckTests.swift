import INJContainer
import INJReflection
import Testing

/// `checkForErrors()` checks every closure slot it can see, an `@Inject` property or a
/// key in a dependency list, against what resolution hands out: it reports exactly the
/// slots resolution refuses.
@Suite("The check of closure slots")
struct ClosureSlotCheckTests {
  protocol Marker: AnyObject {}
  final class Part: Marker, Sendable {}
  final class Other {}

  final class SlotHolder<Slot> {
    @Inject var partProvider: Slot?
  }

  /// How the provider behind `partProvider` is registered.
  enum Offer: CaseIterable, CustomStringConvertible {
    case anywhere, mainActor, async, argument

    var description: String {
      switch self {
      case .anywhere: "made anywhere"
      case .mainActor: "made on the main actor"
      case .async: "async"
      case .argument: "taking a String"
      }
    }

    nonisolated func register(in container: Container) {
      switch self {
      case .anywhere:
        container.addProvider(forName: "part") { _ in Part() }
      case .mainActor:
        // The tests run on the main actor: a creator written in main-actor code there is
        // made on the main actor.
        MainActor.assumeIsolated {
          container.addProvider(forName: "part") { _ in Part() }
        }
      case .async:
        container.addAsyncProvider(forName: "part") { _ in Part() }
      case .argument:
        container.addProvider(forName: "part", argument: String.self) { _, _ in Part() }
      }
    }
  }

  /// A slot type, and a holder whose `@Inject` property has it.
  struct Slot: CustomStringConvertible {
    let description: String
    let register: @Sendable (Container) -> Void

    init<T>(_ type: T.Type) {
      description = String(describing: T.self)
      register = { container in
        container.addProvider(forName: "holder", dependencies: ["partProvider"]) { _ in
          SlotHolder<T>()
        }
      }
    }
  }

  static let slots: [Slot] = [
    Slot((() -> Part).self), Slot((() throws -> Part).self), Slot((@Sendable () -> Part).self),
    Slot((() -> any Marker).self), Slot((() -> AnyObject).self), Slot((() -> Other).self),
    Slot((() -> Part?).self), Slot((@MainActor () -> Part).self),
    Slot((@MainActor () throws -> any Marker).self), Slot((() async throws -> Part).self),
    Slot((() async -> Part).self), Slot((@MainActor () async throws -> Part).self),
    Slot(((String) -> Part).self), Slot(((String) throws -> Part).self),
    Slot(((Int) -> Part).self), Slot((() throws(CancellationError) -> Part).self),
    Slot(Part.self), Slot(Int.self), Slot(Any.self),
  ]

  @MainActor @Test func theCheckReportsExactlyTheSlotsResolutionRefuses() {
    var disagreements: [String] = []
    var refused = 0
    for offer in Offer.allCases {
      for slot in Self.slots {
        let container = Container()
        offer.register(in: container)
        slot.register(container)
        let problems = container.validate().problems
        let resolved = Result { try container.value(forName: "holder") }
        if case .failure = resolved { refused += 1 }
        if problems.isEmpty != ((try? resolved.get()) != nil) {
          disagreements.append(
            "\(slot) for a provider \(offer): check \(problems), resolution \(resolved)")
        }
      }
    }
    #expect(disagreements == [])
    // Most pairs are refused; the test would prove little if none were.
    #expect(refused > 30)
  }

  @MainActor @Test func aPlainClosureOfAMainActorProductIsReportedWithTheFix() {
    let container = Container()
    container.addProvider(forName: "articleScreen", fileID: "App/App.swift", line: 3) { _ in
      Part()
    }
    container.addProvider(
      forName: "articleList", dependencies: ["articleScreenProvider"], fileID: "App/App.swift",
      line: 4
    ) { _ in ArticleList() }
    #expect(
      container.validate().problems.map(\.description) == [
        "'articleList' (App/App.swift:4) makes ArticleList, whose @Inject property "
          + "'articleScreenProvider' holds () -> Part, but 'articleScreen' (App/App.swift:3) is "
          + "made on the main actor, so its provider closure is @MainActor () -> Part, which "
          + "only the main actor can call. Make the property hold @MainActor () -> Part."
      ])
  }

  @Test func aClosureOfAnotherProductIsReported() {
    let container = Container()
    container.addProvider(forName: "api", fileID: "App/App.swift", line: 1) { _ in Part() }
    container.addProvider(
      forName: "client", dependencies: ["apiProvider"], fileID: "App/App.swift", line: 2
    ) { _ in Client() }
    #expect(
      container.validate().problems.map(\.description) == [
        "'client' (App/App.swift:2) makes Client, whose @Inject property 'apiProvider' holds "
          + "() -> Other, but 'api' (App/App.swift:1) provides Part, which a closure returning "
          + "Other cannot return. Make the property hold () -> Part."
      ])
  }

  @Test func aKeyOfTheWrongClosureTypeIsReported() {
    let container = Container()
    container.addAsyncProvider(forName: "store", fileID: "App/App.swift", line: 1) { _ in
      Part()
    }
    container.addProvider(
      forName: "screen", dependencies: [.key(Key<() -> Part>("storeProvider"))],
      fileID: "App/App.swift", line: 2
    ) { _ in Other() }
    #expect(
      container.validate().problems.map(\.description) == [
        "'screen' (App/App.swift:2) depends on Key<() -> Part>(\"storeProvider\"), but the "
          + "creator of 'store' (App/App.swift:1) is async, so its provider closure is () async "
          + "throws -> Part. Give the key the type () async throws -> Part."
      ])
  }

  final class InjectableList: Injectable {
    var articleScreenProvider: (() -> Part)?
    func injectProperties(_ injector: inout PropertyInjector) throws {
      try injector.inject(&articleScreenProvider, named: "articleScreenProvider")
    }
  }

  final class FittingInjectableList: Injectable {
    var articleScreenProvider: (@MainActor () -> Part)?
    func injectProperties(_ injector: inout PropertyInjector) throws {
      try injector.inject(&articleScreenProvider, named: "articleScreenProvider")
    }
  }

  @MainActor @Test func anInjectablesClosurePropertyIsCheckedToo() throws {
    let container = Container()
    container.addProvider(forName: "articleScreen", fileID: "App/App.swift", line: 3) { _ in
      Part()
    }
    container.addProvider(
      forName: "articleList", dependencies: ["articleScreenProvider"], fileID: "App/App.swift",
      line: 4
    ) { _ in InjectableList() }
    container.addProvider(forName: "fitting", dependencies: ["articleScreenProvider"]) { _ in
      FittingInjectableList()
    }
    #expect(
      container.validate().problems.map(\.description) == [
        "'articleList' (App/App.swift:4) makes InjectableList, whose property "
          + "'articleScreenProvider' holds () -> Part, but 'articleScreen' (App/App.swift:3) is "
          + "made on the main actor, so its provider closure is @MainActor () -> Part, which "
          + "only the main actor can call. Make the property hold @MainActor () -> Part."
      ])
    #expect(throws: ResolutionError.self) { try container.value(forName: "articleList") }
    let fitting = try container.value(forName: "fitting", as: FittingInjectableList.self)
    #expect(fitting.articleScreenProvider != nil)
  }

  final class ArticleList {
    @Inject var articleScreenProvider: (() -> Part)?
  }

  final class Client {
    @Inject var apiProvider: (() -> Other)?
  }
}
