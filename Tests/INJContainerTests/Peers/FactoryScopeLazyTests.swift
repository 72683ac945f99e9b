import Foundation
import INJContainer
import INJReflection
import INJTestSupport
import Testing

extension Peers {
  /// Factory 3.2's tests of the graph scope, resettable and custom scopes, and lazy
  /// injection, in Injineer's terms: Factory's `.unique` is a transient, `.cached` the
  /// named scope `cached`, `.shared` a weak singleton, `.graph` `.objectGraph`; a factory
  /// that resolves another inside its closure resolves from the container in its creator;
  /// `register { … }` on a factory is a test container's override; `@LazyInjected` and
  /// `@WeakLazyInjected` are `Lazy` and `WeakLazy`.
  @Suite("Peers: Factory's scope and lazy tests")
  struct FactoryScopeLazyTests {
    // MARK: Fixtures

    protocol MyServiceType: AnyObject, Sendable {
      var id: UUID { get }
      func text() -> String
    }
    protocol IDProviding: Sendable {
      var id: UUID { get }
    }
    protocol ValueProviding: IDProviding {
      var value: Int { get }
    }
    final class MyService: MyServiceType, ValueProviding {
      let id = UUID()
      let value = 0
      func text() -> String { "MyService" }
    }
    final class MockService: MyServiceType {
      let id = UUID()
      func text() -> String { "MockService" }
    }
    final class MockServiceN: MyServiceType {
      let id = UUID()
      let n: Int
      init(_ n: Int) { self.n = n }
      func text() -> String { "MockService\(n)" }
    }
    struct ValueService: Sendable {
      let id = UUID()
    }

    /// Factory's `Container` of services, one name per factory the tests use.
    private func services() -> Container {
      let container = Container()
      container.addProvider(forName: "myServiceType") { _ -> any MyServiceType in MyService() }
      container.addProvider(forName: "mockService") { _ -> any MyServiceType in MockService() }
      container.addProvider(forName: "cachedService", options: .scope("cached")) { _ in
        MyService()
      }
      container.addProvider(forName: "cachedOptionalService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in MyService()
      }
      container.addProvider(forName: "cachedEmptyOptionalService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in nil
      }
      container.addProvider(forName: "sharedService", options: .weakSingleton) {
        _ -> any MyServiceType in MyService()
      }
      container.addProvider(forName: "sessionService", options: .scope("session")) { _ in
        MyService()
      }
      container.addProvider(forName: "valueService", options: .scope("cached")) { _ in
        ValueService()
      }
      container.addProvider(forName: "nilSService") { _ -> (any MyServiceType)? in nil }
      container.addProvider(forName: "nilCachedService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in nil
      }
      container.addProvider(forName: "nilSharedService", options: .weakSingleton) {
        _ -> (any MyServiceType)? in nil
      }
      return container
    }

    final class GraphWrapper {
      let service1: MyService
      let service2: MyService
      init(service1: MyService, service2: MyService) {
        self.service1 = service1
        self.service2 = service2
      }
    }

    final class ProtocolConsumer: Sendable {
      let ids: any IDProviding
      let values: any ValueProviding
      init(ids: any IDProviding, values: any ValueProviding) {
        self.ids = ids
        self.values = values
      }
    }

    /// Factory's `ServicesP` and `ServicesC`: the parent reaches its child lazily, the
    /// child its parent weakly and lazily; both shared.
    final class ServicesP: Sendable {
      let service: Lazy<ServicesC>
      let name = "Parent"
      init(service: Lazy<ServicesC>) { self.service = service }
      func test() throws -> String? { try service.value.name }
    }
    final class ServicesC: Sendable {
      let service: WeakLazy<ServicesP>
      let name = "Child"
      init(service: WeakLazy<ServicesP>) { self.service = service }
      func test() throws -> String? { try service.value?.name }
    }

    @MainActor
    final class ProtocolClassP {
      let child: ProtocolClassC
      let name = "Parent"
      init(child: ProtocolClassC) { self.child = child }
      func test() -> String? { child.name }
    }
    @MainActor
    final class ProtocolClassC {
      weak var parent: ProtocolClassP?
      let name = "Child"
      func test() -> String? { parent?.name }
    }

