import Foundation
import INJContainer
import INJReflection
import Testing

extension Peers {
  /// Swinject 2.10's tests of object graphs, circular dependencies, `Lazy`, `Provider`,
  /// thread safety and scopes, in Injineer's terms: Swinject's `.graph` is `.objectGraph`,
  /// `.container` is `.singleton`, `.weak` is `.weakSingleton`, a custom scope is a named
  /// scope, and `initCompleted`'s back reference is a `WeakLazy` or a provider closure.
  @Suite("Peers: Swinject's graph-scope, lazy and scope tests")
  struct SwinjectGraphScopeLazyTests {
    // MARK: Fixtures

    protocol Animal: AnyObject, Sendable {}
    final class Dog: Animal {
      let name: String?
      init(name: String? = nil) { self.name = name }
    }
    final class Cat: Animal {
      let favoriteFood: Food?
      init(favoriteFood: Food? = nil) { self.favoriteFood = favoriteFood }
    }
    final class Food: Sendable {}
    final class PetOwner {
      let pet: any Animal
      let favoriteFood: Food
      init(pet: any Animal, favoriteFood: Food) {
        self.pet = pet
        self.favoriteFood = favoriteFood
      }
    }

    /// Swinject's `EmploymentAssembly`: each object takes a customer directly, lazily and
    /// through a provider, and the employee refers back to its employer (except in the
    /// transient scope, as in Swinject).
    final class Customer: Sendable {}
    final class Employee: Sendable {
      let customer: Customer
      let lazyCustomer: Lazy<Customer>
      let providedCustomer: @Sendable () -> Customer
      let employer: WeakLazy<Employer>?
      init(
        customer: Customer, lazyCustomer: Lazy<Customer>,
        providedCustomer: @escaping @Sendable () -> Customer, employer: WeakLazy<Employer>?
      ) {
        self.customer = customer
        self.lazyCustomer = lazyCustomer
        self.providedCustomer = providedCustomer
        self.employer = employer
      }
    }
    final class Employer: Sendable {
      let customer: Customer
      let lazyCustomer: Lazy<Customer>
      let providedCustomer: @Sendable () -> Customer
      let employee: Employee
      let lazyEmployee: Lazy<Employee>
      let providedEmployee: @Sendable () -> Employee
      init(
        customer: Customer, lazyCustomer: Lazy<Customer>,
        providedCustomer: @escaping @Sendable () -> Customer, employee: Employee,
        lazyEmployee: Lazy<Employee>, providedEmployee: @escaping @Sendable () -> Employee
      ) {
        self.customer = customer
        self.lazyCustomer = lazyCustomer
        self.providedCustomer = providedCustomer
        self.employee = employee
        self.lazyEmployee = lazyEmployee
        self.providedEmployee = providedEmployee
      }
    }

    private func employment(_ scope: ProviderOptions) -> Container {
      let container = Container()
      let refersBack = !scope.isEmpty
      container.addProvider(forName: "customer", options: .init(scope)) { _ in Customer() }
      container.addProvider(
        forName: "employee",
        dependencies: ["customer", "customerProvider"] + (refersBack ? ["employerProvider"] : []),
        options: .init(scope)
      ) { values in
        Employee(
          customer: try values.value(forName: "customer"),
          lazyCustomer: try values.value(forName: "customerProvider"),
          providedCustomer: try values.value(forName: "customerProvider"),
          employer: refersBack
            ? try values.value(forName: "employerProvider", as: WeakLazy<Employer>.self) : nil)
      }
      container.addProvider(
        forName: "employer",
        dependencies: ["customer", "customerProvider", "employee", "employeeProvider"],
        options: .init(scope)
      ) { values in
        Employer(
          customer: try values.value(forName: "customer"),
          lazyCustomer: try values.value(forName: "customerProvider"),
          providedCustomer: try values.value(forName: "customerProvider"),
          employee: try values.value(forName: "employee"),
          lazyEmployee: try values.value(forName: "employeeProvider"),
          providedEmployee: try values.value(forName: "employeeProvider"))
      }
      return container
    }

    /// Swinject's `Parent` and `Child`, filled after creation: the parent's child by
    /// property injection, the child's parent through a weak lazy back reference.
    /// Main-actor classes, so that the singleton runs may share them.
    @MainActor
    final class Parent {
      @Inject var child: Child?
      init() {}
      init(child: Child) { self.child = child }
    }
    @MainActor
    final class Child {
      @Inject var parentProvider: WeakLazy<Parent>?
    }

