import Injineer
import Testing

// The samples of the article "Providers and Scopes", as written there.

protocol Forecasting: Sendable {
  func forecast(for city: String) -> String
}

struct StubForecaster: Forecasting {
  func forecast(for city: String) -> String { "Sunny in \(city)" }
}

final class Session: Sendable {}

final class Cart {
  let session: Session
  init(session: Session) { self.session = session }
}

final class CheckoutScreen {
  let cart: Cart
  let session: Session
  init(cart: Cart, session: Session) {
    self.cart = cart
    self.session = session
  }
}

final class UserAccount: Sendable {}
final class ImageStore: Sendable {}

extension Key where Value == any Forecasting {
  static var forecaster: Self { Self("forecaster") }
}

// The article's samples run in nonisolated code, as it says, except the one it says runs in
// main-actor code.
@Suite("Providers and Scopes")
struct ProvidersAndScopesTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/ProvidersAndScopes.md"

  @Test func creatorsReadTheirValues() throws {
    let container = Container()
    container.addInstance("Manila", forName: "city")
    container.addInstance(3, forName: "days")
    container.addProvider(forName: "report", dependencies: ["city", "days"]) { values in
      let city: String = try values.value(forName: "city")
      let days = try values.value(forName: "days", as: Int.self)
      return "\(city) for \(days) days, from \(values.names)"
    }
    print(try container.value(forName: "report", as: String.self))

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aCreatorDeclaresItsResultType() throws {
    let services = Container()
    services.addProvider(forName: "forecaster", options: .singleton) { _ -> any Forecasting in
      StubForecaster()
    }
    let forecaster = try services.value(forName: "forecaster", as: (any Forecasting).self)
    print(forecaster.forecast(for: "Manila"))

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func anObjectGraphProductIsSharedWithinOneResolution() throws {
    let shop = Container()
    shop.addProvider(forName: "session", options: .objectGraph) { _ in Session() }
    shop.addProvider(forName: "cart", dependencies: ["session"]) { values in
      Cart(session: try values.value(forName: "session"))
    }
    shop.addProvider(forName: "checkout", dependencies: ["cart", "session"]) { values in
      CheckoutScreen(
        cart: try values.value(forName: "cart"), session: try values.value(forName: "session"))
    }
    let first = try shop.value(forName: "checkout", as: CheckoutScreen.self)
    let second = try shop.value(forName: "checkout", as: CheckoutScreen.self)
    print(first.cart.session === first.session, first.session === second.session)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aNamedScopeIsResetAtSignOut() throws {
    let app = Container()
    app.addProvider(forName: "account", options: .scope("session")) { _ in UserAccount() }
    app.addProvider(forName: "imageStore", options: .singleton) { _ in ImageStore() }

    let signedIn = try app.value(forName: "account", as: UserAccount.self)
    let store = try app.value(forName: "imageStore", as: ImageStore.self)
    try app.reset(scope: "session")  // at sign-out
    let next = try app.value(forName: "account", as: UserAccount.self)
    print(next === signedIn, try app.value(forName: "imageStore", as: ImageStore.self) === store)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aDefaultScope() throws {
    let graphs = Container(defaultScope: .objectGraph)
    graphs.addProvider(forName: "session") { _ in Session() }
    graphs.addProvider(forName: "cart", dependencies: ["session"]) { values in
      Cart(session: try values.value(forName: "session"))
    }
    graphs.addProvider(forName: "checkout", dependencies: ["cart", "session"]) { values in
      CheckoutScreen(
        cart: try values.value(forName: "cart"), session: try values.value(forName: "session"))
    }
    let screen = try graphs.value(forName: "checkout", as: CheckoutScreen.self)
    print(screen.cart.session === screen.session)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aWeakSingletonLivesWhileHeld() throws {
    let images = Container()
    images.addProvider(forName: "imageCache", options: .weakSingleton) { _ in ImageCache() }
    var held: ImageCache? = try images.value(forName: "imageCache", as: ImageCache.self)
    print(try images.value(forName: "imageCache", as: ImageCache.self) === held)
    weak let released = held
    held = nil
    print(released == nil)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func typedKeys() throws {
    let keyed = Container()
    keyed.addProvider(for: .forecaster, options: .singleton) { StubForecaster() }
    let typed = try keyed.value(for: .forecaster)
    let makeForecaster = try keyed.value(for: Key<any Forecasting>.forecaster.provider)
    print(typed.forecast(for: "Omsk"), makeForecaster().forecast(for: "Lima"))

    expectPrintedOutputShown(in: Self.article)

    let before = console.text.count
    keyed.addInstance("Quito", forName: "city")
    keyed.addProvider(forName: "report", dependencies: [.key(.forecaster), "city"]) { values in
      try values.value(for: .forecaster).forecast(for: try values.value(forName: "city"))
    }
    try keyed.checkForErrors()
    print(try keyed.value(forName: "report", as: String.self))
    #expect(
      try Markdown.blocks("text", in: Self.article).contains(
        String(console.text.dropFirst(before))), "\(console.text)")
  }

  @Test @MainActor func aMainActorProductsKeyedClosure() throws {
    let onMain = Container()
    onMain.addProvider(for: .forecaster, options: .singleton) { StubForecaster() }
    let makeOnMain = try onMain.value(for: Key<any Forecasting>.forecaster.mainActorProvider)
    print(makeOnMain().forecast(for: "Oslo"))

    expectPrintedOutputShown(in: Self.article)
    // The plain closure is refused for a product made on the main actor.
    #expect(throws: ResolutionError.self) {
      try onMain.value(for: Key<any Forecasting>.forecaster.provider)
    }
  }

  @Test func childContainers() throws {
    let app = Container()
    app.addInstance("guest", forName: "user")
    app.addProvider(forName: "greeting", dependencies: ["user"]) { values in
      "Hello, \(try values.value(forName: "user", as: String.self))!"
    }
    let request = app.makeChild()
    request.addInstance("ada", forName: "user")
    request.addProvider(forName: "banner", dependencies: ["greeting", "user"]) { values in
      let greeting = try values.value(forName: "greeting", as: String.self)
      return "\(greeting) Signed in as \(try values.value(forName: "user", as: String.self))."
    }
    print(try request.value(forName: "banner", as: String.self))
    let user = try request.value(forName: "user", as: String.self)
    print(user, try app.value(forName: "user", as: String.self))

    expectPrintedOutputShown(in: Self.article)
    #expect(throws: ResolutionError.self) { try app.value(forName: "banner") }
    try request.checkForErrors()
  }
}
