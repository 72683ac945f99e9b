import INJContainer
import INJTestSupport
import Testing

private final class Headline: Sendable {
  let text: String
  init(text: String) { self.text = text }
}

private enum AsyncProduction {
  static func make() -> Container {
    let container = Container()
    container.addAsyncProvider(forName: "headline", options: .singleton) { _ in
      try await Task.sleep(nanoseconds: 1_000_000)
      return Headline(text: "live")
    }
    container.addAsyncProvider(forName: "banner", dependencies: ["headline"]) { values in
      "[\(try values.value(forName: "headline", as: Headline.self).text)]"
    }
    return container
  }
}

@Suite("Test containers and async providers")
struct AsyncTestContainerTests {
  @Test func anAsyncFakeReplacesAnAsyncProvider() async throws {
    let production = AsyncProduction.make()
    let testContainer = TestContainer(copying: production)
    testContainer.overrideAsync("headline") { _ in Headline(text: "fake") }
    #expect(try await testContainer.asyncValue(forName: "banner", as: String.self) == "[fake]")
    #expect(try await production.asyncValue(forName: "banner", as: String.self) == "[live]")
    #expect(testContainer.log.createdNames == ["headline", "banner"])
  }

  @Test func anAsyncNameCanBeAdded() async throws {
    let testContainer = TestContainer(copying: AsyncProduction.make())
    testContainer.addAsync("subtitle", dependencies: ["headline"]) { values in
      try values.value(forName: "headline", as: Headline.self).text.count
    }
    #expect(testContainer.addedNames == ["subtitle"])
    #expect(try await testContainer.asyncValue(forName: "subtitle", as: Int.self) == 4)
  }

  @Test func aStrictTestContainerRefusesUnexpectedNamesInAsyncResolutions() async throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(
      copying: AsyncProduction.make(), strict: true, allowing: ["banner"], reporter: recorder)
    let error = await #expect(throws: ResolutionError.self) {
      try await testContainer.asyncValue(forName: "banner", as: String.self)
    }
    #expect(error?.path == ["banner", "headline"])
    #expect(recorder.messages.count == 1)
  }

  @Test func assertResolvesAsyncGivesTheValueOrReportsTheError() async {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: AsyncProduction.make(), reporter: recorder)
    let banner = await assertResolvesAsync(testContainer, "banner", as: String.self)
    #expect(banner == "[live]")
    let missing = await assertResolvesAsync(testContainer, "headlin", as: Headline.self)
    #expect(missing == nil)
    #expect(
      recorder.messages == [
        "assertResolvesAsync failed: Cannot resolve 'headlin': nothing is registered under "
          + "that name. Did you mean 'headline'?"
      ])
  }
}