    /// The same pair in the object-graph scope alone, used from many threads.
    final class GraphParent {
      @Inject var child: GraphChild?
    }
    final class GraphChild {
      @Inject var parentProvider: WeakLazy<GraphParent>?
    }

    /// Swinject's four-object cycle: A → B → C → D, with C → A, D → B and D → C weak.
    final class ADependingOnB {
      @Inject var b: BDependingOnC?
      init() {}
      init(b: BDependingOnC) { self.b = b }
    }
    final class BDependingOnC {
      @Inject var c: CDependingOnAD?
      init() {}
      init(c: CDependingOnAD) { self.c = c }
    }
    final class CDependingOnAD {
      @Inject var aProvider: WeakLazy<ADependingOnB>?
      @Inject var d: DDependingOnBC?
      init() {}
      init(d: DDependingOnBC) { self.d = d }
    }
    final class DDependingOnBC {
      @Inject var bProvider: WeakLazy<BDependingOnC>?
      @Inject var cProvider: WeakLazy<CDependingOnAD>?
    }

    final class WeakRootB: Sendable {
      let c: CDependingOnWeakB
      init(c: CDependingOnWeakB) { self.c = c }
    }
    final class CDependingOnWeakB: Sendable {
      let bProvider: WeakLazy<WeakRootB>
      init(bProvider: WeakLazy<WeakRootB>) { self.bProvider = bProvider }
    }

    final class LazilyResolved: Sendable {}
    final class LazyChild: Sendable {
      let lazy: Lazy<LazilyResolved>
      init(lazy: Lazy<LazilyResolved>) { self.lazy = lazy }
    }
    final class LazyParent {
      let child1: LazyChild
      let child2: LazyChild
      init(child1: LazyChild, child2: LazyChild) {
        self.child1 = child1
        self.child2 = child2
      }
    }

    final class Entry: Sendable {}

    // MARK: Circular dependencies

    // Swinject: ContainerTests_Circularity.testContainerResolvesCircularDependencyOneachProperty
    @MainActor
    @Test func aParentAndChildFilledByPropertiesReferToEachOther() throws {
      for scope in [ProviderOptions.objectGraph, .singleton] {
        let container = Container()
        container.addProvider(forName: "parent", dependencies: ["child"], options: .init(scope)) {
          _ in Parent()
        }
        container.addProvider(
          forName: "child", dependencies: ["parentProvider"], options: .init(scope)
        ) { _ in Child() }
        let parent = try container.value(forName: "parent", as: Parent.self)
        let child = try #require(parent.child)
        #expect(try child.parentProvider?.value === parent)
      }
    }

    // Swinject: ContainerTests_Circularity.testContainerResolvesCircularDependencyOnInitializerAndProperty
    @MainActor
    @Test func aParentTakingItsChildInItsInitializerIsTheChildsParent() throws {
      for scope in [ProviderOptions.objectGraph, .singleton] {
        let container = Container()
        container.addProvider(forName: "parent", dependencies: ["child"], options: .init(scope)) {
          Parent(child: try $0.value(forName: "child"))
        }
        container.addProvider(
          forName: "child", dependencies: ["parentProvider"], options: .init(scope)
        ) { _ in Child() }
        let parent = try container.value(forName: "parent", as: Parent.self)
        let child = try #require(parent.child)
        #expect(try child.parentProvider?.value === parent)
      }
    }

    // Swinject: ContainerTests_Circularity.testContainerResolvesCircularDependencyOnProperties
    @Test func aFourObjectCycleFilledByPropertiesClosesOnTheSameObjects() throws {
      let container = Container(defaultScope: .objectGraph)
      container.addProvider(forName: "a", dependencies: ["b"]) { _ in ADependingOnB() }
      container.addProvider(forName: "b", dependencies: ["c"]) { _ in BDependingOnC() }
      container.addProvider(forName: "c", dependencies: ["aProvider", "d"]) { _ in
        CDependingOnAD()
      }
      container.addProvider(forName: "d", dependencies: ["bProvider", "cProvider"]) { _ in
        DDependingOnBC()
      }
      try container.checkForErrors()
      let a = try container.value(forName: "a", as: ADependingOnB.self)
      let b = try #require(a.b)
      let c = try #require(b.c)
      let d = try #require(c.d)
      #expect(try c.aProvider?.value === a)
      #expect(try d.bProvider?.value === b)
      #expect(try d.cProvider?.value === c)
    }

