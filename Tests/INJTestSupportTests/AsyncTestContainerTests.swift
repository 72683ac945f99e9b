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
    #expect(recorder.issues.map(\.message).count == 1)
  }

  @Test func theLaunchMakesTheSingletonsOfATestContainer() async throws {
    let production = AsyncProduction.make()
    production.addProvider(forName: "title", dependencies: ["headline"]) { values in
      try values.value(forName: "headline", as: Headline.self).text.uppercased()
    }
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(
      copying: production, strict: true, allowing: ["title"], reporter: recorder)
    testContainer.overrideAsync("headline", options: .madeAtLaunch) { _ in
      Headline(text: "fake")
    }
    try await testContainer.makeSingletons(named: ["headline"])
    #expect(try testContainer.value(forName: "title", as: String.self) == "FAKE")
    #expect(recorder.issues.map(\.message).isEmpty)
    // Every singleton: the strict container refuses the one the test did not expect, at
    // the caller's line.
    production.addProvider(forName: "clock", options: .singleton) { _ in "12:00" }
    let strict = TestContainer(copying: production, strict: true, reporter: recorder)
    let line: UInt = #line + 1
    await #expect(throws: ResolutionError.self) { try await strict.makeSingletons() }
    #expect(recorder.issues.first?.location.line == line)
  }

  @Test func assertResolvesAsyncGivesTheValueOrReportsTheError() async {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: AsyncProduction.make(), reporter: recorder)
    let banner = await assertResolvesAsync(testContainer, "banner", as: String.self)
    #expect(banner == "[live]")
    let missing = await assertResolvesAsync(testContainer, "headlin", as: Headline.self)
    #expect(missing == nil)
    #expect(
      recorder.issues.map(\.message) == [
        "assertResolvesAsync failed: Cannot resolve 'headlin': nothing is registered under "
          + "that name. Did you mean 'headline'?"
      ])
  }
}
