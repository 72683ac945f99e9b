import Foundation
import INJContainer
import INJReflection
import Testing

extension Peers {
  /// DITranquillity's tests of object-graph cycles, `Lazy` and `Provider`, lifetimes and
  /// custom scopes, in Injineer's terms: `.objectGraph` is `.objectGraph`, `.prototype` a
  /// transient, `.perRun` and `.perContainer` a singleton, a custom scope a named scope (a
  /// weak one a weak singleton); a cycle injected after creation (`injection(cycle: true)`)
  /// is a `WeakLazy` back reference or a `Lazy` forward one, and `Provider<Foo>` the provider
  /// closure `fooProvider`. The async twins of these tests are the same scenarios and are not
  /// translated again.
  @Suite("Peers: DITranquillity's graph, scope and lazy tests")
  struct DITranquillityScopeLazyTests {
    // MARK: Fixtures

    protocol ServiceProtocol: AnyObject, Sendable {
      func foo() -> String
    }
    final class FooService: ServiceProtocol {
      func foo() -> String { "foo" }
    }

    final class Circular2A: Sendable {
      let b: Circular2B
      init(b: Circular2B) { self.b = b }
    }
    final class Circular2B: Sendable {
      let aProvider: WeakLazy<Circular2A>
      init(aProvider: WeakLazy<Circular2A>) { self.aProvider = aProvider }
      func a() throws -> Circular2A? { try aProvider.value }
    }

    final class Circular3A {
      let b: Circular3B
      init(b: Circular3B) { self.b = b }
    }
    final class Circular3B {
      let c: Circular3C
      init(c: Circular3C) { self.c = c }
    }
    final class Circular3C {
      let aProvider: WeakLazy<Circular3A>
      init(aProvider: WeakLazy<Circular3A>) { self.aProvider = aProvider }
      func a() throws -> Circular3A? { try aProvider.value }
    }

    // The peers' lazy back references are strong; a Lazy keeps what it read, so here they
    // are WeakLazy, which keeps no reference cycle between the objects.
    final class CircularDouble2A {
      let b1: WeakLazy<CircularDouble2B>
      let b2: WeakLazy<CircularDouble2B>
      init(b1: WeakLazy<CircularDouble2B>, b2: WeakLazy<CircularDouble2B>) {
        self.b1 = b1
        self.b2 = b2
      }
    }
    final class CircularDouble2B {
      let a: CircularDouble2A
      init(a: CircularDouble2A) { self.a = a }
    }

    final class LazyCycleA {
      let b: LazyCycleB
      init(b: LazyCycleB) { self.b = b }
    }
    final class LazyCycleB {
      let a: WeakLazy<LazyCycleA>
      init(a: WeakLazy<LazyCycleA>) { self.a = a }
    }

    final class ProviderCycleA {
      let b: ProviderCycleB
      init(b: ProviderCycleB) { self.b = b }
    }
    final class ProviderCycleB {
      let a: () -> ProviderCycleA
      init(a: @escaping () -> ProviderCycleA) { self.a = a }
    }

    final class ProviderInitProvider1 {
      private let provider: () -> ProviderInitProvider2
      private let value: ProviderInitProvider2
      init(provider: @escaping () -> ProviderInitProvider2) {
        self.provider = provider
        value = provider()
      }
    }
    final class ProviderInitProvider2 {}
    final class ProviderInitProviderStarter {
      private let provider: ProviderInitProvider1
      private var otherClass0: Checker?
      private var otherClass1: Checker?
      init(otherClass0: Checker, provider: ProviderInitProvider1, otherClass1: Checker) {
        self.otherClass0 = otherClass0
        self.otherClass1 = otherClass1
        self.provider = provider
      }
      func clean() {
        otherClass0 = nil
        otherClass1 = nil
      }
    }
    /// Counts its instances made and freed.
    final class Checker {
      private let freed: Counter
      init(made: Counter, freed: Counter) {
        self.freed = freed
        made.increment()
      }
      deinit { freed.increment() }
    }