    // Swinject: ContainerTests_Circularity.testContainerResolvesCircularDependencyOnInitializersAndProperties
    @Test func aFourObjectCycleMadeByInitializersClosesOnTheSameObjects() throws {
      let container = Container(defaultScope: .objectGraph)
      container.addProvider(forName: "a", dependencies: ["b"]) {
        ADependingOnB(b: try $0.value(forName: "b"))
      }
      container.addProvider(forName: "b", dependencies: ["c"]) {
        BDependingOnC(c: try $0.value(forName: "c"))
      }
      container.addProvider(forName: "c", dependencies: ["d", "aProvider"]) {
        CDependingOnAD(d: try $0.value(forName: "d"))
      }
      container.addProvider(forName: "d", dependencies: ["bProvider", "cProvider"]) { _ in
        DDependingOnBC()
      }
      try container.checkForErrors()
      let a = try container.value(forName: "a", as: ADependingOnB.self)
      let b = try #require(a.b)
      let c = try #require(b.c)
      let d = try #require(c.d)
      #expect(try c.aProvider?.value === a)
      #expect(try d.bProvider?.value === b)
      #expect(try d.cProvider?.value === c)
    }

    // Swinject: ContainerTests_Circularity.testContainerDoesNotDeallocateDuringGraphResolutionWithGraphRootInWeakScope
    @Test func aWeakSingletonRootIsStillThereForItsChildsBackReference() throws {
      let container = Container(defaultScope: .objectGraph)
      container.addProvider(forName: "b", dependencies: ["c"], options: .weakSingleton) {
        WeakRootB(c: try $0.value(forName: "c"))
      }
      container.addProvider(forName: "c", dependencies: ["bProvider"]) {
        CDependingOnWeakB(bProvider: try $0.value(forName: "bProvider"))
      }
      let b = try container.value(forName: "b", as: WeakRootB.self)
      #expect(try b.c.bProvider.value != nil)
    }

    // MARK: Lazy and provider closures in the object graph

    // Swinject: LazyTests.testContainerResolvesDependenciesToSameInstance
    @Test func anEmployeeAndALazyEmployeeReferBackToTheirEmployer() throws {
      let container = employment(.objectGraph)
      let employer = try container.value(forName: "employer", as: Employer.self)
      #expect(try employer.employee.employer?.value === employer)
      #expect(try employer.lazyEmployee.value.employer?.value === employer)
    }

    // Swinject: LazyTests.testContainerResolvesCircularDependenciesForLazyInstance
    @Test func aLazyEmployeeResolvedDirectlyGetsAnEmployer() throws {
      let container = employment(.objectGraph)
      let lazy = try container.value(forName: "employeeProvider", as: Lazy<Employee>.self)
      let employer = try lazy.value.employer?.value
      #expect(employer != nil)
    }

    // Swinject: LazyTests.testContainerAlwaysProducesTheSameInstanceForRelatedObjectsInGraphScope
    @Test func lazyCustomersInOneGraphAreTheGraphsCustomer() throws {
      let container = employment(.objectGraph)
      let employer = try container.value(forName: "employer", as: Employer.self)
      #expect(try employer.lazyCustomer.value === employer.employee.lazyCustomer.value)
      #expect(try employer.lazyCustomer.value === employer.customer)
    }

    // Deliberate difference: a provider closure handed out during a resolution goes on with
    // that resolution's object graph, so it gives the graph's products instead of new ones.
    // Swinject: ProviderTests.testContainerAlwaysProducesDifferentIncetanceInGraphScope
    @Test func providerClosuresInOneGraphGiveTheGraphsProducts() throws {
      let container = employment(.objectGraph)
      let employer = try container.value(forName: "employer", as: Employer.self)
      #expect(employer.providedEmployee() === employer.providedEmployee())
      #expect(employer.employee.providedCustomer() === employer.providedCustomer())
    }

    // Swinject: ProviderTests.testContainerResolvesNonProovidedDependenciesToTheSameInstance
    @Test func anEmployerMadeByAProviderClosureIsItsEmployeesEmployer() throws {
      let container = employment(.objectGraph)
      let makeEmployer = try container.value(
        forName: "employerProvider", as: (() -> Employer).self)
      let employer = makeEmployer()
      #expect(try employer.employee.employer?.value === employer)
    }

    // Deliberate difference: the employer's provider closure goes on with the employer's
    // graph, so the employee it gives refers back to that same employer.
    // Swinject: ProviderTests.testContainerResolvesProvidedDependenciesToDifferentInstances
    @Test func anEmployeeFromTheEmployersClosureRefersBackToThatEmployer() throws {
      let container = employment(.objectGraph)
      let employer = try container.value(forName: "employer", as: Employer.self)
      #expect(try employer.providedEmployee().employer?.value === employer)
    }

