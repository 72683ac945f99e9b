import Foundation
import INJContainer
import INJReflection
import Testing

/// Graphs whose casts succeed at resolution: the check reports none of them, and the
/// provider closures they ask for are handed out. Each failed before its fix.
@Suite("The type check never reports what runs fine")
struct CastCheckReportTests {
  final class User: Sendable {}
  final class Profile {
    @Inject var user: User?
  }

  @Test func anOptionalProductFeedsAPropertyOfItsWrappedType() throws {
    let container = Container()
    container.addProvider(forName: "user") { _ -> User? in User() }
    container.addProvider(forName: "profile", dependencies: ["user"]) { _ in Profile() }
    #expect(container.validate().problems.map(\.description) == [])
    #expect(try container.value(forName: "profile", as: Profile.self).user != nil)
  }

  protocol Plugin {}
  struct PluginA: Plugin {}
  struct PluginB: Plugin {}
  final class PluginHost {
    @Inject var plugins: [any Plugin]?
  }

  private func pluginContainer() -> Container {
    let container = Container()
    container.contribute(to: "plugins") { _ in PluginA() }
    container.contribute(to: "plugins") { _ in PluginB() }
    return container
  }

  @Test(arguments: [false, true])
  func contributionsFeedAPropertyOfTheirProtocolsArray(inChild: Bool) throws {
    let parent = pluginContainer()
    let container = inChild ? parent.makeChild() : parent
    container.addProvider(forName: "host", dependencies: ["plugins"]) { _ in PluginHost() }
    #expect(container.validate().problems.map(\.description) == [])
    #expect(try container.value(forName: "host", as: PluginHost.self).plugins?.count == 2)
  }

  @Test(arguments: [false, true])
  func aCollectionFeedsAKeyOfTheirProtocolsArray(inChild: Bool) throws {
    let parent = pluginContainer()
    let container = inChild ? parent.makeChild() : parent
    let plugins = Key<[any Plugin]>("plugins")
    container.addProvider(forName: "count", dependencies: [.key(plugins)]) { values in
      try values.value(for: plugins).count
    }
    #expect(container.validate().problems.map(\.description) == [])
    #expect(try container.value(forName: "count", as: Int.self) == 2)
  }

  @Test func aCollectionsClosureReturnsTheirProtocolsArray() throws {
    let container = pluginContainer()
    let makePlugins = try container.value(
      forName: "pluginsProvider", as: (() -> [any Plugin]).self)
    #expect(makePlugins().count == 2)
    container.addProvider(forName: "counter", dependencies: ["pluginsProvider"]) { values in
      let make = try values.value(forName: "pluginsProvider", as: (() -> [any Plugin]).self)
      return make().count
    }
    #expect(try container.value(forName: "counter", as: Int.self) == 2)
  }
}

// MARK: Provider closures whose products the cast converts

extension CastCheckReportTests {
  protocol Shape {}
  class Base {}
  final class Sub: Base, Shape {}
  struct Square: Shape {}

  /// Registers `make` under "made", asks for `madeProvider` as a throwing closure
  /// returning `Result`, from the container and from a provider's values, and calls
  /// `body` with each closure while the container lives.
  private func withThrowingClosures<Product, Result>(
    making make: @autoclosure @escaping @Sendable () -> Product, as result: Result.Type,
    _ body: (() throws -> Result) throws -> Void
  ) throws {
    let container = Container()
    container.addProvider(forName: "made") { _ in make() }
    container.addProvider(forName: "asked", dependencies: ["madeProvider"]) { values in
      try values.value(forName: "madeProvider", as: (() throws -> Result).self)
    }
    try body(try container.value(forName: "madeProvider", as: (() throws -> Result).self))
    try body(try container.value(forName: "asked", as: (() throws -> Result).self))
  }

  @Test func aThrowingClosureUnwrapsAnOptionalClass() throws {
    let user = User()
    try withThrowingClosures(making: user as User?, as: User.self) { (make) throws in
      #expect(try make() === user)
    }
  }

  @Test func aThrowingClosureUnwrapsAnOptionalExistential() throws {
    try withThrowingClosures(
      making: Square() as (any Shape)?, as: (any Shape).self
    ) { (make) throws in
      #expect(try make() is Square)
    }
  }

  @Test func aThrowingClosureUnwrapsAnOptionalValue() throws {
    try withThrowingClosures(making: 7 as Int?, as: Int.self) { (make) throws in
      #expect(try make() == 7)
    }
  }

  @Test func aNilProductIsReportedByTheClosureThatGotIt() throws {
    try withThrowingClosures(making: nil as User?, as: User.self) { (make) throws in
      let error = #expect(throws: InjectionError.self) { try make() }
      #expect(
        error?.description
          == "A provider closure returning User cannot return Optional<User>, the type of a "
          + "value made by a provider of Optional<User>. Declare the closure's result as "
          + "Optional<User> or one of its protocols or superclasses.")
    }
  }

  @Test func aThrowingClosureConvertsAnArray() throws {
    try withThrowingClosures(making: [Sub()], as: [Base].self) { (make) throws in
      #expect(try make().first is Sub)
    }
  }

  @Test func aThrowingClosureConvertsADictionary() throws {
    try withThrowingClosures(making: ["a": Sub()], as: [String: Base].self) { (make) throws in
      #expect(try make()["a"] is Sub)
    }
  }

  @Test func aThrowingClosureLabelsATuple() throws {
    try withThrowingClosures(making: (1, "one"), as: (a: Int, b: String).self) {
      (make) throws in
      #expect(try make().b == "one")
    }
  }
}

// MARK: Isolated conformances

/// A protocol that `IsolatedModel` conforms to on the main actor only.
protocol Titled {
  var title: String { get }
}

/// A main-actor class whose conformance to ``Titled`` is isolated to the main actor:
/// a cast to `any Titled` succeeds on the main actor and fails elsewhere.
@MainActor final class IsolatedModel: @MainActor Titled {
  nonisolated init() {}
  var title: String { "model" }
}

/// Holds an ``IsolatedModel`` as `any Titled`; made and filled on the main actor.
final class TitledScreen {
  @Inject var model: (any Titled)?
}

extension CastCheckReportTests {
  @Test func aCheckOffTheMainActorLeavesAnIsolatedConformanceToTheCast() async throws {
    let container = Container()
    container.addProvider(forName: "model") { _ in IsolatedModel() }
    container.addProvider(forName: "screen", dependencies: ["model"]) { _ in TitledScreen() }
    // Asked off the main actor first: the cast's answer there is not the answer.
    let offMain = await Task.detached { container.validate().problems.map(\.description) }.value
    #expect(offMain == [])
    try await MainActor.run {
      #expect(container.validate().problems.map(\.description) == [])
      let screen = try container.value(forName: "screen", as: TitledScreen.self)
      #expect(screen.model?.title == "model")
      let make = try container.value(forName: "modelProvider", as: (() throws -> any Titled).self)
      #expect(try make().title == "model")
    }
  }
}