    final class LazyInjectA {
      @Inject var fooServiceProvider: Lazy<any ServiceProtocol>?
    }
    final class ProviderInjectA {
      @Inject var fooServiceProvider: (() -> any ServiceProtocol)?
    }

    final class A {
      let b: B
      let c: C
      init(b: B, c: C) {
        self.b = b
        self.c = c
      }
    }
    final class B {
      let d: D
      init(d: D) { self.d = d }
    }
    final class C {
      let d: D
      init(d: D) { self.d = d }
    }
    final class D {}

    /// DITranquillity's `C` and `D` of the scope tests, whose strings the tests change;
    /// main-actor classes, so that a scope may share them.
    @MainActor
    final class ScopedC {
      var uniqueString = "initial"
      let d: ScopedD
      init(d: ScopedD) { self.d = d }
    }
    @MainActor
    final class ScopedD {
      var uniqueString = "initial"
    }

    private func lifetimes(d scope: ProviderOptions.For<D>) -> Container {
      let container = Container()
      container.addProvider(forName: "a", dependencies: ["b", "c"], options: .objectGraph) {
        A(b: try $0.value(forName: "b"), c: try $0.value(forName: "c"))
      }
      container.addProvider(forName: "b", dependencies: ["d"], options: .objectGraph) {
        B(d: try $0.value(forName: "d"))
      }
      container.addProvider(forName: "c", dependencies: ["d"], options: .objectGraph) {
        C(d: try $0.value(forName: "d"))
      }
      container.addProvider(forName: "d", options: scope) { _ in D() }
      return container
    }

    private func circular2(_ scope: ProviderOptions) -> Container {
      let container = Container()
      container.addProvider(forName: "a", dependencies: ["b"], options: .init(scope)) {
        Circular2A(b: try $0.value(forName: "b"))
      }
      container.addProvider(forName: "b", dependencies: ["aProvider"], options: .init(scope)) {
        Circular2B(aProvider: try $0.value(forName: "aProvider"))
      }
      return container
    }

    private func circularDouble2(b scope: ProviderOptions.For<CircularDouble2B>) -> Container {
      let container = Container()
      container.addProvider(forName: "a", dependencies: ["bProvider"], options: .objectGraph) {
        CircularDouble2A(
          b1: try $0.value(forName: "bProvider"), b2: try $0.value(forName: "bProvider"))
      }
      container.addProvider(forName: "b", dependencies: ["a"], options: scope) {
        CircularDouble2B(a: try $0.value(forName: "a"))
      }
      return container
    }

    // MARK: Cycles in the object graph

    // DITranquillity: DITranquillityTests_Resolve.test13_ResolveCircular2
    @Test func aTwoObjectCycleClosesWithinEachGraph() throws {
      let container = circular2(.objectGraph)
      let a = try container.value(forName: "a", as: Circular2A.self)
      #expect(try a === a.b.a())
      #expect(try a.b === a.b.a()?.b)
      let b = try container.value(forName: "b", as: Circular2B.self)
      let ba = try #require(try b.a())
      #expect(b === ba.b)
      #expect(try ba === ba.b.a())
      #expect(a !== ba)
      #expect(a.b !== b)
    }

    // DITranquillity: DITranquillityTests_Resolve.test13_ResolveCircular2WithPerRun
    @Test func aTwoObjectCycleOfSingletonsClosesOnTheSingletons() throws {
      let container = circular2(.singleton)
      let a = try container.value(forName: "a", as: Circular2A.self)
      #expect(try a === a.b.a())
      #expect(try a.b === a.b.a()?.b)
      let b = try container.value(forName: "b", as: Circular2B.self)
      #expect(try b === b.a()?.b)
      #expect(try b.a() === b.a()?.b.a())
      #expect(try a === b.a())
      #expect(a.b === b)
    }