    // MARK: Many threads

    // Swinject: SynchronizedResolverTests.testSynchronizedResolverCanResolveCircularDependencies
    @Test func manyThreadsEachCloseTheirOwnParentAndChildCycle() throws {
      let container = Container()
      container.addProvider(forName: "parent", dependencies: ["child"], options: .objectGraph) {
        _ in GraphParent()
      }
      container.addProvider(
        forName: "child", dependencies: ["parentProvider"], options: .objectGraph
      ) { _ in GraphChild() }
      let failures = Counter()
      DispatchQueue.concurrentPerform(iterations: 500) { _ in
        guard let parent = try? container.value(forName: "parent", as: GraphParent.self),
          let child = parent.child, (try? child.parentProvider?.value) === parent
        else { return failures.increment() }
      }
      #expect(failures.value == 0)
    }

    // Swinject: SynchronizedResolverTests.testSynchronizedResolverSynchronizesLazyTypes
    @Test func aLazyValueIsResolvedAndReadOnAnotherThread() throws {
      let container = Container()
      container.addProvider(forName: "dog") { _ in Dog() }
      let done = DispatchGroup()
      let read = Results()
      done.enter()
      DispatchQueue.global().async {
        read.record { try container.value(forName: "dogProvider", as: Lazy<Dog>.self).value }
        done.leave()
      }
      #expect(done.wait(timeout: .now() + 2) == .success)
      #expect(read.values.count == 1)
    }

    // Swinject: SynchronizedResolverTests.testSynchronizedResolverSafelyDereferencesLazyTypes
    @Test func manyThreadsReadLazySingletonsRoundAfterRound() throws {
      let container = Container()
      container.addProvider(forName: "animal", options: .singleton) { _ -> any Animal in Dog() }
      let animal = try container.value(forName: "animal", as: (any Animal).self)
      let failures = Counter()
      for _ in 0..<200 {
        DispatchQueue.concurrentPerform(iterations: 500) { _ in
          let lazy = try? container.value(forName: "animalProvider", as: Lazy<any Animal>.self)
          if (try? lazy?.value) !== animal { failures.increment() }
        }
      }
      #expect(failures.value == 0)
    }

    // Swinject: SynchronizedResolverTests.testGraphIdentifierRestoredAfterLazyResolve
    @Test func readingAnotherGraphsLazyInACreatorLeavesTheCreatorsGraphAlone() throws {
      let container = Container(defaultScope: .objectGraph)
      container.addProvider(forName: "lazilyResolved") { _ in LazilyResolved() }
      container.addProvider(
        forName: "lazySingleton", dependencies: ["lazilyResolvedProvider"], options: .singleton
      ) { LazyChild(lazy: try $0.value(forName: "lazilyResolvedProvider")) }
      container.addProvider(forName: "lazyChild", dependencies: ["lazilyResolvedProvider"]) {
        LazyChild(lazy: try $0.value(forName: "lazilyResolvedProvider"))
      }
      container.addProvider(forName: "lazyParent", dependencies: ["lazyChild", "lazySingleton"]) {
        [unowned container] values in
        let child1 = try values.value(forName: "lazyChild", as: LazyChild.self)
        let singleton = try values.value(forName: "lazySingleton", as: LazyChild.self)
        // The singleton's lazy value was handed out in an earlier resolution.
        _ = try singleton.lazy.value
        let child2 = try container.value(forName: "lazyChild", as: LazyChild.self)
        return LazyParent(child1: child1, child2: child2)
      }
      _ = try container.value(forName: "lazySingleton", as: LazyChild.self)
      let parent = try container.value(forName: "lazyParent", as: LazyParent.self)
      #expect(parent.child1 === parent.child2)
      #expect(try parent.child1.lazy.value === parent.child2.lazy.value)
    }

    // Swinject: SynchronizedResolverTests.testSynchronizedResolverCanMakeItWithoutDeadlock
    @Test func aCreatorResolvingFromItsContainerOnAnotherThreadFinishes() throws {
      let container = Container()
      container.addProvider(forName: "child") { _ in GraphChild() }
      container.addProvider(forName: "parent") { [unowned container] _ in
        [try container.value(forName: "child", as: GraphChild.self)]
      }
      let done = DispatchGroup()
      let made = Results()
      done.enter()
      DispatchQueue(label: "peers.swinject.nested", attributes: .concurrent).async {
        made.record { try container.value(forName: "parent", as: [GraphChild].self) as AnyObject }
        done.leave()
      }
      #expect(done.wait(timeout: .now() + 2) == .success)
      #expect(made.values.count == 1)
    }

