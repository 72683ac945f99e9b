// XCTest in a target whose code is main-actor by default. A plain `XCTestCase` subclass
// does not compile here: its inherited initializer would be main-actor, overriding
// XCTest's nonisolated one. A nonisolated class does, with main-actor test methods that
// are `async` (a synchronous main-actor test method compiles, but on Linux stops the
// whole test run when XCTest lists the tests).
import INJTestSupport
import Injineer
import XCTest

nonisolated final class AppWiringTestCase: XCTestCase {
  @MainActor
  func testEveryNameResolves() async {
    await assertEveryNameResolves(AppContainer.make())
  }

  @MainActor
  func testTheListGetsItsApi() async throws {
    let list = try AppContainer.make().value(forName: "list", as: ListViewModel.self)
    XCTAssertEqual(list.api?.base, "https://x")
  }
}
