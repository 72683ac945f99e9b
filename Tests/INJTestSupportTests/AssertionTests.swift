import INJContainer
import INJTestSupport
import Testing

/// The assertions' verdicts and messages, collected with a recording reporter.
@Suite("Assertions")
struct AssertionTests {
  let recorder = RecordingIssueReporter()

  /// Runs `body` with failures going to `recorder`.
  func recording<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withIssueReporter(recorder, operation: body)
  }

  // MARK: assertNoErrors

  @Test func assertNoErrorsPassesOnACleanContainer() {
    #expect(recording { assertNoErrors(Production.make()) })
    #expect(recorder.issues.isEmpty)
  }

  @Test func assertNoErrorsReportsTheFullValidationReport() {
    let container = Container()
    let site = #line + 1
    container.addProvider(forName: "productsList", dependencies: ["productServise"]) { _ in 0 }
    container.addInstance(1, forName: "productsService")
    let cycle = #line + 1
    container.addProvider(forName: "a", dependencies: ["b"]) { _ in 0 }
    container.addProvider(forName: "b", dependencies: ["a"]) { _ in 0 }

    let line: UInt = #line + 1
    #expect(!recording { assertNoErrors(container) })
    #expect(
      recorder.issues.map(\.message) == [
        """
        assertNoErrors failed: The container has 2 problems:
        - 'productsList' (INJTestSupportTests/AssertionTests.swift:\(site)) depends on \
        'productServise', which is not registered. Did you mean 'productsService'?
        - Cycle: a (INJTestSupportTests/AssertionTests.swift:\(cycle)) → b \
        (INJTestSupportTests/AssertionTests.swift:\(cycle + 1)) → a. Break the cycle by \
        depending on 'aProvider' instead of 'a' in 'b'.
        """
      ])
    #expect(recorder.issues.first?.location.line == line)
  }

  // MARK: assertNoErrors(module:)

  struct ListModule: ContainerModule {
    static let line = #line + 4
    var needs: [String] { ["productsService"] }

    func register(in container: Container) {
      container.addProvider(forName: "productsList", dependencies: ["productServise"]) { _ in 0 }
    }
  }

  struct GoodListModule: ContainerModule {
    var needs: [String] { ["productsService"] }

    func register(in container: Container) {
      container.addProvider(forName: "productsList", dependencies: ["productsService"]) { _ in 0 }
    }
  }

  @Test func assertNoErrorsChecksAModuleAloneAgainstItsNeeds() {
    #expect(recording { assertNoErrors(module: GoodListModule()) })
    #expect(recorder.issues.isEmpty)
    let line: UInt = #line + 1
    #expect(!recording { assertNoErrors(module: ListModule()) })
    #expect(
      recorder.issues.map(\.message) == [
        """
        assertNoErrors failed for ListModule: The container has 1 problem:
        - 'productsList' (ListModule, INJTestSupportTests/AssertionTests.swift:\(ListModule.line)) \
        depends on 'productServise', which ListModule does not register. Did you mean \
        'productsService'? If another module registers 'productServise', add it to \
        ListModule's needs.
        """
      ])
    #expect(recorder.issues.first?.location.line == line)
  }

  // MARK: assertResolves

  @Test func assertResolvesReturnsTheValue() {
    let client = recording {
      assertResolves(Production.make(), "weatherClient", as: (any WeatherClient).self)
    }
    #expect(client?.configuration == "live")
    #expect(recorder.issues.isEmpty)
  }

  @Test func assertResolvesReportsTheResolutionError() {
    let container = Production.make()
    let missing = recording { assertResolves(container, "wetherClient", as: Int.self) }
    let mistyped = recording { assertResolves(container, "configuration", as: Int.self) }
    #expect(missing == nil)
    #expect(mistyped == nil)
    #expect(
      recorder.issues.map(\.message) == [
        "assertResolves failed: Cannot resolve 'wetherClient': nothing is registered under "
          + "that name. Did you mean 'weatherClient'?",
        "assertResolves failed: Cannot resolve 'configuration' as Int: it is of type String. "
          + "Ask for String (or one of its protocols or superclasses), or register a value of "
          + "type Int under 'configuration'.",
      ])
  }

  @Test func assertResolvesInAStrictTestContainerReportsTheRefusalOnceAtItsOwnLine() {
    let testContainer = TestContainer(
      copying: Production.make(), strict: true, allowing: ["weatherReport"], reporter: recorder)
    testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)

    let line: UInt = #line + 1
    #expect(assertResolves(testContainer, "weatherReport", as: WeatherReport.self) == nil)
    // The test container reported the refusal; the assertion adds no second report.
    #expect(
      recorder.issues.map(\.message) == [
        "Strict test container refused 'clock' (path: weatherReport → clock): the test "
          + "neither overrides nor allows it. Override it, or allow it with allow(\"clock\")."
      ])
    #expect(recorder.issues.map(\.location.line) == [line])
  }

  @Test func assertResolvesReportsAnUnimplementedNameOrPlaceholderOnce() {
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    testContainer.overrideUnimplemented("clock")
    let placeholderLine: UInt = #line + 2
    let makeClient: @Sendable () throws -> any WeatherClient = recording {
      unimplemented("makeClient")
    }
    testContainer.override("weatherClient") { _ in try makeClient() }

    let line: UInt = #line + 1
    #expect(assertResolves(testContainer, "clock", as: (any Clock).self) == nil)
    #expect(assertResolves(testContainer, "weatherReport", as: WeatherReport.self) == nil)
    #expect(
      recorder.issues.map(\.message) == [
        "Unimplemented: 'clock' was resolved (path: clock), but the test overrides it as "
          + "unimplemented.",
        "Unimplemented: 'makeClient' was called.",
      ])
    #expect(recorder.issues.map(\.location.line) == [line, placeholderLine])
  }

  @Test func assertResolvesStillReportsAnErrorNobodyReported() {
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    struct Offline: Error {}
    testContainer.override("weatherClient") { _ -> any WeatherClient in throw Offline() }
    #expect(assertResolves(testContainer, "weatherReport", as: WeatherReport.self) == nil)
    #expect(
      recorder.issues.map(\.message) == [
        "assertResolves failed: Cannot resolve 'weatherReport': the creator of 'weatherClient' "
          + "threw an error: Offline(). Path: weatherReport → weatherClient."
      ])
  }

  // MARK: assertDependencies

  @Test func assertDependenciesComparesTheRegisteredList() {
    let container = Production.make()
    #expect(
      recording {
        assertDependencies(container, of: "weatherReport", equal: ["weatherClient", "clock"])
      })
    #expect(recording { assertDependencies(container, of: "configuration", equal: []) })
    #expect(recording { assertDependencies(container, of: "clockProvider", equal: []) })
    #expect(
      recording {
        assertDependencies(container, of: "reportScreen", equal: ["weatherReportProvider"])
      })
    #expect(recorder.issues.isEmpty)

    #expect(
      !recording {
        assertDependencies(container, of: "weatherReport", equal: ["clock", "weatherClient"])
      })
    #expect(
      recorder.issues.map(\.message) == [
        "assertDependencies failed: 'weatherReport' depends on [\"weatherClient\", \"clock\"], "
          + "not [\"clock\", \"weatherClient\"]."
      ])
  }

  @Test func assertDependenciesReportsANameThatDoesNotResolve() {
    let container = Production.make()
    container.addInstance(1, forName: "twice", fileID: "App/Wiring.swift", line: 1)
    container.addInstance(2, forName: "twice", fileID: "App/Wiring.swift", line: 2)

    #expect(!recording { assertDependencies(container, of: "weatherRepport", equal: []) })
    #expect(!recording { assertDependencies(container, of: "twice", equal: []) })
    #expect(!recording { assertDependencies(container, of: " ", equal: []) })
    #expect(
      recorder.issues.map(\.message) == [
        "assertDependencies failed: Cannot resolve 'weatherRepport': nothing is registered "
          + "under that name. Did you mean 'weatherReport'?",
        "assertDependencies failed: Cannot resolve 'twice': 'twice' is registered 2 times, at "
          + "App/Wiring.swift:1 and App/Wiring.swift:2. Remove or rename all but one.",
        "assertDependencies failed: Cannot resolve ' ': names must not be empty or only white "
          + "space.",
      ])
  }

  // MARK: Cycles

  static func cyclic() -> Container {
    let container = Container()
    let file = "App/Wiring.swift"
    container.addProvider(forName: "a", dependencies: ["b"], fileID: file, line: 1) { _ in 0 }
    container.addProvider(forName: "b", dependencies: ["a", "cProvider"], fileID: file, line: 2) {
      _ in 0
    }
    container.addProvider(forName: "c", dependencies: ["c"], fileID: file, line: 3) { _ in 0 }
    return container
  }

  @Test func assertNoErrorsListsEveryCycle() throws {
    #expect(!recording { assertNoErrors(Self.cyclic()) })
    #expect(recorder.issues.count == 1)
    let message = try #require(recorder.issues.first?.message)
    #expect(
      message.contains(
        """
        - Cycle: a (App/Wiring.swift:1) → b (App/Wiring.swift:2) → a. Break the cycle by \
        depending on 'aProvider' instead of 'a' in 'b'.
        - Cycle: c (App/Wiring.swift:3) → c. Break the cycle by depending on 'cProvider' \
        instead of 'c' in 'c'.
        """))
  }

  @Test func assertCycleFindsACycleGivenOpenOrClosedFromAnyMember() {
    let container = Self.cyclic()
    #expect(recording { assertCycle(container, ["a", "b", "a"]) })
    #expect(recording { assertCycle(container, ["b", "a", "b"]) })
    #expect(recording { assertCycle(container, ["b", "a"]) })
    #expect(recording { assertCycle(container, ["c"]) })
    #expect(recording { assertCycle(container, ["c", "c"]) })
    #expect(recorder.issues.isEmpty)
  }

  @Test func assertCycleReportsWhatItFoundInstead() {
    #expect(!recording { assertCycle(Self.cyclic(), ["a", "c", "a"]) })
    #expect(!recording { assertCycle(Production.make(), ["a", "b"]) })
    #expect(!recording { assertCycle(Production.make(), []) })
    #expect(
      recorder.issues.map(\.message) == [
        """
        assertCycle failed: expected the cycle a → c → a, but the container has 2 other cycles:
        - a → b → a
        - c → c
        """,
        "assertCycle failed: expected the cycle a → b → a, but the container has no cycles.",
        "assertCycle failed: the expected cycle is empty; list its members in order.",
      ])
  }

  // MARK: What was resolved and created

  @Test func assertResolvedAndAssertCreatedCheckTheLog() throws {
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)

    #expect(
      testContainer.log.resolvedNames == [
        "weatherReport", "weatherClient", "configuration", "clock", "weatherReport",
        "weatherClient", "clock",
      ])
    #expect(assertResolved(testContainer, "weatherClient", times: 2))
    #expect(assertResolved(testContainer, "reportScreen", times: 0))
    #expect(
      testContainer.log.createdNames == [
        "weatherClient", "clock", "weatherReport", "clock", "weatherReport",
      ])
    #expect(assertCreated(testContainer, "weatherClient", times: 1))
    #expect(recorder.issues.isEmpty)

    testContainer.clearLog()
    _ = try testContainer.value(forName: "clock", as: (any Clock).self)
    #expect(!assertResolved(testContainer, "clock", times: 2))
    #expect(!assertCreated(testContainer, "weatherClient", times: 1))
    #expect(
      recorder.issues.map(\.message) == [
        "assertResolved failed: the test container resolved 'clock' 1 time, not 2 times.",
        "assertCreated failed: the test container created 'weatherClient' 0 times, not 1 time.",
      ])
  }

  @Test func assertResolvedWithOneNameChecksItWasResolvedAtLeastOnce() throws {
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    let line: UInt = #line + 1
    #expect(!assertResolved(testContainer, "clock"))
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)

    // Twice, once as a dependency of a dependency, once directly: each passes.
    #expect(assertResolved(testContainer, "clock"))
    #expect(assertResolved(testContainer, "configuration"))
    #expect(assertResolved(testContainer, "weatherReport"))
    #expect(!assertResolved(testContainer, "reportScreen"))
    #expect(
      recorder.issues.map(\.message) == [
        "assertResolved failed: the test container did not resolve 'clock'; it resolved "
          + "nothing.",
        "assertResolved failed: the test container did not resolve 'reportScreen'; it "
          + "resolved [\"weatherReport\", \"weatherClient\", \"configuration\", \"clock\"].",
      ])
    #expect(recorder.issues.map(\.location.line) == [line, line + 8])
  }

  @Test func assertCreatedWithOneNameChecksItsCreatorRanAtLeastOnce() throws {
    let testContainer = TestContainer(copying: Production.make(), reporter: recorder)
    let line: UInt = #line + 1
    #expect(!assertCreated(testContainer, "clock"))
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)

    // `clock` was created twice, `weatherClient` once (a singleton): each passes.
    #expect(assertCreated(testContainer, "clock"))
    #expect(assertCreated(testContainer, "weatherClient"))
    #expect(assertCreated(testContainer, "weatherReport"))
    // `configuration` is an instance: it was resolved, but nothing created it.
    #expect(assertResolved(testContainer, "configuration"))
    #expect(!assertCreated(testContainer, "configuration"))
    #expect(
      recorder.issues.map(\.message) == [
        "assertCreated failed: the test container did not create 'clock'; it created nothing.",
        "assertCreated failed: the test container did not create 'configuration'; it created "
          + "[\"weatherClient\", \"clock\", \"weatherReport\"].",
      ])
    #expect(recorder.issues.map(\.location.line) == [line, line + 10])
  }

  // MARK: Locations

  @Test func anExplicitLocationIsReportedAsGiven() {
    _ = recording {
      assertNoErrors(
        Self.cyclic(), fileID: "App/Wiring.swift", filePath: "/src/App/Wiring.swift", line: 42,
        column: 7)
    }
    #expect(recorder.issues.map(\.location.description) == ["App/Wiring.swift:42:7"])
    #expect(recorder.issues.first?.location.filePath.description == "/src/App/Wiring.swift")
    #expect(
      recorder.issues.first?.description.hasPrefix(
        "App/Wiring.swift:42:7: assertNoErrors failed: ") == true)
  }

  @Test func eachAssertionReportsAtItsCallersLine() throws {
    let testContainer = TestContainer(copying: Self.cyclic(), reporter: recorder)
    let first: UInt = #line
    assertNoErrors(testContainer)
    assertResolves(testContainer, "missing", as: Int.self)
    assertDependencies(testContainer, of: "a", equal: [])
    assertCycle(testContainer, ["x"])
    assertResolved(testContainer, "x", times: 1)
    assertCreated(testContainer, "x", times: 1)
    assertResolved(testContainer, "x")
    assertCreated(testContainer, "x")
    #expect(recorder.issues.map(\.location.line) == Array(first + 1...first + 8))
    // A defaulted `#column` is the column of the call's opening parenthesis.
    let names = [
      "assertNoErrors", "assertResolves", "assertDependencies", "assertCycle",
      "assertResolved", "assertCreated", "assertResolved", "assertCreated",
    ]
    #expect(recorder.issues.map(\.location.column) == names.map { UInt(5 + $0.count) })
    #expect(recorder.issues.allSatisfy { $0.location.fileID.description == #fileID })
    #expect(recorder.issues.allSatisfy { $0.location.filePath.description == #filePath })
  }
}
