import Foundation
import INJContainer
import INJTestSupport
import Testing

// The failures the article "Testing with Injineer" shows, word for word.

@Suite("The testing article's failure texts")
struct ArticleFailureTextTests {
  /// The article, read from the checkout this test was built from.
  static func article() throws -> String {
    try String(
      contentsOf: Markdown.packageRoot.appendingPathComponent(
        "Sources/INJTestSupport/INJTestSupport.docc/TestingWithInjineer.md"),
      encoding: .utf8)
  }

  @Test func eachFailureTheArticleShowsIsWhatTheTestContainerReports() throws {
    let recorder = RecordingIssueReporter()
    let fake = FakeForecastService(text: "Sunny") as any ForecastService

    // The first Swift Testing test, without its override of `forecastService`.
    let forgetful = TestContainer(
      copying: AppContainer.make(), strict: true, allowing: ["forecastViewModel"],
      reporter: recorder)
    forgetful.override("analytics", with: Analytics(track: { _ in }))
    _ = try? forgetful.value(forName: "forecastViewModel", as: ForecastViewModel.self)

    // A typo in an override, in `allow`, and in a strict resolution; an add of a
    // registered name.
    TestContainer(copying: AppContainer.make(), reporter: recorder)
      .override("forecastServise", with: fake)
    TestContainer(copying: AppContainer.make(), reporter: recorder)
      .allow("forecastServise")
    _ = try? TestContainer(copying: AppContainer.make(), strict: true, reporter: recorder)
      .value(forName: "forecastServise")
    TestContainer(copying: AppContainer.make(), reporter: recorder)
      .add("analytics", with: Analytics(track: { _ in }))
    // An override of a provider closure.
    TestContainer(copying: AppContainer.make(), reporter: recorder)
      .override("forecastServiceProvider", with: { @Sendable in fake })

    #expect(recorder.issues.map(\.message).count == 6)
    let lines = Set(try Self.article().split(separator: "\n").map(String.init))
    let notInTheArticle = recorder.issues.map(\.message).filter { !lines.contains($0) }
    #expect(notInTheArticle == [])
  }

  @Test func theAssertEveryNameResolvesFailureTheArticleShows() async throws {
    let recorder = RecordingIssueReporter()
    await withIssueReporter(recorder) {
      await FailingEveryNameSample().everyNameResolvesWithAKeyOfAnotherType()
    }
    #expect(recorder.issues.map(\.message).count == 1)
    let shown = try Markdown.blocks(
      "text", in: "Sources/INJTestSupport/INJTestSupport.docc/TestingWithInjineer.md")
    let message = recorder.issues.map(\.message).joined()
    #expect(shown.contains(message + "\n"), "The article does not show:\n\(message)")
  }

  @Test func theAssertCreatedFailureTheArticleQuotes() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: HistoryContainer.make(), reporter: recorder)
    _ = try testContainer.value(forName: "forecastViewModel", as: ForecastViewModel.self)
    #expect(!assertCreated(testContainer, "forecastHistory"))
    let quoted =
      "`assertCreated failed: the test container did not create 'forecastHistory'; it created "
      + "[\"forecastService\", \"forecastViewModel\"].`"
    #expect(recorder.issues.map(\.message).map { "`\($0)`" } == [quoted])
    #expect(try Self.article().replacingOccurrences(of: "\n", with: " ").contains(quoted))
  }
}