    // DITranquillity: DITranquillityTests_Resolve.test14_ResolveCircular3
    @Test func aThreeObjectCycleClosesWithinEachGraph() throws {
      let container = Container()
      container.addProvider(forName: "a", dependencies: ["b"], options: .objectGraph) {
        Circular3A(b: try $0.value(forName: "b"))
      }
      container.addProvider(forName: "b", dependencies: ["c"], options: .objectGraph) {
        Circular3B(c: try $0.value(forName: "c"))
      }
      container.addProvider(forName: "c", dependencies: ["aProvider"], options: .objectGraph) {
        Circular3C(aProvider: try $0.value(forName: "aProvider"))
      }
      let a = try container.value(forName: "a", as: Circular3A.self)
      #expect(try a === a.b.c.a())
      #expect(try a.b === a.b.c.a()?.b)
      #expect(try a.b.c === a.b.c.a()?.b.c)

      let b = try container.value(forName: "b", as: Circular3B.self)
      let ba = try #require(try b.c.a())
      #expect(b === ba.b)
      #expect(b.c === ba.b.c)
      #expect(try ba === ba.b.c.a())

      let c = try container.value(forName: "c", as: Circular3C.self)
      let ca = try #require(try c.a())
      #expect(c === ca.b.c)
      #expect(try ca === ca.b.c.a())
      #expect(try ca.b === ca.b.c.a()?.b)

      #expect(a.b !== b)
      #expect(a.b.c !== c)
      #expect(b.c !== c)
      #expect(ba !== a)
      #expect(ca !== a)
      #expect(ca.b !== b)
    }

    // DITranquillity: DITranquillityTests_Resolve.test15_ResolveCircularDouble2A
    @Test func twoLazyTransientsOfOneObjectGraphReferBackToIt() throws {
      let container = circularDouble2(b: [])
      let a = try container.value(forName: "a", as: CircularDouble2A.self)
      let b1 = try #require(try a.b1.value)
      let b2 = try #require(try a.b2.value)
      #expect(b1 !== b2)
      #expect(a === b1.a)
      #expect(try b1 === b1.a.b1.value)
      #expect(a === b2.a)
      #expect(try b2 === b2.a.b2.value)
    }

    // DITranquillity: DITranquillityTests_Resolve.test15_ResolveCircularDouble2B
    @Test func twoLazyObjectGraphProductsAreTheGraphsOne() throws {
      let container = circularDouble2(b: .objectGraph)
      let b = try container.value(forName: "b", as: CircularDouble2B.self)
      #expect(try b === b.a.b1.value)
      #expect(try b === b.a.b2.value)
      #expect(try b.a === b.a.b1.value?.a)
      #expect(try b.a === b.a.b2.value?.a)
    }

