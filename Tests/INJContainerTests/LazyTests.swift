import Foundation
import INJContainer
import INJReflection
import Testing

@Suite("Lazy dependencies")
struct LazyTests {
  final class Payments: Sendable {}
  final class Checkout {
    @Inject var paymentsProvider: Lazy<Payments>?
  }
  final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
  }
  final class Child {
    @Inject var parentProvider: WeakLazy<Parent>?
  }

  private func shop(_ made: Counter) -> Container {
    let container = Container()
    container.addProvider(forName: "payments") { _ in
      made.increment()
      return Payments()
    }
    container.addProvider(forName: "checkout", dependencies: ["paymentsProvider"]) { _ in
      Checkout()
    }
    return container
  }

  @Test func aLazyDependencyIsMadeOnFirstUseThenKeptForItsHolder() throws {
    let made = Counter()
    let container = shop(made)
    try container.checkForErrors()
    let checkout = try container.value(forName: "checkout", as: Checkout.self)
    #expect(made.value == 0)
    let lazy = try #require(checkout.paymentsProvider)
    let first = try lazy.value
    #expect(try lazy.value === first)
    #expect(made.value == 1)
    let other = try container.value(forName: "checkout", as: Checkout.self)
    #expect(try other.paymentsProvider?.value !== first)
  }

  @Test func twoThreadsReadingAtOnceGetTheOneProductMadeOnce() throws {
    let made = Counter()
    let container = Container()
    container.addProvider(forName: "payments") { _ in
      made.increment()
      usleep(2_000)
      return Payments()
    }
    let lazy = try container.value(forName: "paymentsProvider", as: Lazy<Payments>.self)
    let seen = Results()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in seen.record { try lazy.value } }
    #expect(made.value == 1)
    #expect(seen.values.count == 8 && seen.values.allSatisfy { $0 === seen.values[0] })
  }

  @Test func aLazyDependencyBreaksACycle() throws {
    let container = Container()
    container.addProvider(forName: "a", dependencies: ["bProvider"]) { values in
      try values.value(forName: "bProvider", as: Lazy<Payments>.self)
    }
    container.addProvider(forName: "b", dependencies: ["a"]) { _ in Payments() }
    try container.checkForErrors()
    let lazy = try container.value(forName: "a", as: Lazy<Payments>.self)
    #expect(throws: Never.self) { try lazy.value }
  }

  @Test func readingALazyValueInItsOwnCreationIsACycle() throws {
    let container = Container()
    let lazy = LockedBox<Lazy<Payments>>()
    container.addProvider(forName: "payments") { _ in
      _ = try lazy.value?.value
      return Payments()
    }
    lazy.value = try container.value(forName: "paymentsProvider", as: Lazy<Payments>.self)
    let error = #expect(throws: ResolutionError.self) { try lazy.value?.value }
    guard case .cycle(let cycle)? = error?.reason else {
      Issue.record("not a cycle: \(String(describing: error))")
      return
    }
    #expect(cycle == ["paymentsProvider", "paymentsProvider"])
  }

  @Test func aFailedReadIsTriedAgain() throws {
    let fails = LockedBox<Bool>()
    fails.value = true
    let container = Container()
    container.addProvider(forName: "payments") { _ in
      if fails.value == true { throw CocoaError(.featureUnsupported) }
      return Payments()
    }
    let lazy = try container.value(forName: "paymentsProvider", as: Lazy<Payments>.self)
    #expect(throws: ResolutionError.self) { try lazy.value }
    fails.value = false
    #expect(throws: Never.self) { try lazy.value }
  }

  @Test func aWeakLazyBackReferenceGivesTheParentWhileItLives() throws {
    let container = Container()
    container.addProvider(forName: "parent", dependencies: ["child"], options: .objectGraph) {
      Parent(child: try $0.value(forName: "child"))
    }
    container.addProvider(forName: "child", dependencies: ["parentProvider"]) { _ in Child() }
    try container.checkForErrors()
    var parent: Parent? = try container.value(forName: "parent", as: Parent.self)
    let child = try #require(parent?.child)
    #expect(try child.parentProvider?.value === parent)
    weak let released = parent
    parent = nil
    #expect(released == nil)
    #expect(try child.parentProvider?.value == nil)
  }

  @Test func aLazyPropertyOfAProductTypeItCanNeverHoldIsReported() throws {
    final class Wrong {
      @Inject var paymentsProvider: Lazy<String>?
    }
    let container = Container()
    container.addProvider(forName: "payments", fileID: "App/P.swift", line: 1) { _ in Payments() }
    container.addProvider(
      forName: "wrong", dependencies: ["paymentsProvider"], fileID: "App/W.swift", line: 2
    ) { _ in Wrong() }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.description == """
        The container has 1 problem:
        - 'wrong' (App/W.swift:2) makes Wrong, whose @Inject property 'paymentsProvider' \
        holds Lazy<String>, but 'payments' (App/P.swift:1) provides Payments, which a \
        closure returning String cannot return. Make the property hold Lazy<Payments>.
        """)
  }

  @Test func anAsyncProvidersLazyValueIsRefused() throws {
    let container = Container()
    container.addAsyncProvider(forName: "payments") { _ in Payments() }
    #expect(throws: ResolutionError.self) {
      try container.value(forName: "paymentsProvider", as: Lazy<Payments>.self)
    }
  }

  @MainActor
  @Test func aMainActorProductIsMadeLazilyOnTheMainActor() throws {
    let container = Container()
    container.addProvider(forName: "screen") { _ in MainActorScreen() }
    let lazy = try container.value(forName: "screenProvider", as: Lazy<MainActorScreen>.self)
    #expect(try lazy.value === lazy.value)
  }
}