    // MARK: The object-graph scope

    // Swinject: ContainerTests.testContainerResolvesServiceToTheSameObjectInGraphWithGraphScope
    @Test func anOwnerAndItsCatShareTheGraphsFood() throws {
      let container = Container()
      container.addProvider(forName: "food", options: .objectGraph) { _ in Food() }
      container.addProvider(forName: "animal", dependencies: ["food"]) { values -> any Animal in
        Cat(favoriteFood: try values.value(forName: "food"))
      }
      container.addProvider(forName: "person", dependencies: ["animal", "food"]) {
        PetOwner(pet: try $0.value(forName: "animal"), favoriteFood: try $0.value(forName: "food"))
      }
      let owner = try container.value(forName: "person", as: PetOwner.self)
      let cat = try #require(owner.pet as? Cat)
      #expect(owner.favoriteFood === cat.favoriteFood)
    }

    // Swinject: ContainerTests.testContainerDoesNotHaveSharedObjectInContainerWithGraphScope
    @Test func twoResolutionsOfAnObjectGraphNameGiveTwoObjects() throws {
      let container = Container()
      container.addProvider(forName: "animal", options: .objectGraph) { _ -> any Animal in Cat() }
      let cat1 = try container.value(forName: "animal", as: (any Animal).self)
      let cat2 = try container.value(forName: "animal", as: (any Animal).self)
      #expect(cat1 !== cat2)
    }

    // MARK: Provider closures

    // Swinject: ProviderTests.testContainerAlwaysProducesDifferentIncetanceInTransientScope
    @Test func transientProviderClosuresGiveNewProductsOnEachCall() throws {
      let container = employment([])
      let employer = try container.value(forName: "employer", as: Employer.self)
      #expect(employer.providedEmployee() !== employer.providedEmployee())
      #expect(employer.employee.providedCustomer() !== employer.providedCustomer())
    }

    // Swinject: ProviderTests.testContainerAlwaysProducesSameIncetanceInContainerScope
    @Test func singletonProviderClosuresGiveTheSingleton() throws {
      let container = employment(.singleton)
      let employer = try container.value(forName: "employer", as: Employer.self)
      #expect(employer.providedEmployee() === employer.providedEmployee())
      #expect(employer.employee.providedCustomer() === employer.providedCustomer())
    }

    // Swinject: ProviderTests.testProviderProvidesInstanceFromContainer
    @Test func aProviderClosureGivesTheRegisteredProduct() throws {
      let container = Container()
      container.addProvider(forName: "animal") { _ -> any Animal in Dog() }
      let provider = try container.value(forName: "animalProvider", as: (() -> any Animal).self)
      #expect(provider() is Dog)
    }

    // Swinject: ProviderTests.testProviderDoesNotCreateInstanceUntilRequested
    @Test func resolvingAProviderClosureMakesNothing() throws {
      let container = Container()
      let created = Counter()
      container.addProvider(forName: "animal") { _ -> any Animal in
        created.increment()
        return Dog()
      }
      _ = try container.value(forName: "animalProvider", as: (() -> any Animal).self)
      #expect(created.value == 0)
    }

    // Swinject: ProviderTests.testProviderResolveInstanceFromContainerEachTime
    @Test func eachCallOfAProviderClosureMakesAProduct() throws {
      let container = Container()
      let created = Counter()
      container.addProvider(forName: "animal") { _ -> any Animal in
        created.increment()
        return Dog()
      }
      let provider = try container.value(forName: "animalProvider", as: (() -> any Animal).self)
      _ = provider()
      _ = provider()
      #expect(created.value == 2)
    }

    // Deliberate difference: asking for the closure of a name nobody registered throws an
    // error naming it instead of giving nil.
    // Swinject: ProviderTests.testProviderDoesNotResolveProviderIfBaseTypeIsNotRegistered
    @Test func theProviderClosureOfAnUnregisteredNameIsRefused() throws {
      let container = Container()
      #expect(throws: ResolutionError.self) {
        try container.value(forName: "animalProvider", as: (() -> any Animal).self)
      }
    }