    final class RecursiveA {
      @Inject var recursiveB: RecursiveB?
    }
    final class RecursiveB {
      @Inject var recursiveC: RecursiveC?
    }
    final class RecursiveC {
      @Inject var recursiveA: RecursiveA?
    }

    final class Services2 {
      @Inject var myServiceTypeProvider: Lazy<any MyServiceType>?
      @Inject var mockServiceProvider: Lazy<any MyServiceType>?
      @Inject var testProvider: Lazy<any MyServiceType>?
    }

    final class LazyHolder: Sendable {
      let service: Lazy<MyService>
      init(service: Lazy<MyService>) { self.service = service }
    }
    final class WeakLazyHolder: Sendable {
      let service: WeakLazy<MyService>
      init(service: WeakLazy<MyService>) { self.service = service }
    }
    final class OptionalLazyHolder: Sendable {
      let service: Lazy<(any MyServiceType)?>
      init(service: Lazy<(any MyServiceType)?>) { self.service = service }
    }

    // MARK: The graph scope

    // Factory: FactoryScopeTests.testGraphScope
    @Test func twoResolutionsInOneCreatorShareTheGraphsProduct() throws {
      let container = Container()
      container.addProvider(forName: "graphService", options: .objectGraph) { _ in MyService() }
      container.addProvider(forName: "graphWrapper") { [unowned container] _ in
        GraphWrapper(
          service1: try container.value(forName: "graphService"),
          service2: try container.value(forName: "graphService"))
      }
      let graph1 = try container.value(forName: "graphWrapper", as: GraphWrapper.self)
      #expect(graph1.service1.id == graph1.service2.id)
      let graph2 = GraphWrapper(
        service1: try container.value(forName: "graphService"),
        service2: try container.value(forName: "graphService"))
      #expect(graph2.service1.id != graph2.service2.id)
    }

    // Factory: FactoryScopeTests.testImplementsGraphScope
    @Test func twoNamesDelegatingToOneObjectGraphNameShareItsProduct() throws {
      let container = Container()
      container.addProvider(forName: "commonProvider", options: .objectGraph) { _ in MyService() }
      container.addProvider(forName: "idProvider", dependencies: ["commonProvider"]) {
        values -> any IDProviding in try values.value(forName: "commonProvider", as: MyService.self)
      }
      container.addProvider(forName: "valueProvider", dependencies: ["commonProvider"]) {
        values -> any ValueProviding in
        try values.value(forName: "commonProvider", as: MyService.self)
      }
      container.addProvider(
        forName: "consumer", dependencies: ["idProvider", "valueProvider"],
        options: .scope("cached")
      ) {
        ProtocolConsumer(
          ids: try $0.value(forName: "idProvider"), values: try $0.value(forName: "valueProvider"))
      }
      let consumer = try container.value(forName: "consumer", as: ProtocolConsumer.self)
      #expect(consumer.ids.id == consumer.values.id)
      let consumer2 = ProtocolConsumer(
        ids: try container.value(forName: "idProvider"),
        values: try container.value(forName: "valueProvider"))
      #expect(consumer2.ids.id != consumer2.values.id)
    }

    // Factory: FactoryConcurrencyStressTests.testGraphScopeIsolation
    @Test func eachThreadsResolutionSharesItsOwnGraphProduct() throws {
      let container = Container()
      container.addProvider(forName: "graphChild", options: .objectGraph) { _ in MyService() }
      container.addProvider(forName: "graphParent") { [unowned container] _ in
        GraphWrapper(
          service1: try container.value(forName: "graphChild"),
          service2: try container.value(forName: "graphChild"))
      }
      let failures = Counter()
      DispatchQueue.concurrentPerform(iterations: 50) { _ in
        guard let parent = try? container.value(forName: "graphParent", as: GraphWrapper.self),
          parent.service1 === parent.service2
        else { return failures.increment() }
      }
      #expect(failures.value == 0)
    }