@MainActor
final class MainActorScreen {}

/// A value guarded by a lock, for tests that share one between closures.
final class LockedBox<Value>: @unchecked Sendable {
  // Guarded by `lock`.
  private var stored: Value?
  private let lock = NSLock()

  var value: Value? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

@Suite("Provider closures asked for as optionals")
struct OptionalClosureRequestTests {
  final class Report: Sendable {}

  private func container() -> Container {
    let container = Container()
    container.addProvider(forName: "report") { _ in Report() }
    return container
  }

  @Test func anOptionalLazyValueIsGivenNotNil() throws {
    let lazy = try container().value(forName: "reportProvider", as: Lazy<Report>?.self)
    #expect(lazy != nil)
    let weakLazy = try container().value(forName: "reportProvider", as: WeakLazy<Report>?.self)
    #expect(weakLazy != nil)
  }

  @Test func anOptionalOfAnotherTypeIsATypeMismatch() throws {
    let error = #expect(throws: ResolutionError.self) {
      try container().value(forName: "reportProvider", as: Int?.self)
    }
    #expect(error?.name == "reportProvider")
  }

  @Test func anOptionalLazyPropertyOfAProductTypeItCanNeverHoldIsReportedWithTheFix() throws {
    final class Wrong {
      @Inject var reportProvider: Lazy<[Int]>?
    }
    let container = container()
    container.addProvider(
      forName: "wrong", dependencies: ["reportProvider"], fileID: "App/W.swift", line: 2
    ) { _ in Wrong() }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.description.hasSuffix("Make the property hold Lazy<Report>.") == true)
  }

  @Test func aCreatorAskingForAnOptionalLazyValueGetsOne() throws {
    let container = container()
    container.addProvider(forName: "screen", dependencies: ["reportProvider"]) { values in
      try values.value(forName: "reportProvider", as: Lazy<Report>?.self)
    }
    let lazy = try container.value(forName: "screen", as: Lazy<Report>?.self)
    #expect(try lazy?.value != nil)
  }
}
