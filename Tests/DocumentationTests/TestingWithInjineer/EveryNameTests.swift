import INJContainer
import INJTestSupport
import Testing

// The article's test of every name, and its failing example.

@Suite
struct EveryNameResolvesTests {
  @Test func everyNameResolves() async {
    await assertEveryNameResolves(AppContainer.make())
  }
}

/// The article's failing example: `ArticleFailureTextTests` runs it under a recording
/// reporter and checks its failure against the article.
@Suite(.disabled("It fails on purpose; ArticleFailureTextTests runs it."))
struct FailingEveryNameSample {
  @Test func everyNameResolvesWithAKeyOfAnotherType() async {
    let testContainer = TestContainer(copying: AppContainer.make())
    testContainer.override("apiKey", with: 42)
    await assertEveryNameResolves(testContainer)
  }
}
