import INJContainer
import INJReflection
import Testing

/// The numbered rules of the original framework, one test (or a few) each.
@Suite("Semantics")
struct SemanticsTests {
  final class Engine: Sendable {}
  final class Car: Sendable {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
  }

  @Test func rule1InstancesAreHandedOutAsRegistered() throws {
    let container = Container()
    let engine = Engine()
    container.addInstance(engine, forName: "engine")
    container.addProvider(forName: "car", dependencies: ["engine"]) { values in
      Car(engine: try values.value(forName: "engine"))
    }
    #expect(try container.value(forName: "engine", as: Engine.self) === engine)
    #expect(try container.value(forName: "car", as: Car.self).engine === engine)
    #expect(try container.value(forName: "engine") as? Engine === engine)
  }

  @Test func rule2CreatorsReceiveEveryDependencyResolved() throws {
    let container = Container()
    container.addInstance("Manila", forName: "city")
    container.addInstance(3, forName: "days")
    container.addProvider(forName: "engine") { _ in Engine() }
    container.addProvider(forName: "summary", dependencies: ["city", "days", "engine"]) {
      values in
      #expect(values.names == ["city", "days", "engine"])
      #expect(values["engine"] is Engine)
      return "\(try values.value(forName: "city", as: String.self)) for "
        + "\(try values.value(forName: "days", as: Int.self)) days"
    }
    #expect(try container.value(forName: "summary", as: String.self) == "Manila for 3 days")
  }

  @Test func rule3PropertiesStillNilAndListedAreInjected() throws {
    let container = Container()
    let service = ProductsService()
    container.addInstance(service, forName: "productsService")
    container.addProvider(forName: "details", dependencies: ["productsService"]) { _ in
      ProductDetailsViewController()
    }
    container.addProvider(forName: "unlisted") { _ in ProductDetailsViewController() }
    container.addProvider(
      forName: "manual", dependencies: ["productsService"], options: .manualInit
    ) { _ in ProductDetailsViewController() }
    let preset = ProductsService()
    container.addProvider(forName: "preset", dependencies: ["productsService"]) { _ in
      let controller = ProductDetailsViewController()
      controller.productsService = preset
      return controller
    }

    #expect(
      try container.value(forName: "details", as: ProductDetailsViewController.self)
        .productsService === service)
    #expect(
      try container.value(forName: "unlisted", as: ProductDetailsViewController.self)
        .productsService == nil)
    #expect(
      try container.value(forName: "manual", as: ProductDetailsViewController.self)
        .productsService == nil)
    #expect(
      try container.value(forName: "preset", as: ProductDetailsViewController.self)
        .productsService === preset)
  }

  @Test func rule4TransientsAreNewEachTimeSingletonsOnce() throws {
    let container = Container()
    let created = Counter()
    container.addProvider(forName: "transient") { _ in Engine() }
    container.addProvider(forName: "singleton", options: .singleton) { _ in
      created.increment()
      return Engine()
    }
    container.addProvider(forName: "pair", dependencies: ["singleton", "singleton"]) { values in
      (try values.value(forName: "singleton", as: Engine.self), values["singleton"] as? Engine)
    }
    let first = try container.value(forName: "transient", as: Engine.self)
    let second = try container.value(forName: "transient", as: Engine.self)
    #expect(first !== second)
    let shared = try container.value(forName: "singleton", as: Engine.self)
    #expect(try container.value(forName: "singleton", as: Engine.self) === shared)
    let pair = try container.value(forName: "pair", as: (Engine, Engine?).self)
    #expect(pair.0 === shared)
    #expect(pair.1 === shared)
    #expect(created.value == 1)
  }

  @Test func rule5ProviderClosuresMakeANewProductPerCall() throws {
    let container = Container()
    container.addInstance(ProductsService(), forName: "productsService")
    container.addProvider(
      forName: "productsListViewController",
      dependencies: ["productsService", "productDetailsViewControllerProvider"]
    ) { _ in ProductsListViewController() }
    container.addProvider(
      forName: "productDetailsViewController", dependencies: ["productsService"]
    ) { _ in ProductDetailsViewController() }

    let list = try container.value(
      forName: "productsListViewController", as: ProductsListViewController.self)
    let makeDetails = try #require(list.productDetailsViewControllerProvider)
    let first = makeDetails()
    let second = makeDetails()
    #expect(first !== second)
    #expect(first.productsService === list.productsService)
    #expect(first.productsService != nil)

    let direct = try container.value(
      forName: "productDetailsViewControllerProvider",
      as: (() -> ProductDetailsViewController).self)
    #expect(direct() !== direct())
  }

  @Test func rule5ProviderClosuresOfSingletonsAndInstancesReturnTheSameObject() throws {
    let container = Container()
    let engine = Engine()
    container.addInstance(engine, forName: "engine")
    container.addProvider(forName: "car", options: .singleton) { _ in Car(engine: Engine()) }
    let makeEngine = try container.value(forName: "engineProvider", as: (() -> Engine).self)
    let makeCar = try container.value(forName: "carProvider", as: (() -> Car).self)
    #expect(makeEngine() === engine)
    #expect(makeCar() === makeCar())
  }

  @Test func rule6RegistrationsAfterResolutionAreSeenByLaterResolutions() throws {
    let container = Container()
    container.addProvider(forName: "car", dependencies: ["engine"]) { values in
      Car(engine: try values.value(forName: "engine"))
    }
    #expect(throws: ResolutionError.self) { try container.value(forName: "car", as: Car.self) }
    container.addProvider(forName: "engine") { _ in Engine() }
    let car = try container.value(forName: "car", as: Car.self)
    let makeEngine = try container.value(forName: "engineProvider", as: (() -> Engine).self)
    #expect(car.engine !== makeEngine())
  }

  @Test func rule7CheckForErrorsPassesAValidGraph() throws {
    let container = Container()
    container.addInstance(ProductsService(), forName: "productsService")
    container.addProvider(
      forName: "productsListViewController",
      dependencies: ["productsService", "productDetailsViewControllerProvider"]
    ) { _ in ProductsListViewController() }
    container.addProvider(
      forName: "productDetailsViewController", dependencies: ["productsService"]
    ) { _ in ProductDetailsViewController() }
    try container.checkForErrors()
  }

  @Test func aSingletonCreatorReturningNilIsStoredAsReturned() throws {
    let container = Container()
    let calls = Counter()
    container.addProvider(forName: "maybe", options: .singleton) { _ -> Engine? in
      calls.increment()
      return nil
    }
    #expect(try container.value(forName: "maybe", as: Engine?.self) == nil)
    #expect(try container.value(forName: "maybe", as: Engine?.self) == nil)
    #expect(calls.value == 1)
  }
}