    // Factory: FactoryInjectionTests.testWeakLazyInjection
    @Test func aSharedParentAndChildReachEachOtherLazilyUntilTheParentGoes() throws {
      let container = Container()
      container.addProvider(
        forName: "servicesP", dependencies: ["servicesCProvider"], options: .weakSingleton
      ) { ServicesP(service: try $0.value(forName: "servicesCProvider")) }
      container.addProvider(
        forName: "servicesC", dependencies: ["servicesPProvider"], options: .weakSingleton
      ) { ServicesC(service: try $0.value(forName: "servicesPProvider")) }
      var parent: ServicesP? = try container.value(forName: "servicesP", as: ServicesP.self)
      let child = try container.value(forName: "servicesC", as: ServicesC.self)
      #expect(try parent?.test() == "Child")
      #expect(try child.test() == "Parent")
      parent = nil
      #expect(try child.test() == nil)
    }

    // Factory: FactoryInjectionTests.testWeakLazyInjectionProtocol
    @MainActor
    @Test func aSharedParentLinkingItsChildBackInItsCreator() throws {
      let container = Container()
      container.addProvider(forName: "protocolC", options: .weakSingleton) { _ in
        ProtocolClassC()
      }
      container.addProvider(
        forName: "protocolP", dependencies: ["protocolC"], options: .weakSingleton
      ) {
        let parent = ProtocolClassP(child: try $0.value(forName: "protocolC"))
        parent.child.parent = parent
        return parent
      }
      var parent: ProtocolClassP? = try container.value(
        forName: "protocolP", as: ProtocolClassP.self)
      let child = try container.value(forName: "protocolC", as: ProtocolClassC.self)
      #expect(parent?.test() == "Child")
      #expect(child.test() == "Parent")
      parent = nil
      #expect(child.test() == nil)
    }

    // Factory: FactoryCoreTests.testCircularDependencyFailure
    @Test func aCycleThroughPropertiesIsReportedFromItsFirstName() throws {
      let container = Container()
      container.addProvider(forName: "recursiveA", dependencies: ["recursiveB"]) { _ in
        RecursiveA()
      }
      container.addProvider(forName: "recursiveB", dependencies: ["recursiveC"]) { _ in
        RecursiveB()
      }
      container.addProvider(forName: "recursiveC", dependencies: ["recursiveA"]) { _ in
        RecursiveC()
      }
      let error = #expect(throws: ResolutionError.self) {
        try container.value(forName: "recursiveA")
      }
      guard case .cycle(let cycle)? = error?.reason else {
        Issue.record("not a cycle: \(String(describing: error))")
        return
      }
      #expect(cycle.first == "recursiveA" && cycle.last == "recursiveA")
    }

    // Factory: FactoryInjectionTests.testDynamicInjectionResolve
    @Test func eachCallOfAProviderClosureGivesANewService() throws {
      let container = services()
      let service = try container.value(
        forName: "myServiceTypeProvider", as: (() -> any MyServiceType).self)
      let oldID = service().id
      let newID = service().id
      #expect(oldID != newID)
      #expect(service().id != newID)
    }

    // MARK: Resetting scopes

    // Factory: FactoryScopeTests.testOptionalCachedScope
    @Test func anOptionalCachedServiceIsSharedUntilItsScopeIsReset() throws {
      let container = services()
      let service1 = try container.value(
        forName: "cachedOptionalService", as: (any MyServiceType)?.self)
      let service2 = try container.value(
        forName: "cachedOptionalService", as: (any MyServiceType)?.self)
      #expect(service1 != nil && service2 != nil)
      #expect(service1?.id == service2?.id)
      let oldID = try #require(service1?.id)
      try container.reset(scope: "cached")
      let service3 = try container.value(
        forName: "cachedOptionalService", as: (any MyServiceType)?.self)
      #expect(service3 != nil)
      #expect(oldID != service3?.id)
    }

