import INJReflection
import Testing

/// Closures whose products the runtime's cast converts: the factory hands them out and
/// casts each product.
@Suite("Provider closures that convert their products")
struct ProviderFactoryCastTests {
  // Internal types: the runtime finds each by its name, as it finds an app's.
  protocol Labelled {}
  class Base: @unchecked Sendable {}  // No state.
  final class Sub: Base, Labelled, @unchecked Sendable {}  // No state.
  struct Tag: Labelled {}

  /// A protocol `IsolatedScreen` conforms to on the main actor only.
  protocol Headline {
    var headline: String { get }
  }

  /// A class whose conformance to ``Headline`` is isolated to the main actor.
  @MainActor final class IsolatedScreen: @MainActor Headline {
    nonisolated init() {}
    var headline: String { "isolated" }
  }

  @Test func anOptionalProductIsUnwrapped() throws {
    let user = Sub()
    let users = ProviderFactory(making: Sub?.self) { user }
    #expect(try users.closure(as: (() throws -> Sub).self)() === user)
    #expect(try users.closure(as: (() -> Sub).self)() === user)
    let labels = ProviderFactory(making: (any Labelled)?.self) { Tag() }
    #expect(try labels.closure(as: (() throws -> (any Labelled)).self)() is Tag)
    let numbers = ProviderFactory(making: Int?.self) { 7 }
    #expect(try numbers.closure(as: (() throws -> Int).self)() == 7)
  }

  @Test func aNilProductIsTheThrowingClosuresError() throws {
    let factory = ProviderFactory(making: Int?.self) { nil }
    let make = try factory.closure(as: (() throws -> Int).self)
    let error = #expect(throws: InjectionError.self) { try make() }
    #expect(
      error?.description
        == "A provider closure returning Int cannot return Optional<Int>, the type of a value "
        + "made by a provider of Optional<Int>. Declare the closure's result as Optional<Int> "
        + "or one of its protocols or superclasses.")
  }

  @Test func collectionsAreCastElementByElement() throws {
    let array = ProviderFactory(making: [Sub].self) { [Sub()] }
    #expect(try array.closure(as: (() throws -> [Base]).self)().first is Sub)
    let dictionary = ProviderFactory(making: [String: Sub].self) { ["a": Sub()] }
    #expect(try dictionary.closure(as: (() throws -> [String: Base]).self)()["a"] is Sub)
  }

  @Test func aTupleTakesLabels() throws {
    let factory = ProviderFactory(making: (Int, String).self) { (1, "one") }
    let make = try factory.closure(as: (() throws -> (a: Int, b: String)).self)
    #expect(try make().b == "one")
  }

  @Test func anIsolatedConformanceAskedOffTheMainActorFirstStillWorksOnIt() async throws {
    let factory = ProviderFactory(making: IsolatedScreen.self) { IsolatedScreen() }
    let shared = SendableFactory(factory: factory)
    // Off the main actor, the closure is handed out, and its product is cast there.
    let offMain = await Task.detached { () -> String in
      do {
        let make = try shared.factory.closure(as: (() throws -> (any Headline)).self)
        _ = try make()
        return "made"
      } catch {
        return "\(error)"
      }
    }.value
    // A runtime that checks isolation (Swift 6.2 and later) fails the cast off the main
    // actor; an older one lets it succeed.
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      #expect(
        offMain
          == "A provider closure returning Headline cannot return IsolatedScreen, the type of "
          + "a value made by a provider of IsolatedScreen. Declare the closure's result as "
          + "IsolatedScreen or one of its protocols or superclasses.")
    }
    // On the main actor, the conformance holds.
    let headline = try await MainActor.run {
      try shared.factory.closure(as: (@MainActor () throws -> (any Headline)).self)().headline
    }
    #expect(headline == "isolated")
  }
}

/// A factory handed to another task; it holds only immutable state and a `@Sendable`
/// creator.
private struct SendableFactory: @unchecked Sendable {
  let factory: ProviderFactory
}
