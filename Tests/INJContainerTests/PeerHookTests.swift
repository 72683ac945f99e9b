import INJContainer
import INJReflection
import Testing

/// The hook tests of Swinject, Factory and DITranquillity, each in Injineer's terms:
/// `initCompleted` and `postInit` are decorators that return their product,
/// Factory's decorators are decorators, `Assembly.loaded` is a module's
/// `installed(in:)`, and Factory's trace is the creation observer.
@Suite struct PeerHookTests {
  protocol Animal: AnyObject {
    var name: String { get }
  }

  final class Cat: Animal {
    let name: String
    init(name: String) { self.name = name }
  }

  final class PetOwner {
    var pet: (any Animal)?
    func injectAnimal(_ animal: any Animal) { pet = animal }
  }

  private func petContainer() -> Container {
    let container = Container()
    container.addProvider(forName: "animal") { _ -> any Animal in Cat(name: "Mimi") }
    container.addProvider(forName: "owner", dependencies: ["animal"]) { _ in PetOwner() }
    return container
  }

  // Swinject ContainerTests.testContainerRaisesInitCompletedEventWhenNewInstanceIsCreated
  @Test func aDecoratorRunsWhenANewProductIsMade() throws {
    let container = petContainer()
    let raised = Counter()
    container.decorate("owner", as: PetOwner.self) { product, _ in
      raised.increment()
      return product
    }
    let owner = try container.value(forName: "owner", as: PetOwner?.self)
    #expect(owner != nil)
    #expect(raised.value == 1)
  }

  // Swinject ContainerTests.testContainerRaisesInitCompletedEventForAllSubscribedClosuresWhenNewInstanceIsCreated
  @Test func everyDecoratorOfANameRuns() throws {
    let container = petContainer()
    let raised = Counter()
    for _ in 0..<4 {
      container.decorate("owner", as: PetOwner.self) { product, _ in
        raised.increment()
        return product
      }
    }
    _ = try container.value(forName: "owner", as: PetOwner.self)
    #expect(raised.value == 4)
  }

  // Swinject ContainerTests.testContainerAcceptsPropertyInjectionInInitCompletedEvent
  @Test func aDecoratorCanSetAProperty() throws {
    let container = petContainer()
    container.decorate("owner", as: PetOwner.self) { owner, values in
      owner.pet = try values.value(forName: "animal", as: (any Animal).self)
      return owner
    }
    let owner = try container.value(forName: "owner", as: PetOwner.self)
    #expect(owner.pet != nil)
  }

  // Swinject ContainerTests.testContainerAcceptsMethodInjectionInInitCompletedEvent
  @Test func aDecoratorCanCallAnInjectionMethod() throws {
    let container = petContainer()
    container.decorate("owner", as: PetOwner.self) { owner, values in
      owner.injectAnimal(try values.value(forName: "animal", as: (any Animal).self))
      return owner
    }
    let owner = try container.value(forName: "owner", as: PetOwner.self)
    #expect(owner.pet != nil)
  }

  /// A module that remembers whether it was installed, and what its installed hook
  /// could resolve: its own cat, and food from whichever module registers it.
  final class LoadAwareModule: ContainerModule, @unchecked Sendable {
    // Written by `installed(in:)` on the installing thread, read after it returns.
    var loaded = false
    var cat: (any Animal)?
    var food: String?

    func register(in container: Container) {
      container.addProvider(forName: "cat") { _ -> any Animal in Cat(name: "Bojangles") }
    }

    func installed(in container: Container) {
      loaded = true
      cat = try? container.value(forName: "cat", as: (any Animal).self)
      food = try? container.value(forName: "food", as: String.self)
    }
  }

  struct FoodModule: ContainerModule {
    func register(in container: Container) {
      container.addInstance("Sushi", forName: "food")
    }
  }

  // Swinject AssemblerTests.testAssemblerCanAssembleSingleLoadAwareContainer
  @Test func aModuleInstalledInAnEmptyContainerIsToldOnceItIsLoaded() {
    let container = Container()
    let module = LoadAwareModule()
    #expect(!module.loaded)
    container.install(module)
    #expect(module.loaded)
    #expect(module.cat?.name == "Bojangles")
  }