    // Factory: FactoryScopeTests.testEmptyOptionalCachedScope
    @Test func anEmptyOptionalCachedServiceStaysEmptyAndAnotherIsShared() throws {
      let testContainer = TestContainer(copying: services())
      let container = testContainer.container
      let emptyService1 = try container.value(
        forName: "cachedEmptyOptionalService", as: (any MyServiceType)?.self)
      let emptyService2 = try container.value(
        forName: "cachedEmptyOptionalService", as: (any MyServiceType)?.self)
      #expect(emptyService1 == nil && emptyService2 == nil)
      testContainer.override("cachedEmptyOptionalService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in MyService()
      }
      let service1 = try container.value(
        forName: "cachedOptionalService", as: (any MyServiceType)?.self)
      let service2 = try container.value(
        forName: "cachedOptionalService", as: (any MyServiceType)?.self)
      #expect(service1 != nil && service2 != nil)
      #expect(service1?.id == service2?.id)
      let oldID = try #require(service1?.id)
      try container.reset(scope: "cached")
      let service3 = try container.value(
        forName: "cachedOptionalService", as: (any MyServiceType)?.self)
      #expect(service3 != nil)
      #expect(oldID != service3?.id)
    }

    // Factory: FactoryScopeTests.testCachedScopeGlobalReset
    @Test func aCachedServiceIsSharedUntilItsScopeIsReset() throws {
      let container = services()
      let service1 = try container.value(forName: "cachedService", as: MyService.self)
      let service2 = try container.value(forName: "cachedService", as: MyService.self)
      #expect(service1.id == service2.id)
      try container.reset(scope: "cached")
      let service3 = try container.value(forName: "cachedService", as: MyService.self)
      #expect(service2.id != service3.id)
    }

    // Factory: FactoryScopeTests.testCachedScopeAutoRelease
    @Test func overridingACachedServiceGivesANewOne() throws {
      let testContainer = TestContainer(copying: services())
      let service1 = try testContainer.value(forName: "cachedService", as: MyService.self)
      let service2 = try testContainer.value(forName: "cachedService", as: MyService.self)
      #expect(service1.id == service2.id)
      testContainer.override("cachedService", options: .scope("cached")) { _ in MyService() }
      let service3 = try testContainer.value(forName: "cachedService", as: MyService.self)
      #expect(service2.id != service3.id)
    }

    // Factory: FactoryScopeTests.testSharedScopeGlobalReset
    @Test func resettingASharedServiceGivesANewOneWhileTheOldIsHeld() throws {
      let container = services()
      let service1 = try container.value(forName: "sharedService", as: (any MyServiceType).self)
      let service2 = try container.value(forName: "sharedService", as: (any MyServiceType).self)
      #expect(service1.id == service2.id)
      try container.reset("sharedService")
      let service3 = try container.value(forName: "sharedService", as: (any MyServiceType).self)
      #expect(service2.id != service3.id)
    }

    // Factory: FactoryScopeTests.testSharedScopeAutoRelease
    @Test func overridingASharedServiceGivesANewOneWhileTheOldIsHeld() throws {
      let testContainer = TestContainer(copying: services())
      let service1 = try testContainer.value(
        forName: "sharedService", as: (any MyServiceType).self)
      let service2 = try testContainer.value(
        forName: "sharedService", as: (any MyServiceType).self)
      #expect(service1.id == service2.id)
      testContainer.override("sharedService", options: .weakSingleton) {
        _ -> any MyServiceType in MyService()
      }
      let service3 = try testContainer.value(
        forName: "sharedService", as: (any MyServiceType).self)
      #expect(service2.id != service3.id)
    }

    // Factory: FactoryScopeTests.testCustomCachedScope
    @Test func aCustomScopeIsSharedUntilItIsReset() throws {
      let container = services()
      let service1 = try container.value(forName: "sessionService", as: MyService.self)
      let service2 = try container.value(forName: "sessionService", as: MyService.self)
      #expect(service1.id == service2.id)
      try container.reset(scope: "session")
      let service3 = try container.value(forName: "sessionService", as: MyService.self)
      #expect(service2.id != service3.id)
    }

    // Factory: FactoryScopeTests.testValueCachedScope
    @Test func aCachedValueIsKeptUntilItsScopeIsReset() throws {
      let container = services()
      let service1 = try container.value(forName: "valueService", as: ValueService.self)
      let service2 = try container.value(forName: "valueService", as: ValueService.self)
      #expect(service1.id == service2.id)
      try container.reset(scope: "cached")
      let service3 = try container.value(forName: "valueService", as: ValueService.self)
      #expect(service2.id != service3.id)
    }

