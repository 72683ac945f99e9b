import INJContainer
import INJTestSupport
import Testing

/// The trait and `withTestContainer`, each giving a test its own test container.
@Suite("Scoped test containers", .testContainer(copying: Production.make()))
struct TestContainerScopeTests {
  @Test func eachTestOfTheSuiteGetsATestContainer() throws {
    let testContainer = try #require(TestContainer.current)
    #expect(!testContainer.isStrict)
    #expect(try testContainer.value(forName: "configuration", as: String.self) == "live")
    testContainer.override("configuration", with: "first test")
  }

  @Test func noTestSeesAnotherTestsOverrides() throws {
    let testContainer = try #require(TestContainer.current)
    #expect(testContainer.overriddenNames.isEmpty)
    #expect(try testContainer.value(forName: "configuration", as: String.self) == "live")
    testContainer.override("configuration", with: "second test")
  }

  @Test(arguments: 0..<8)
  func eachCaseOfAParameterizedTestGetsItsOwn(index: Int) throws {
    let testContainer = try #require(TestContainer.current)
    #expect(testContainer.overriddenNames.isEmpty)
    testContainer.override("configuration", with: "case \(index)")
    let client = try testContainer.value(forName: "weatherClient", as: (any WeatherClient).self)
    #expect(client.configuration == "case \(index)")
  }

  static func greetings() -> Container {
    let container = Container()
    container.addInstance("Hi", forName: "greeting")
    return container
  }

  @Test(.testContainer(copying: Self.greetings(), strict: true, allowing: ["greeting"]))
  func aTestsOwnTraitReplacesTheSuites() throws {
    let testContainer = try #require(TestContainer.current)
    #expect(testContainer.isStrict)
    #expect(testContainer.allowedNames == ["greeting"])
    #expect(try testContainer.value(forName: "greeting", as: String.self) == "Hi")
    testContainer.override("greeting", with: "Hello")
    #expect(try testContainer.value(forName: "greeting", as: String.self) == "Hello")
    // Nothing of the suite's production container was copied.
    #expect(testContainer.container.registeredNames == ["greeting"])
  }

  @Test func withTestContainerScopesANewOne() async throws {
    let outer = try #require(TestContainer.current)
    let recorder = RecordingIssueReporter()
    let title = try withTestContainer(
      copying: Production.make(), strict: true, allowing: ["weatherReport", "clock"],
      reporter: recorder
    ) { testContainer in
      #expect(TestContainer.current === testContainer)
      #expect(testContainer !== outer)
      testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)
      return try testContainer.value(forName: "weatherReport", as: WeatherReport.self).text
    }
    #expect(title == "Sunny in Manila")
    #expect(TestContainer.current === outer)
    #expect(recorder.issues.isEmpty)

    let count = await withTestContainer { testContainer in
      await Task.yield()
      #expect(TestContainer.current === testContainer)
      return testContainer.log.resolutions.count
    }
    #expect(count == 0)
  }

  @Test func aStrictTraitsFailuresPointAtTheTraitWhenNoCallIsKnown() async throws {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let trait = TestContainerTrait.testContainer(strict: true, reporter: recorder)
    let test = try #require(Test.current)
    try await trait.provideScope(for: test, testCase: nil) {
      let testContainer = try #require(TestContainer.current)
      testContainer.add("a", dependencies: ["b"]) { _ in 0 }
      testContainer.add("b", with: 1)
      let aProvider = try testContainer.value(forName: "aProvider", as: (() throws -> Int).self)
      // A name added after the closure was made resolves too; `missing` never does.
      testContainer.override("a", dependencies: ["c"]) { _ in 0 }
      testContainer.add("c", with: 2)
      #expect(try aProvider() == 0)
      testContainer.override("a", dependencies: ["missing"]) { _ in 0 }
      _ = try? aProvider()
    }
    #expect(recorder.issues.map(\.location.line) == [line])
    #expect(
      recorder.issues.map(\.message) == [
        "Strict test container refused 'missing' (path: a → missing): nothing is registered "
          + "under that name. To use a new name, register it in the production container, or "
          + "add it to the test container with add(\"missing\", …)."
      ])
    #expect(trait.isRecursive)
  }
}
