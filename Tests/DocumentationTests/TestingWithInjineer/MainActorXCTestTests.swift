import INJTestSupport
import XCTest

nonisolated final class AppWiringTestCase: XCTestCase {
  @MainActor
  func testEveryNameResolves() async {
    await assertEveryNameResolves(AppContainer.make())
  }
}
