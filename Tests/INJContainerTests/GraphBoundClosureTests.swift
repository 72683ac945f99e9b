import Foundation
import INJContainer
import INJReflection
import Testing

@Suite("Provider closures in an object graph")
struct GraphBoundClosureTests {
  final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
  }
  final class Child {
    let parentProvider: () -> Parent
    init(parentProvider: @escaping () -> Parent) { self.parentProvider = parentProvider }
  }
  final class Toy {
    let child: Child
    init(child: Child) { self.child = child }
  }

  /// A parent and a child in the object-graph scope; the child refers back to the parent
  /// through its provider closure.
  private func family(_ made: Counter = Counter()) -> Container {
    let container = Container()
    container.addProvider(forName: "parent", dependencies: ["child"], options: .objectGraph) {
      made.increment()
      return Parent(child: try $0.value(forName: "child"))
    }
    container.addProvider(
      forName: "child", dependencies: ["parentProvider"], options: .objectGraph
    ) { Child(parentProvider: try $0.value(forName: "parentProvider")) }
    return container
  }

  @Test func aChildsParentProviderGivesTheParentItWasMadeFor() throws {
    let made = Counter()
    let container = family(made)
    let parent = try container.value(forName: "parent", as: Parent.self)
    #expect(parent.child.parentProvider() === parent)
    #expect(parent.child.parentProvider() === parent)
    #expect(made.value == 1)
    let other = try container.value(forName: "parent", as: Parent.self)
    #expect(other !== parent)
    #expect(other.child.parentProvider() === other)
  }

  @Test func aClosureHandedOutOutsideAnyResolutionMakesANewGraphOnEachCall() throws {
    let container = family()
    let makeParent = try container.value(forName: "parentProvider", as: (() -> Parent).self)
    let first = makeParent()
    #expect(makeParent() !== first)
    #expect(first.child.parentProvider() === first)
  }

  @Test func droppingTheRootFreesEveryObjectOfTheGraph() throws {
    let container = family()
    weak var parent: Parent?
    weak var child: Child?
    do {
      let made = try container.value(forName: "parent", as: Parent.self)
      #expect(made.child.parentProvider() === made)
      parent = made
      child = made.child
    }
    #expect(parent == nil)
    #expect(child == nil)
  }

  @Test func aTransientMadeThroughTheClosureSharesTheGraphsObjects() throws {
    let container = family()
    container.addProvider(forName: "toy", dependencies: ["child"]) {
      Toy(child: try $0.value(forName: "child"))
    }
    container.addProvider(forName: "box", dependencies: ["parent", "toyProvider"]) {
      (
        try $0.value(forName: "parent", as: Parent.self),
        try $0.value(forName: "toyProvider", as: (() -> Toy).self)
      )
    }
    let (parent, makeToy) = try container.value(forName: "box", as: (Parent, () -> Toy).self)
    let (first, second) = (makeToy(), makeToy())
    #expect(first !== second)
    #expect(first.child === parent.child && second.child === parent.child)
  }

  @Test func aClosureCalledOnAnotherThreadGoesOnWithItsGraph() throws {
    let container = family()
    let parent = try container.value(forName: "parent", as: Parent.self)
    let child = HandedOver(parent.child)
    let seen = Results()
    let thread = Thread { seen.record { child.value.parentProvider() } }
    thread.start()
    while !thread.isFinished { usleep(1_000) }
    #expect(seen.values.first === parent)
  }

  @Test func aClosureOfAnotherGraphCalledInACreatorLeavesThatCreatorsGraphAlone() throws {
    let container = family()
    let earlier = try container.value(forName: "parent", as: Parent.self)
    container.addProvider(forName: "pair", dependencies: ["child", "child"]) {
      [unowned container] values in
      let first = try values.value(forName: "child", as: Child.self)
      // Another graph's closure, called while this graph is being made.
      #expect(earlier.child.parentProvider() === earlier)
      return [first, try container.value(forName: "child", as: Child.self)]
    }
    let pair = try container.value(forName: "pair", as: [Child].self)
    #expect(pair[0] === pair[1])
  }

  @Test func manyThreadsEachGetTheirOwnGraph() throws {
    let container = family()
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 500) { _ in
      guard let parent = try? container.value(forName: "parent", as: Parent.self),
        parent.child.parentProvider() === parent
      else { return failures.increment() }
    }
    #expect(failures.value == 0)
  }

  final class AsyncChild: Sendable {
    let parentProvider: @Sendable () async throws -> AsyncParent
    init(parentProvider: @escaping @Sendable () async throws -> AsyncParent) {
      self.parentProvider = parentProvider
    }
  }
  final class AsyncParent: Sendable {
    let child: AsyncChild
    init(child: AsyncChild) { self.child = child }
  }

  @Test(arguments: [false, true])
  func anAsyncCallOfTheClosureGoesOnWithItsGraph(resolvedAsync: Bool) async throws {
    let container = Container()
    container.addProvider(forName: "parent", dependencies: ["child"], options: .objectGraph) {
      AsyncParent(child: try $0.value(forName: "child"))
    }
    container.addProvider(
      forName: "child", dependencies: ["parentProvider"], options: .objectGraph
    ) { AsyncChild(parentProvider: try $0.value(forName: "parentProvider")) }
    let parent =
      resolvedAsync
      ? try await container.asyncValue(forName: "parent", as: AsyncParent.self)
      : try container.value(forName: "parent", as: AsyncParent.self)
    #expect(try await parent.child.parentProvider() === parent)
  }

  @MainActor
  @Test func aMainActorGraphWithInjectedClosures() throws {
    let container = Container()
    container.addProvider(forName: "screen", dependencies: ["detail"], options: .objectGraph) {
      ScreenWithDetail(detail: try $0.value(forName: "detail"))
    }
    container.addProvider(
      forName: "detail", dependencies: ["screenProvider"], options: .objectGraph
    ) { _ in DetailScreen() }
    let screen = try container.value(forName: "screen", as: ScreenWithDetail.self)
    #expect(screen.detail.screenProvider?() === screen)
  }
}

@MainActor
final class ScreenWithDetail {
  let detail: DetailScreen
  init(detail: DetailScreen) { self.detail = detail }
}

@MainActor
final class DetailScreen {
  @Inject var screenProvider: (@MainActor () -> ScreenWithDetail)?
}

/// A value handed to one other thread, which alone uses it from then on.
struct HandedOver<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