    private func lazyCycle(_ made: Counter) -> Container {
      let container = Container()
      container.addProvider(forName: "a", dependencies: ["b"], options: .objectGraph) {
        made.increment()
        return LazyCycleA(b: try $0.value(forName: "b"))
      }
      container.addProvider(forName: "b", dependencies: ["aProvider"], options: .objectGraph) {
        LazyCycleB(a: try $0.value(forName: "aProvider"))
      }
      return container
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test05_CycleTest
    @Test func aLazyBackReferenceIsTheGraphsObject() throws {
      let made = Counter()
      let container = lazyCycle(made)
      let a = try container.value(forName: "a", as: LazyCycleA.self)
      #expect(made.value == 1)
      #expect(try a.b.a.value === a)
      #expect(made.value == 1)
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test06_LazyCycleTest
    @Test func aLazyBackReferenceBreaksTheCycleForTheCheck() throws {
      let made = Counter()
      let container = lazyCycle(made)
      try container.checkForErrors()
      let a = try container.value(forName: "a", as: LazyCycleA.self)
      #expect(made.value == 1)
      #expect(try a.b.a.value === a)
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test07_ProvideCycleTest
    @Test func aProviderClosureBackReferenceGivesTheGraphsObjectOnEachCall() throws {
      let container = Container()
      container.addProvider(forName: "a", dependencies: ["b"], options: .objectGraph) {
        ProviderCycleA(b: try $0.value(forName: "b"))
      }
      container.addProvider(forName: "b", dependencies: ["aProvider"], options: .objectGraph) {
        ProviderCycleB(a: try $0.value(forName: "aProvider"))
      }
      try container.checkForErrors()
      let a = try container.value(forName: "a", as: ProviderCycleA.self)
      #expect(a.b.a() === a)
      #expect(a.b.a() === a.b.a())
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test12_provider_init
    @Test func aProviderClosureCalledInACreatorKeepsNothingOfTheGraphAlive() throws {
      let made = Counter()
      let freed = Counter()
      let container = Container(defaultScope: .objectGraph)
      container.addProvider(forName: "provider1", dependencies: ["provider2Provider"]) {
        ProviderInitProvider1(provider: try $0.value(forName: "provider2Provider"))
      }
      container.addProvider(forName: "provider2") { _ in ProviderInitProvider2() }
      container.addProvider(forName: "checker0") { _ in Checker(made: made, freed: freed) }
      container.addProvider(forName: "checker1") { _ in Checker(made: made, freed: freed) }
      container.addProvider(
        forName: "starter", dependencies: ["checker0", "provider1", "checker1"]
      ) {
        ProviderInitProviderStarter(
          otherClass0: try $0.value(forName: "checker0"),
          provider: try $0.value(forName: "provider1"),
          otherClass1: try $0.value(forName: "checker1"))
      }
      let test = try container.value(forName: "starter", as: ProviderInitProviderStarter.self)
      test.clean()
      #expect(made.value == 2)
      #expect(made.value - freed.value == 0)
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test02_Provide
    @Test func aTransientsProviderClosureGivesANewProductOnEachCall() throws {
      let container = Container()
      container.addProvider(forName: "fooService") { _ in FooService() }
      let service = try container.value(forName: "fooServiceProvider", as: (() -> FooService).self)
      let value = service()
      #expect(value.foo() == "foo")
      #expect(value !== service())
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test10_ProviderInject
    @Test func anInjectedProviderClosureGivesTheService() throws {
      let container = Container()
      container.addProvider(forName: "fooService") { _ -> any ServiceProtocol in FooService() }
      container.addProvider(forName: "test", dependencies: ["fooServiceProvider"]) { _ in
        ProviderInjectA()
      }
      let test = try container.value(forName: "test", as: ProviderInjectA.self)
      #expect(test.fooServiceProvider?().foo() == "foo")
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test13_provider_multithread
    @Test func providerClosuresResolvedFromAQueueAndATask() async throws {
      let container = Container()
      container.addProvider(forName: "fooService") { _ in FooService() }
      let served = Counter()
      @Sendable func serve(_ count: Int) {
        for _ in 0..<count {
          let service = try? container.value(
            forName: "fooServiceProvider", as: (() -> FooService).self)
          if service?().foo() == "foo" { served.increment() }
        }
      }
      let queue = DispatchGroup()
      queue.enter()
      DispatchQueue.global().async {
        serve(4_096)
        queue.leave()
      }
      await Task.detached { serve(2_048) }.value
      await withCheckedContinuation { done in queue.notify(queue: .global()) { done.resume() } }
      #expect(served.value == 6_144)
    }

    // DITranquillity: DITranquillityTests_Lifetime.test04_objectGraph
    @Test func objectGraphProductsAreSharedThroughoutOneResolution() throws {
      let container = lifetimes(d: .objectGraph)
      let a = try container.value(forName: "a", as: A.self)
      #expect(a.b.d === a.c.d)
    }

    // DITranquillity: DITranquillityTests_Lifetime.test06_prototypeWithObjectGraph
    @Test func aTransientInAnObjectGraphIsNewForEachDependent() throws {
      let container = lifetimes(d: [])
      let a = try container.value(forName: "a", as: A.self)
      #expect(a.b.d !== a.c.d)
    }

    // MARK: Scopes

    // Deliberate difference: a singleton lives as long as its container and its reset throws
    // ResetError; the scope to clean is a named scope, which reset(scope:) renews.
    // DITranquillity: DITranquillityTests_Lifetime.test03_perContainerClean
    @Test func aSingletonIsNotCleanedButANamedScopeIs() throws {
      let initCount = Counter()
      let container = Container()
      container.addProvider(forName: "singleton", options: .singleton) { _ in FooService() }
      container.addProvider(forName: "fooService", options: .scope("perContainer")) { _ in
        initCount.increment()
        return FooService()
      }
      let singleton = try container.value(forName: "singleton", as: FooService.self)
      #expect(throws: ResetError.self) { try container.reset("singleton") }
      #expect(try container.value(forName: "singleton", as: FooService.self) === singleton)

      #expect(initCount.value == 0)
      let service1 = try container.value(forName: "fooService", as: FooService.self)
      #expect(service1.foo() == "foo")
      #expect(initCount.value == 1)
      try container.reset(scope: "perContainer")
      let service2 = try container.value(forName: "fooService", as: FooService.self)
      #expect(service2.foo() == "foo")
      #expect(initCount.value == 2)
      #expect(service1 !== service2)
    }

    // DITranquillity: DITranquillityTests_Lifetime.test07_customScope
    @Test func aCustomScopeSharesItsProductUntilItIsCleaned() throws {
      let container = Container()
      container.addProvider(forName: "d", options: .scope("My scope")) { _ in FooService() }
      let obj1 = try container.value(forName: "d", as: FooService.self)
      let obj2 = try container.value(forName: "d", as: FooService.self)
      try container.reset(scope: "My scope")
      let obj3 = try container.value(forName: "d", as: FooService.self)
      #expect(obj1 === obj2)
      #expect(obj1 !== obj3)
    }

    // DITranquillity: DITranquillityTests_Lifetime.test07_customWeakScope
    @MainActor
    @Test func aWeakScopeSharesItsProductWhileItIsHeld() throws {
      let container = Container()
      container.addProvider(forName: "d", options: .weakSingleton) { _ in ScopedD() }
      var obj1: ScopedD? = try container.value(forName: "d", as: ScopedD.self)
      var obj2: ScopedD? = try container.value(forName: "d", as: ScopedD.self)
      #expect(obj1 != nil)
      #expect(obj2 != nil)
      #expect(obj1 === obj2)
      obj1?.uniqueString = "custom weak scope"
      #expect(obj1?.uniqueString == "custom weak scope")
      obj1 = nil
      obj2 = nil
      let obj3 = try container.value(forName: "d", as: ScopedD.self)
      #expect(obj3.uniqueString == "initial")
    }

    // DITranquillity: DITranquillityTests_Lifetime.test08_innerScope
    @MainActor
    @Test func aWeakProductIsRemadeOverTheStrongScopesProductUntilThatIsReset() throws {
      let container = Container()
      container.addProvider(forName: "d", options: .scope("My scope")) { _ in ScopedD() }
      container.addProvider(forName: "c", dependencies: ["d"], options: .weakSingleton) {
        ScopedC(d: try $0.value(forName: "d"))
      }
      var c: ScopedC? = try container.value(forName: "c", as: ScopedC.self)
      #expect(c != nil)
      c?.uniqueString = "changed"
      c?.d.uniqueString = "changed"

      c = nil
      c = try container.value(forName: "c", as: ScopedC.self)
      #expect(c != nil)
      #expect(c?.uniqueString == "initial")
      #expect(c?.d.uniqueString == "changed")

      c = nil
      try container.reset(scope: "My scope")
      c = try container.value(forName: "c", as: ScopedC.self)
      #expect(c != nil)
      #expect(c?.uniqueString == "initial")
      #expect(c?.d.uniqueString == "initial")
    }

    // Deliberate difference: the shared scope that threads clean is a named scope, reset with
    // reset(scope:), since a singleton cannot be reset (a sixteenth of the peer's counts).
    // DITranquillity: DITranquillityTests_Threads.test07_ResolvePerContainerAndClean
    @Test func threadsResolveANamedScopeWhileAnotherResetsIt() throws {
      let container = Container()
      container.addProvider(forName: "fooService", options: .scope("perContainer")) { _ in
        FooService()
      }
      let failures = Counter()
      let counts = [2_048, 1_024, 512, 1_024]
      DispatchQueue.concurrentPerform(iterations: counts.count) { thread in
        for _ in 0..<counts[thread] {
          if thread == 3 {
            do { try container.reset(scope: "perContainer") } catch { failures.increment() }
          } else {
            let service = try? container.value(forName: "fooService", as: FooService.self)
            if service?.foo() != "foo" { failures.increment() }
          }
        }
      }
      #expect(failures.value == 0)
    }

    // MARK: Lazy

    // DITranquillity: DITranquillityTests_SwiftLazy.test01_Lazy
    @Test func aLazyServiceIsMadeOnFirstReadAndKept() throws {
      let made = Counter()
      let container = Container()
      container.addProvider(forName: "fooService") { _ in
        made.increment()
        return FooService()
      }
      let service = try container.value(forName: "fooServiceProvider", as: Lazy<FooService>.self)
      #expect(made.value == 0)
      let value = try service.value
      #expect(value.foo() == "foo")
      #expect(made.value == 1)
      #expect(try service.value === value)
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test08_LazyOptional
    @Test func anOptionalLazyServiceIsMadeOnFirstReadAndKept() throws {
      let made = Counter()
      let container = Container()
      container.addProvider(forName: "fooService") { _ in
        made.increment()
        return FooService()
      }
      let service = try container.value(forName: "fooServiceProvider", as: Lazy<FooService?>.self)
      #expect(made.value == 0)
      let value = try service.value
      #expect(value?.foo() == "foo")
      #expect(made.value == 1)
      #expect(try service.value === value)
    }

    // Deliberate difference: the lazy value of a name nobody registered is refused with an
    // error naming it, instead of a lazy value that reads nil.
    // DITranquillity: DITranquillityTests_SwiftLazy.test08_LazyOptionalNil
    @Test func theOptionalLazyValueOfAnUnregisteredNameIsRefused() throws {
      let container = Container()
      #expect(throws: ResolutionError.self) {
        try container.value(forName: "fooServiceProvider", as: Lazy<FooService?>.self)
      }
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test09_LazyInject
    @Test func anInjectedLazyServiceGivesTheService() throws {
      let container = Container()
      container.addProvider(forName: "fooService") { _ -> any ServiceProtocol in FooService() }
      container.addProvider(forName: "test", dependencies: ["fooServiceProvider"]) { _ in
        LazyInjectA()
      }
      let test = try container.value(forName: "test", as: LazyInjectA.self)
      #expect(try test.fooServiceProvider?.value.foo() == "foo")
    }

    // DITranquillity: DITranquillityTests_SwiftLazy.test15_lazy_multithread
    @Test func lazyValuesResolvedFromAQueueAndATask() async throws {
      let container = Container()
      container.addProvider(forName: "fooService") { _ in FooService() }
      let served = Counter()
      @Sendable func serve(_ count: Int) {
        for _ in 0..<count {
          let service = try? container.value(
            forName: "fooServiceProvider", as: Lazy<FooService>.self)
          if (try? service?.value.foo()) == "foo" { served.increment() }
        }
      }
      let queue = DispatchGroup()
      queue.enter()
      DispatchQueue.global().async {
        serve(4_096)
        queue.leave()
      }
      await Task.detached { serve(2_048) }.value
      await withCheckedContinuation { done in queue.notify(queue: .global()) { done.resume() } }
      #expect(served.value == 6_144)
    }
  }
}
