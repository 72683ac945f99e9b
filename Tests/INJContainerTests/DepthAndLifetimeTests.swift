import INJContainer
import TestUtilities
import Testing

@Suite("Deep graphs and lifetimes")
struct DepthAndLifetimeTests {
  final class Link: Sendable {
    let next: Link?
    init(next: Link?) { self.next = next }
  }

  @Test func a100000DeepChainResolvesAndChecksOnA512KBStack() {
    let depth = 100_000
    let container = Container()
    container.addProvider(forName: "link\(depth - 1)") { _ in 1 }
    for index in (0..<depth - 1).reversed() {
      let next = "link\(index + 1)"
      container.addProvider(forName: "link\(index)", dependencies: [next]) { values in
        try values.value(forName: next, as: Int.self) + 1
      }
    }
    let outcome = Outcome()
    runOnThread(stackSize: 512 * 1024) {
      do {
        try container.checkForErrors()
        outcome.set("\(try container.value(forName: "link0", as: Int.self)) links")
      } catch {
        outcome.set("failed: \(error)")
      }
    }
    #expect(outcome.value == "\(depth) links")
  }

  @Test func droppingTheContainerFreesItAndItsSingletons() throws {
    weak var weakContainer: Container?
    weak var weakSingleton: Link?
    weak var weakInstance: Link?
    var closure: (() throws -> Link)?
    do {
      let container = Container()
      container.addInstance(Link(next: nil), forName: "instance")
      container.addProvider(forName: "singleton", dependencies: ["instance"], options: .singleton) {
        values in
        Link(next: try values.value(forName: "instance"))
      }
      container.addProvider(
        forName: "holder", dependencies: ["singletonProvider"], options: .singleton
      ) { values in
        ClosureHolder(make: try values.value(forName: "singletonProvider", as: (() -> Link).self))
      }
      let singleton = try container.value(forName: "singleton", as: Link.self)
      _ = try container.value(forName: "holder")
      closure = try container.value(forName: "singletonProvider", as: (() throws -> Link).self)
      weakContainer = container
      weakSingleton = singleton
      weakInstance = singleton.next
    }
    #expect(weakContainer == nil)
    #expect(weakSingleton == nil)
    #expect(weakInstance == nil)
    let error = #expect(throws: ResolutionError.self) { try closure?() }
    #expect(
      error?.description
        == "Cannot resolve 'singleton' through a provider closure: its container no longer "
        + "exists. Keep the container alive while its provider closures are in use.")
  }
}

/// A singleton holding a provider closure, to see that it does not keep its
/// container alive.
final class ClosureHolder: @unchecked Sendable {
  // Safe to share: the closure only calls back into the container (through a weak
  // reference), which is Sendable, and the holder never changes.
  let make: () -> DepthAndLifetimeTests.Link
  init(make: @escaping () -> DepthAndLifetimeTests.Link) { self.make = make }
}

final class Outcome: @unchecked Sendable {
  // Written once by the worker thread before the caller reads it after joining.
  private(set) var value: String?
  func set(_ value: String) { self.value = value }
}
