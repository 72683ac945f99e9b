import INJReflection
import Testing

private final class ListScreen {
  @Inject var detailProvider: (() -> DetailScreen)?
  @Inject var screenProvider: (() -> any Screen)?
  @Inject var throwingProvider: (() throws -> DetailScreen)?
  @Inject var throwingScreenProvider: (() throws -> any Screen)?
  @Inject var anyProvider: (() -> AnyObject)?
}

private struct MakeFailed: Error, CustomStringConvertible {
  var description: String { "making the detail screen failed" }
}

@Suite("Provider-closure properties")
struct ProviderClosureTests {
  private func countingFactory() -> (ProviderFactory, () -> Int) {
    final class Counter: @unchecked Sendable { var count = 0 }
    let counter = Counter()
    let factory = ProviderFactory(making: DetailScreen.self) {
      counter.count += 1
      return DetailScreen(title: "detail \(counter.count)")
    }
    return (factory, { counter.count })
  }

  @Test func eachCallMakesANewProduct() throws {
    let (factory, count) = countingFactory()
    let screen = ListScreen()
    try PropertyInjector.injectProperties(
      into: screen, from: Offers(factories: ["detailProvider": factory]))

    let make = try #require(screen.detailProvider)
    #expect(count() == 0)
    let first = make()
    let second = make()
    #expect(first !== second)
    #expect(first.title == "detail 1")
    #expect(second.title == "detail 2")
  }

  @Test func aClosureTypedWithAProtocolOfTheProductWorks() throws {
    let (factory, _) = countingFactory()
    let screen = ListScreen()
    try PropertyInjector.injectProperties(
      into: screen,
      from: Offers(factories: ["screenProvider": factory, "anyProvider": factory]))

    let makeScreen = try #require(screen.screenProvider)
    let makeAny = try #require(screen.anyProvider)
    #expect(makeScreen().title == "detail 1")
    #expect(makeAny() is DetailScreen)
  }

  @Test func throwingClosuresThrowTheMakersError() throws {
    let factory = ProviderFactory(making: DetailScreen.self) { throw MakeFailed() }
    let screen = ListScreen()
    try PropertyInjector.injectProperties(
      into: screen,
      from: Offers(factories: [
        "throwingProvider": factory, "throwingScreenProvider": factory,
      ]))

    #expect(throws: MakeFailed.self) { try screen.throwingProvider?() }
    #expect(throws: MakeFailed.self) { try screen.throwingScreenProvider?() }
  }

  @Test func aClosureNoProductCanFitIsRefusedWhenAskedFor() throws {
    struct Settings {}
    let factory = ProviderFactory(making: Settings.self) { Settings() }
    let error = #expect(throws: InjectionError.self) {
      _ = try factory.closure(as: (() throws -> (any Screen)).self)
    }
    #expect(
      error?.description
        == "A provider closure returning Screen cannot return Settings, the type of a value "
        + "made by a provider of Settings. Declare the closure's result as Settings or one of "
        + "its protocols or superclasses.")
    #expect(throws: InjectionError.self) { _ = try factory.closure(as: (() -> Int).self) }
    // A class's products may be of a subclass that conforms: each product decides.
    let services = ProviderFactory(making: Service.self) { Service() }
    let makeScreen = try services.closure(as: (() throws -> (any Screen)).self)
    #expect(throws: InjectionError.self) { try makeScreen() }
    #expect(throws: InjectionError.self) { _ = try services.closure(as: (() -> Int).self) }
  }

  @Test func aThrowingClosureReportsAProductOfTheWrongType() throws {
    // Declared as a protocol type, the products decide: this one is not a Screen.
    let factory = ProviderFactory(making: AnyObject.self) { Service() }
    let make = try factory.closure(as: (() throws -> (any Screen)).self)
    let error = #expect(throws: InjectionError.self) { try make() }
    #expect(
      error?.description
        == "A provider closure returning Screen cannot return Service, the type of a value "
        + "made by a provider of AnyObject. Declare the closure's result as Service or one of "
        + "its protocols or superclasses.")
  }

  @Test func aPropertyNoProductCanFitIsATypeMismatch() throws {
    final class Holder {
      @Inject var makeNumber: (() -> Int)?
    }
    let (factory, count) = countingFactory()
    let holder = Holder()
    let error = #expect(throws: InjectionError.self) {
      try PropertyInjector.injectProperties(
        into: holder, from: Offers(factories: ["makeNumber": factory]))
    }
    #expect(error?.reason == .closureResultMismatch(expected: "Int", actual: "DetailScreen"))
    #expect(
      error?.description
        == "Cannot inject 'makeNumber' into Holder: the property holds a closure returning Int, "
        + "but 'makeNumber' provides DetailScreen, which such a closure cannot return. Make it "
        + "return DetailScreen or one of its protocols or superclasses.")
    #expect(holder.makeNumber == nil)
    #expect(count() == 0)
  }

  @Test func anExactClosureIsTheFactorysOwn() throws {
    let (factory, count) = countingFactory()
    let exact = try factory.closure(as: (() -> DetailScreen).self)
    _ = exact()
    #expect(count() == 1)
    #expect(ObjectIdentifier(factory.offer.productType) == ObjectIdentifier(DetailScreen.self))
    #expect(try factory.closure(as: (() throws -> DetailScreen).self)().title == "detail 2")
  }

  @Test func aReadyClosureValueFillsAnExactlyTypedProperty() throws {
    let screen = ListScreen()
    let ready: () -> DetailScreen = { DetailScreen(title: "ready") }
    try PropertyInjector.injectProperties(into: screen, from: Offers(["detailProvider": ready]))
    #expect(screen.detailProvider?().title == "ready")
  }

  @Test func aFactoryOfferedToAPlainPropertyIsATypeMismatch() throws {
    final class Holder {
      @Inject var detail: DetailScreen?
    }
    let (factory, _) = countingFactory()
    let error = #expect(throws: InjectionError.self) {
      try PropertyInjector.injectProperties(
        into: Holder(), from: Offers(factories: ["detail": factory]))
    }
    #expect(
      error?.reason
        == .providerClosureProperty(expected: "DetailScreen", offered: "() -> DetailScreen"))
  }

  @Test @MainActor func aMainActorFactoryOffersOnlyMainActorClosures() throws {
    let factory = ProviderFactory(making: DetailScreen.self, isMainActor: true) {
      DetailScreen(title: "main")
    }
    #expect(factory.offer.isMainActor)
    #expect(try factory.closure(as: (@MainActor () -> DetailScreen).self)().title == "main")
    #expect(try factory.closure(as: (@MainActor () throws -> (any Screen)).self)() is DetailScreen)
    let error = #expect(throws: InjectionError.self) {
      try factory.closure(as: (() -> DetailScreen).self)
    }
    #expect(
      error?.description
        == "A provider closure of type () -> DetailScreen cannot make DetailScreen: its "
        + "provider runs on the main actor, so its closures are main-actor closures. Declare "
        + "the closure as @MainActor () -> DetailScreen.")
    #expect(throws: InjectionError.self) {
      try factory.closure(as: (() throws -> DetailScreen).self)
    }
  }

  @Test @MainActor func anyFactoryOffersMainActorClosures() throws {
    let (factory, count) = countingFactory()
    let make = try factory.closure(as: (@MainActor () -> (any Screen)).self)
    _ = make()
    _ = make()
    #expect(count() == 2)
  }
}