    // Factory: FactoryScopeTests.testNilService
    @Test func aNilServiceOverriddenGivesAService() throws {
      let testContainer = TestContainer(copying: services())
      let service1 = try testContainer.value(
        forName: "nilSService", as: (any MyServiceType)?.self)
      #expect(service1 == nil)
      testContainer.override("nilSService") { _ -> (any MyServiceType)? in MyService() }
      let service2 = try testContainer.value(
        forName: "nilSService", as: (any MyServiceType)?.self)
      #expect(service2 != nil)
    }

    // Deliberate difference: a named scope keeps whatever its creator returns, nil
    // included, so the nil product is made once and shared until the scope is reset.
    // Factory: FactoryScopeTests.testNilScopedServiceCaching
    @Test func aCachedNilIsKeptAndAnOverrideIsCachedInItsTurn() throws {
      let created = Counter()
      let testContainer = TestContainer(copying: services())
      testContainer.override("nilCachedService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in
        created.increment()
        return nil
      }
      let container = testContainer.container
      #expect(
        try container.value(forName: "nilCachedService", as: (any MyServiceType)?.self) == nil)
      #expect(
        try container.value(forName: "nilCachedService", as: (any MyServiceType)?.self) == nil)
      #expect(created.value == 1)
      testContainer.override("nilCachedService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in MyService()
      }
      let service3 = try container.value(
        forName: "nilCachedService", as: (any MyServiceType)?.self)
      #expect(service3 != nil)
      let service3Again = try container.value(
        forName: "nilCachedService", as: (any MyServiceType)?.self)
      #expect(service3Again?.id == service3?.id)
      testContainer.override("nilCachedService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in nil
      }
      #expect(
        try container.value(forName: "nilCachedService", as: (any MyServiceType)?.self) == nil)
    }

    // Factory: FactoryScopeTests.testNilSharedServiceCaching
    @Test func aSharedNilIsNotSharedAndAnOverrideIsShared() throws {
      let created = Counter()
      let testContainer = TestContainer(copying: services())
      testContainer.override("nilSharedService", options: .weakSingleton) {
        _ -> (any MyServiceType)? in
        created.increment()
        return nil
      }
      let container = testContainer.container
      #expect(
        try container.value(forName: "nilSharedService", as: (any MyServiceType)?.self) == nil)
      #expect(
        try container.value(forName: "nilSharedService", as: (any MyServiceType)?.self) == nil)
      #expect(created.value == 2)
      testContainer.override("nilSharedService", options: .weakSingleton) {
        _ -> (any MyServiceType)? in MyService()
      }
      let service3 = try container.value(
        forName: "nilSharedService", as: (any MyServiceType)?.self)
      let service4 = try container.value(
        forName: "nilSharedService", as: (any MyServiceType)?.self)
      #expect(service3 != nil && service4 != nil)
      #expect(service3?.id == service4?.id)
      testContainer.override("nilSharedService", options: .weakSingleton) {
        _ -> (any MyServiceType)? in nil
      }
      #expect(
        try container.value(forName: "nilSharedService", as: (any MyServiceType)?.self) == nil)
    }

    // Factory: FactoryScopeTests.testRegisteringNewScope
    @Test func anOverrideChoosesItsOwnScope() throws {
      let testContainer = TestContainer(copying: services())
      #expect(try testContainer.value(forName: "nilSService", as: (any MyServiceType)?.self) == nil)
      testContainer.override("nilSService") { _ -> (any MyServiceType)? in MyService() }
      let service2 = try testContainer.value(forName: "nilSService", as: (any MyServiceType)?.self)
      let service2Again = try testContainer.value(
        forName: "nilSService", as: (any MyServiceType)?.self)
      #expect(service2 != nil)
      #expect(service2?.id != service2Again?.id)
      testContainer.override("nilSService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in MyService()
      }
      let service3 = try testContainer.value(forName: "nilSService", as: (any MyServiceType)?.self)
      let service4 = try testContainer.value(forName: "nilSService", as: (any MyServiceType)?.self)
      #expect(service3 != nil && service4 != nil)
      #expect(service3?.id == service4?.id)
    }

    // Deliberate difference: a container's default scope can only be .objectGraph (never a
    // cache), which still gives a new service to each top-level resolution.
    // Factory: FactoryScopeTests.testUniqueResolutionOnCachedContainer
    @Test func aContainerDefaultScopeStillGivesEachResolutionItsOwnService() throws {
      let container = Container(defaultScope: .objectGraph)
      container.addProvider(forName: "uniqueService") { _ in MyService() }
      let service1 = try container.value(forName: "uniqueService", as: MyService.self)
      let service2 = try container.value(forName: "uniqueService", as: MyService.self)
      #expect(service1 !== service2)
      #expect(service1.id != service2.id)
    }

    // Deliberate difference: an override is never removed from its test container; the
    // production container it copied still resolves the original.
    // Factory: FactoryCoreTests.testBasicResolutionOverrideReset
    @Test func theCopiedContainerKeepsTheOriginalAfterAnOverride() throws {
      let production = services()
      let testContainer = TestContainer(copying: production)
      testContainer.override("myServiceType") { _ -> any MyServiceType in MockService() }
      let service1 = try testContainer.value(
        forName: "myServiceType", as: (any MyServiceType).self)
      #expect(service1.text() == "MockService")
      let service2 = try production.value(forName: "myServiceType", as: (any MyServiceType).self)
      #expect(service2.text() == "MyService")
    }

    // Deliberate difference: there is no reset of every registration; the production
    // container a test container copied still resolves the original.
    // Factory: FactoryContainerTests.testReset
    @Test func theProductionContainerIsUntouchedByATestContainersOverride() throws {
      let production = services()
      #expect(
        try production.value(forName: "myServiceType", as: (any MyServiceType).self).text()
          == "MyService")
      let testContainer = TestContainer(copying: production)
      testContainer.override("myServiceType") { _ -> any MyServiceType in MockService() }
      #expect(
        try testContainer.value(forName: "myServiceType", as: (any MyServiceType).self).text()
          == "MockService")
      #expect(
        try TestContainer(copying: production).value(
          forName: "myServiceType", as: (any MyServiceType).self
        ).text() == "MyService")
    }

    // Deliberate difference: a pushed layer is a child container and popping is going back
    // to its parent, so there is no stack for an extra pop to leave unchanged.
    // Factory: FactoryContainerTests.testPushPop
    @Test func childContainersLayerRegistrationsOverTheirParents() throws {
      let production = services()
      let service1 = try production.value(forName: "myServiceType", as: (any MyServiceType).self)
      #expect(service1.text() == "MyService")
      let first = production.makeChild()
      first.addProvider(forName: "myServiceType") { _ -> any MyServiceType in MockServiceN(1) }
      #expect(
        try first.value(forName: "myServiceType", as: (any MyServiceType).self).text()
          == "MockService1")
      let second = first.makeChild()
      second.addProvider(forName: "myServiceType") { _ -> any MyServiceType in MockServiceN(2) }
      #expect(
        try second.value(forName: "myServiceType", as: (any MyServiceType).self).text()
          == "MockService2")
      #expect(
        try first.value(forName: "myServiceType", as: (any MyServiceType).self).text()
          == "MockService1")
    }

    // Factory: FactoryDefectTests.testNilScopedService
    @Test func aCachedNilServiceOverriddenGivesAService() throws {
      let testContainer = TestContainer(copying: services())
      let service1 = try testContainer.value(
        forName: "nilCachedService", as: (any MyServiceType)?.self)
      #expect(service1 == nil)
      testContainer.override("nilCachedService", options: .scope("cached")) {
        _ -> (any MyServiceType)? in MyService()
      }
      let service2 = try testContainer.value(
        forName: "nilCachedService", as: (any MyServiceType)?.self)
      #expect(service2 != nil)
    }

    // Deliberate difference: there are no test contexts such as onTest; an override makes a
    // new service and a reset of its scope another.
    // Factory: FactoryDefectTests.testContextClearingScope
    @Test func anOverrideAndAResetEachGiveANewCachedService() throws {
      let testContainer = TestContainer(copying: services())
      let container = testContainer.container
      let service1 = try container.value(forName: "cachedService", as: MyService.self)
      let service2 = try container.value(forName: "cachedService", as: MyService.self)
      #expect(service1.id == service2.id)
      testContainer.override("cachedService", options: .scope("cached")) { _ in MyService() }
      let service3 = try container.value(forName: "cachedService", as: MyService.self)
      #expect(service1.id != service3.id)
      let service4 = try container.value(forName: "cachedService", as: MyService.self)
      #expect(service3.id == service4.id)
      try container.reset(scope: "cached")
      let service5 = try container.value(forName: "cachedService", as: MyService.self)
      #expect(service4.id != service5.id)
    }

    // Deliberate difference: a provider taking an argument has no scope, so it caches
    // nothing and a reset of its name throws ResetError.
    // Factory: FactoryParameterTests.testScopedParameterServiceReset
    @Test func aProviderWithAnArgumentKeepsNothingToReset() throws {
      let container = Container()
      let created = Counter()
      container.addProvider(forName: "scopedParameterService", argument: Int.self) {
        _, value in
        created.increment()
        return value
      }
      let service = try container.value(
        forName: "scopedParameterServiceProvider", as: ((Int) -> Int).self)
      #expect(service(6) == 6)
      #expect(service(6) == 6)
      #expect(created.value == 2)
      #expect(throws: ResetError.self) { try container.reset("scopedParameterService") }
    }

    // MARK: Lazy

    // Factory: FactoryInjectionTests.testLazyInjection
    @Test func lazyPropertiesAreResolvedOnFirstRead() throws {
      let container = services()
      let made = Counter()
      container.addProvider(forName: "test") { _ -> any MyServiceType in
        made.increment()
        return MockServiceN(32)
      }
      container.addProvider(
        forName: "services2",
        dependencies: ["myServiceTypeProvider", "mockServiceProvider", "testProvider"]
      ) { _ in Services2() }
      let services = try container.value(forName: "services2", as: Services2.self)
      #expect(made.value == 0)
      #expect(try services.myServiceTypeProvider?.value.text() == "MyService")
      #expect(try services.mockServiceProvider?.value.text() == "MockService")
      #expect(try services.testProvider?.value.text() == "MockService32")
      #expect(made.value == 1)
    }

    // Factory: FactoryInjectionTests.testLazyInjectionOccursOnce
    @Test func aLazyTransientIsResolvedOnce() throws {
      let container = services()
      container.addProvider(forName: "services2", dependencies: ["myServiceTypeProvider"]) { _ in
        Services2()
      }
      let services = try container.value(forName: "services2", as: Services2.self)
      let id1 = try services.myServiceTypeProvider?.value.id
      let id2 = try services.myServiceTypeProvider?.value.id
      #expect(id1 != nil && id1 == id2)
    }

    // Factory: FactoryInjectionTests.testWeakLazyInjectionResolve
    @Test func aWeakLazySharedServiceIsNilOnceItsHolderLetsGo() throws {
      let container = services()
      container.addProvider(forName: "service", options: .weakSingleton) { _ in MyService() }
      container.addProvider(forName: "services3", dependencies: ["serviceProvider"]) {
        WeakLazyHolder(service: try $0.value(forName: "serviceProvider"))
      }
      var strongReference: MyService? = try container.value(forName: "service", as: MyService.self)
      let oldID = strongReference?.id
      let holder = try container.value(forName: "services3", as: WeakLazyHolder.self)
      #expect(try holder.service.value?.id == oldID)
      strongReference = nil
      #expect(try holder.service.value == nil)
    }

    // Factory: FactoryDefectTests.testLazyInjectionOccursOnce
    @Test func aLazyNilIsKeptAfterTheNameIsOverridden() throws {
      let testContainer = TestContainer(copying: services())
      testContainer.container.addProvider(
        forName: "holder", dependencies: ["nilSServiceProvider"]
      ) { OptionalLazyHolder(service: try $0.value(forName: "nilSServiceProvider")) }
      let holder = try testContainer.value(forName: "holder", as: OptionalLazyHolder.self)
      #expect(try holder.service.value == nil)
      testContainer.override("nilSService") { _ -> (any MyServiceType)? in MyService() }
      #expect(try holder.service.value == nil)
    }

    private func lazyLockingContainer(_ counter: Counter) -> Container {
      let container = Container()
      container.addProvider(forName: "service") { _ in
        counter.increment()
        return MyService()
      }
      container.addProvider(forName: "holder", dependencies: ["serviceProvider"]) {
        LazyHolder(service: try $0.value(forName: "serviceProvider"))
      }
      container.addProvider(forName: "weakHolder", dependencies: ["serviceProvider"]) {
        WeakLazyHolder(service: try $0.value(forName: "serviceProvider"))
      }
      return container
    }

    // Factory: FactoryLazyInjectedLockingTests.testConcurrentFirstAccessInvokesFactoryExactlyOnce
    @Test func concurrentFirstReadsOfALazyMakeItOnce() throws {
      let counter = Counter()
      let container = lazyLockingContainer(counter)
      let holder = try container.value(forName: "holder", as: LazyHolder.self)
      DispatchQueue.concurrentPerform(iterations: 50) { _ in _ = try? holder.service.value }
      #expect(counter.value == 1)
    }

    // Factory: FactoryLazyInjectedLockingTests.testConcurrentFirstAccessInvokesFactoryExactlyOnceRepeated
    @Test func concurrentFirstReadsOfALazyMakeItOnceRoundAfterRound() throws {
      for _ in 0..<50 {
        let counter = Counter()
        let container = lazyLockingContainer(counter)
        let holder = try container.value(forName: "holder", as: LazyHolder.self)
        DispatchQueue.concurrentPerform(iterations: 50) { _ in _ = try? holder.service.value }
        #expect(counter.value == 1)
      }
    }

    // Factory: FactoryLazyInjectedLockingTests.testWeakLazyInjectedConcurrentFirstAccessInvokesFactoryExactlyOnce
    @Test func concurrentFirstReadsOfAWeakLazyMakeItOnce() throws {
      let counter = Counter()
      let container = lazyLockingContainer(counter)
      let holder = try container.value(forName: "weakHolder", as: WeakLazyHolder.self)
      // The readers hold what they read, so that the weak value stays alive.
      let retained = Results()
      let missing = Counter()
      DispatchQueue.concurrentPerform(iterations: 50) { _ in
        guard let service = try? holder.service.value else { return missing.increment() }
        retained.record { service }
      }
      #expect(counter.value == 1)
      #expect(missing.value == 0 && retained.values.count == 50)
    }

    // Deliberate difference: a name is registered once (a second registration is reported
    // as a duplicate), so the registrations come before the threads instead of among them.
    // Factory: FactoryMultithreadingTests.testMultiThreading
    @Test func manyThreadsResolveChainsAndLazyValues() throws {
      final class D: Sendable {}
      final class C: Sendable {
        let d: D
        init(d: D) { self.d = d }
      }
      final class B: Sendable {
        let c: C
        init(c: C) { self.c = c }
      }
      final class A: Sendable {
        let b: B
        init(b: B) { self.b = b }
      }
      final class E: Sendable {
        let d: Lazy<D>
        init(d: Lazy<D>) { self.d = d }
      }
      let container = Container()
      container.addProvider(forName: "d", options: .scope("cached")) { _ in D() }
      container.addProvider(forName: "c", dependencies: ["d"]) { C(d: try $0.value(forName: "d")) }
      container.addProvider(forName: "b", dependencies: ["c"]) { B(c: try $0.value(forName: "c")) }
      container.addProvider(forName: "a", dependencies: ["b"]) { A(b: try $0.value(forName: "b")) }
      container.addProvider(forName: "e", dependencies: ["dProvider"]) {
        E(d: try $0.value(forName: "dProvider"))
      }
      let iterations = Counter()
      let rounds = 1_000
      DispatchQueue.concurrentPerform(iterations: rounds) { _ in
        for name in ["b", "b", "a", "b", "d", "b"]
        where (try? container.value(forName: name, as: AnyObject.self)) != nil {
          iterations.increment()
        }
        if let e = try? container.value(forName: "e", as: E.self), (try? e.d.value) != nil {
          iterations.increment()
        }
      }
      #expect(iterations.value == rounds * 7)
    }
  }
}