    // Swinject: ProviderTests.testContainerResolvesProviderWithName
    @Test func theProviderClosureOfANamedRegistrationResolves() throws {
      let container = Container()
      container.addProvider(forName: "hachi") { _ in Dog() }
      #expect(throws: Never.self) {
        try container.value(forName: "hachiProvider", as: (() -> Dog).self)
      }
    }

    // Deliberate difference: a closure of a name nobody registered is refused with an error
    // that suggests the closest name, instead of being nil.
    // Swinject: ProviderTests.testContainerDoesNotResolveProoviderWithWrongName
    @Test func theProviderClosureOfAWrongNameIsRefused() throws {
      let container = Container()
      container.addProvider(forName: "hachi") { _ in Dog() }
      #expect(throws: ResolutionError.self) {
        try container.value(forName: "mimiProvider", as: (() -> Dog).self)
      }
    }

    // MARK: Resetting scopes

    // Swinject: ContainerTests_CustomScope.testContainerRemovesInstanceFromServicesInGivenScope
    @Test func resettingANamedScopeDropsItsProduct() throws {
      let container = Container()
      let created = Counter()
      container.addProvider(forName: "int", options: .scope("custom")) { _ in
        created.increment()
        return 42
      }
      _ = try container.value(forName: "int", as: Int.self)
      try container.reset(scope: "custom")
      _ = try container.value(forName: "int", as: Int.self)
      #expect(created.value == 2)
    }

    // Deliberate difference: resetting a scope that no provider has throws ResetError;
    // the other scope's product is kept all the same.
    // Swinject: ContainerTests_CustomScope.testContainerDoesNotRemoveInstancesFromOtherScopes
    @Test func resettingAnotherScopeKeepsTheProduct() throws {
      let container = Container()
      container.addProvider(forName: "entry", options: .scope("custom1")) { _ in Entry() }
      let entry = try container.value(forName: "entry", as: Entry.self)
      #expect(throws: ResetError.self) { try container.reset(scope: "custom2") }
      #expect(try container.value(forName: "entry", as: Entry.self) === entry)
    }

    // Swinject: ContainerTests_CustomScope.testContainerRemovesInstanceFromServiceRegisteredInParentContainer
    @Test func aChildResettingAScopeDropsItsParentsProduct() throws {
      let parent = Container()
      parent.addProvider(forName: "entry", options: .scope("custom")) { _ in Entry() }
      let entry = try parent.value(forName: "entry", as: Entry.self)
      let child = parent.makeChild()
      try child.reset(scope: "custom")
      #expect(try parent.value(forName: "entry", as: Entry.self) !== entry)
    }

    // Deliberate difference: a singleton cannot be reset (ResetError); a named scope's
    // product is what reset(_:) drops.
    // Swinject: ContainerTests_CustomScope.testResetObjectScopeRemovesOnlyMatchingScopeInstances
    @Test func resettingOneNameDropsItsProductAndASingletonRefuses() throws {
      let container = Container()
      container.addProvider(forName: "foo", options: .scope("container")) { _ in Entry() }
      container.addProvider(forName: "singleton", options: .singleton) { _ in Entry() }
      let instance = try container.value(forName: "foo", as: Entry.self)
      try container.reset("foo")
      #expect(try container.value(forName: "foo", as: Entry.self) !== instance)
      let singleton = try container.value(forName: "singleton", as: Entry.self)
      #expect(throws: ResetError.self) { try container.reset("singleton") }
      #expect(try container.value(forName: "singleton", as: Entry.self) === singleton)
    }

    // Deliberate difference: an object-graph name keeps no product, so resetting it
    // throws ResetError; the singleton is kept all the same.
    // Swinject: ContainerTests_CustomScope.testResetObjectScopeDoesNotRemoveInstancesOfDifferentScopes
    @Test func resettingAnObjectGraphNameKeepsTheSingleton() throws {
      let container = Container()
      container.addProvider(forName: "containerScoped", options: .singleton) { _ in Entry() }
      container.addProvider(forName: "graphScoped", options: .objectGraph) { _ in Entry() }
      let containerInstance = try container.value(forName: "containerScoped", as: Entry.self)
      _ = try container.value(forName: "graphScoped", as: Entry.self)
      #expect(throws: ResetError.self) { try container.reset("graphScoped") }
      #expect(try container.value(forName: "containerScoped", as: Entry.self) === containerInstance)
    }

    // Deliberate difference: the shared scope to reset is a named scope, since a singleton
    // cannot be reset; resetting one name leaves the other's product.
    // Swinject: ContainerTests_CustomScope.testResetObjectScopeDoesNotRemoveInstancesOfDifferentTypes
    @Test func resettingOneNameKeepsAnotherNameOfTheSameScope() throws {
      let container = Container()
      container.addProvider(forName: "foo", options: .scope("container")) { _ in Entry() }
      container.addProvider(forName: "bar", options: .scope("container")) { _ in Entry() }
      let foo = try container.value(forName: "foo", as: Entry.self)
      let bar = try container.value(forName: "bar", as: Entry.self)
      try container.reset("foo")
      #expect(try container.value(forName: "foo", as: Entry.self) !== foo)
      #expect(try container.value(forName: "bar", as: Entry.self) === bar)
    }

    // Deliberate difference: reset(_:) on a child drops the product of the registration the
    // name finds there, the child's, while reset(scope:) reaches the parent's too.
    // Swinject: ContainerTests_CustomScope.testResetObjectScopeCallsParentContainer
    @Test func aChildResettingANameItShadowsLeavesTheParentsProduct() throws {
      let parent = Container()
      let child = parent.makeChild()
      parent.addProvider(forName: "foo", options: .scope("container")) { _ in Entry() }
      child.addProvider(forName: "foo", options: .scope("container")) { _ in Entry() }
      let parentInstance = try parent.value(forName: "foo", as: Entry.self)
      let childInstance = try child.value(forName: "foo", as: Entry.self)
      try child.reset("foo")
      #expect(try child.value(forName: "foo", as: Entry.self) !== childInstance)
      #expect(try parent.value(forName: "foo", as: Entry.self) === parentInstance)
      try child.reset(scope: "container")
      #expect(try parent.value(forName: "foo", as: Entry.self) !== parentInstance)
    }

    // MARK: Default scopes

    // Deliberate difference: a container's default scope can only be .objectGraph (never a
    // shared scope), so a weak singleton is given at its provider.
    // Swinject: ContainerTests.testContainerRegistersServiceWithGivenObjectScope
    @Test func aWeakSingletonIsGivenAtItsProviderNotAsTheDefault() throws {
      let container = Container(defaultScope: .objectGraph)
      container.addProvider(forName: "animal", options: .weakSingleton) { _ -> any Animal in
        Dog(name: "Siam")
      }
      #expect(container.registrations().first?.options == .weakSingleton)
    }

    struct SpyModule: ContainerModule {
      var scope: ProviderOptions.For<Any>
      var defaultScope: ProviderOptions.For<Any> { scope }
      func register(in container: Container) {
        container.addProvider(forName: "animal") { _ -> any Animal in Dog(name: "Siam") }
      }
    }

    // Deliberate difference: a module's default scope can only be .objectGraph, never the
    // shared .singleton that Swinject's test injects.
    // Swinject: AssemblerTests.testAssemblerUsesInjectedDefaultObjectScope
    @Test func aModulesDefaultScopeIsGivenToItsProviders() throws {
      let container = Container()
      container.install(SpyModule(scope: .objectGraph))
      #expect(container.registrations().first?.options == .objectGraph)
    }

    // Deliberate difference: without a default scope a provider is transient; the object
    // graph is Swinject's library default only.
    // Swinject: AssemblerTests.testAssemblerUsesGraphScopeIfNoDefaultObjectScopeIsInjected
    @Test func withoutADefaultScopeAModulesProvidersAreTransient() throws {
      let container = Container()
      container.install(SpyModule(scope: []))
      #expect(container.registrations().first?.options == [])
    }

    // Deliberate difference: the module in a child container chooses .objectGraph, since a
    // default scope is never the shared .singleton that Swinject's test injects.
    // Swinject: AssemblerTests.testChildAssemblerUsesInjectedDefaultObjectScope
    @Test func aModuleInAChildContainerUsesItsOwnDefaultScope() throws {
      let child = Container().makeChild()
      child.install(SpyModule(scope: .objectGraph))
      #expect(child.registrations(includingAncestors: false).first?.options == .objectGraph)
    }

    // Deliberate difference: a child keeps its parent's default scope, which is transient
    // unless the parent was made with Container(defaultScope: .objectGraph).
    // Swinject: AssemblerTests.testChildAssemblerHasDefaultObjectScopeOfGraphType
    @Test func aChildWithoutItsOwnDefaultKeepsItsParents() throws {
      let plain = Container().makeChild()
      plain.install(SpyModule(scope: []))
      #expect(plain.registrations().first?.options == [])
      let graphs = Container(defaultScope: .objectGraph).makeChild()
      graphs.install(SpyModule(scope: []))
      #expect(graphs.registrations().first?.options == .objectGraph)
    }

    // Deliberate difference: registrations are never removed; throwaway ones go in a child
    // container, and the parent does not know them.
    // Swinject: ContainerTests.testContainerCanRemoveAllRegisteredServices
    @Test func registrationsOfADroppedChildAreNotInTheParent() throws {
      let container = Container()
      do {
        let child = container.makeChild()
        child.addProvider(forName: "RegMimi") { _ -> any Animal in Cat() }
        child.addProvider(forName: "RegMew") { _ -> any Animal in Cat() }
        #expect(throws: Never.self) { try child.value(forName: "RegMimi") }
      }
      #expect(throws: ResolutionError.self) { try container.value(forName: "RegMimi") }
      #expect(throws: ResolutionError.self) { try container.value(forName: "RegMew") }
    }

    // MARK: Lazy

    // Swinject: LazyTests.testContainerAlwaysProducesDifferentInstanceForRelatedObjectsInTransientScope
    @Test func transientLazyCustomersAreEachNew() throws {
      let container = employment([])
      let employer = try container.value(forName: "employer", as: Employer.self)
      #expect(try employer.lazyCustomer.value !== employer.employee.lazyCustomer.value)
      #expect(try employer.lazyCustomer.value !== employer.customer)
    }

    // Swinject: LazyTests.testContainerAlwaysProducesTheSameInstanceForRelatedObjectsInContainerScope
    @Test func singletonLazyCustomersAreTheSingleton() throws {
      let container = employment(.singleton)
      let employer = try container.value(forName: "employer", as: Employer.self)
      #expect(try employer.lazyCustomer.value === employer.employee.lazyCustomer.value)
      #expect(try employer.lazyCustomer.value === employer.customer)
    }

    // Swinject: LazyTests.testContainerProvidesInstanceFromContainer
    @Test func aLazyValueIsTheRegisteredProduct() throws {
      let container = Container()
      container.addProvider(forName: "animal") { _ -> any Animal in Dog() }
      let lazy = try container.value(forName: "animalProvider", as: Lazy<any Animal>.self)
      #expect(try lazy.value is Dog)
    }

    // Swinject: LazyTests.testContainerDoesNotCreateInstanceUntilRequested
    @Test func resolvingALazyValueMakesNothing() throws {
      let container = Container()
      let created = Counter()
      container.addProvider(forName: "animal") { _ -> any Animal in
        created.increment()
        return Dog()
      }
      _ = try container.value(forName: "animalProvider", as: Lazy<any Animal>.self)
      #expect(created.value == 0)
    }

    // Swinject: LazyTests.testContainerResolveInstanceFromContainerOnlyOnce
    @Test func aLazyValueIsMadeOnce() throws {
      let container = Container()
      let created = Counter()
      container.addProvider(forName: "animal") { _ -> any Animal in
        created.increment()
        return Dog()
      }
      let lazy = try container.value(forName: "animalProvider", as: Lazy<any Animal>.self)
      _ = try lazy.value
      _ = try lazy.value
      #expect(created.value == 1)
    }

    // Deliberate difference: the lazy value of a name nobody registered is refused with an
    // error naming it instead of being nil.
    // Swinject: LazyTests.testContainerDoesNotResolveLazyIfBaseTypeIsNotRegistered
    @Test func theLazyValueOfAnUnregisteredNameIsRefused() throws {
      let container = Container()
      #expect(throws: ResolutionError.self) {
        try container.value(forName: "animalProvider", as: Lazy<any Animal>.self)
      }
    }

    // Swinject: LazyTests.testContainerResolvesLazyWithName
    @Test func theLazyValueOfANamedRegistrationResolves() throws {
      let container = Container()
      container.addProvider(forName: "hachi") { _ in Dog() }
      #expect(throws: Never.self) {
        try container.value(forName: "hachiProvider", as: Lazy<Dog>.self)
      }
    }

    // Deliberate difference: the lazy value of a wrong name is refused with an error that
    // suggests the closest name, instead of being nil.
    // Swinject: LazyTests.testContainerDoesNotResolveLazyWithWrongName
    @Test func theLazyValueOfAWrongNameIsRefused() throws {
      let container = Container()
      container.addProvider(forName: "hachi") { _ in Dog() }
      #expect(throws: ResolutionError.self) {
        try container.value(forName: "mimiProvider", as: Lazy<Dog>.self)
      }
    }
  }
}