  // Swinject AssemblerTests.testLoadAwareAssemblyCanAssembleSingleContainer
  @Test func aModuleInstalledAsTheContainerIsMadeIsToldOnceItIsLoaded() {
    let module = LoadAwareModule()
    let container = Container()
    container.install(module)
    #expect(module.loaded)
    #expect(module.cat?.name == "Bojangles")
    #expect(container.installedModules == ["LoadAwareModule"])
  }

  // Swinject AssemblerTests.testLoadAwareAssemblyCanAssembleMultipleContainers
  @Test func aModuleIsToldOnceEveryModuleOfItsInstallCallRegistered() {
    let module = LoadAwareModule()
    let container = Container()
    container.install(module, FoodModule())
    #expect(module.loaded)
    #expect(module.cat?.name == "Bojangles")
    #expect(module.food == "Sushi")
  }

  final class Service: Sendable {}

  /// Factory's custom container: a setup step run once (its `autoRegister`) sets the
  /// count to 1, and each decorator run adds 1.
  private func decoratedContainer(
    _ options: ProviderOptions.For<Service> = [], count: Counter
  ) -> Container {
    let container = Container()
    container.addProvider(forName: "decorated", options: options) { _ in Service() }
    container.decorate("decorated", as: Service.self) { product, _ in
      count.increment()
      return product
    }
    count.increment()
    return container
  }

  // Factory FactoryCoreTests.testFactoryDecorators
  @Test func aTransientsDecoratorRunsOnEveryResolution() throws {
    let count = Counter()
    #expect(count.value == 0)
    let container = decoratedContainer(count: count)
    _ = try container.value(forName: "decorated", as: Service.self)
    #expect(count.value == 2)
    _ = try container.value(forName: "decorated", as: Service.self)
    #expect(count.value == 3)
    _ = try container.value(forName: "decorated", as: Service.self)
    #expect(count.value == 4)
  }

  // Factory FactoryCoreTests.testFactoryDecoratorsNew (a cached product: the decorator runs
  // for the new one only)
  @Test func aSingletonsDecoratorRunsOnlyForTheProductMade() throws {
    let count = Counter()
    #expect(count.value == 0)
    let container = decoratedContainer(.singleton, count: count)
    _ = try container.value(forName: "decorated", as: Service.self)
    #expect(count.value == 2)
    _ = try container.value(forName: "decorated", as: Service.self)
    #expect(count.value == 2)
    _ = try container.value(forName: "decorated", as: Service.self)
    #expect(count.value == 2)
  }

  // Factory FactoryContainerTests.testDecorators
  @Test func aContainersSetUpAndDecoratorBothCount() throws {
    let count = Counter()
    let container = decoratedContainer(count: count)
    _ = try container.value(forName: "decorated", as: Service.self)
    #expect(count.value == 2)
  }

  // Factory FactoryCoreTests.testTrace (the observer is told of creations, not of every
  // lookup: the object-graph product needed twice is made once, and the cached consumer
  // asked again is not made again)
  @Test func theObserverIsToldOfEachCreationInOrder() throws {
    let log = HookTests.Log()
    let container = Container { log.append($0.name) }
    container.addProvider(forName: "common", options: .objectGraph) { _ in Service() }
    container.addProvider(forName: "ids", dependencies: ["common"]) { _ in 1 }
    container.addProvider(forName: "values", dependencies: ["common"]) { _ in 2 }
    container.addProvider(
      forName: "consumer", dependencies: ["ids", "values"], options: .singleton
    ) { _ in Service() }
    _ = try container.value(forName: "consumer")
    #expect(log.all == ["common", "ids", "values", "consumer"])
    _ = try container.value(forName: "consumer")
    #expect(log.all.count == 4)
  }

  final class Injected: Injectable {
    var service: Service?
    var postInitRan = false
    var injectedBeforePostInit = false

    func injectProperties(_ injector: inout PropertyInjector) throws {
      injectedBeforePostInit = !postInitRan
      try injector.inject(&service, named: "service")
    }
  }

  // DITranquillity DITranquillityTests_Resolve.test25_PostInit
  @Test func aDecoratorRunsAfterInjection() throws {
    let container = Container()
    container.addInstance(Service(), forName: "service")
    container.addProvider(forName: "injected", dependencies: ["service"]) { _ in Injected() }
    container.decorate("injected", as: Injected.self) { injected, _ in
      #expect(injected.service != nil)
      injected.postInitRan = true
      return injected
    }
    let injected = try container.value(forName: "injected", as: Injected.self)
    #expect(injected.injectedBeforePostInit)
    #expect(injected.postInitRan)
  }
}
