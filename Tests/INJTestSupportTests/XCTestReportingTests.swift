import INJContainer
import INJTestSupport
import Testing
import XCTest

/// The assertions inside XCTest test cases: the automatic reporter chooses XCTest
/// there, and each failure is an XCTest failure at the caller's file and line.
final class XCTestReportingTests: XCTestCase {
  /// One failure XCTest recorded.
  private struct Failure: Equatable {
    var description: String
    var filePath: String
    var line: Int
  }

  private var isCapturing = false
  private var captured: [Failure] = []

  /// Runs `body`, keeping the XCTest failures it records instead of failing this
  /// test with them.
  private func capturingFailures(_ body: () throws -> Void) rethrows -> [Failure] {
    captured = []
    isCapturing = true
    defer { isCapturing = false }
    try body()
    return captured
  }

  #if canImport(Darwin)
  override func record(_ issue: XCTIssue) {
    guard isCapturing else { return super.record(issue) }
    let location = issue.sourceCodeContext.location
    captured.append(
      Failure(
        description: issue.compactDescription, filePath: location?.fileURL.path ?? "",
        line: location?.lineNumber ?? 0))
  }
  #else
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard isCapturing else {
      return super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    captured.append(Failure(description: description, filePath: filePath, line: lineNumber))
  }
  #endif

  /// In XCTest no trait sets `TestContainer.current`: `withTestContainer` does, for its
  /// scope.
  func testCurrentIsTheTestContainerOfWithTestContainer() {
    XCTAssertNil(TestContainer.current)
    withTestContainer { testContainer in
      XCTAssertTrue(TestContainer.current === testContainer)
    }
  }

  /// Checks that `failure` is XCTest's record of `message`, reported at `line` of
  /// this file.
  private func check(
    _ failure: Failure?, is message: String, at line: UInt, file: StaticString = #filePath,
    reportedAt reportedLine: UInt = #line
  ) {
    guard let failure else {
      return XCTFail("Expected a failure: \(message)", file: file, line: reportedLine)
    }
    XCTAssertTrue(
      failure.description.hasSuffix(message), "\(failure.description)", file: file,
      line: reportedLine)
    #if !canImport(Darwin)
    XCTAssertEqual(failure.description, "failed - \(message)", file: file, line: reportedLine)
    #endif
    XCTAssertEqual(failure.filePath, "\(file)", file: file, line: reportedLine)
    XCTAssertEqual(failure.line, Int(line), file: file, line: reportedLine)
  }

  func testTheAutomaticReporterChoosesXCTestInAnXCTestTestCase() {
    XCTAssertNil(Test.current)
    let line: UInt = #line + 2
    let failures = capturingFailures {
      assertCycle(Production.make(), ["a", "b"])
    }
    XCTAssertEqual(failures.count, 1)
    check(
      failures.first,
      is: "assertCycle failed: expected the cycle a → b → a, but the container has no cycles.",
      at: line)
  }

  func testAssertEveryNameResolvesFailsAtItsCallersFileAndLine() async {
    let container = Container()
    container.addProvider(forName: "widget", dependencies: ["missing"]) { _ in 1 }
    captured = []
    isCapturing = true
    let line: UInt = #line + 1
    let passed = await assertEveryNameResolves(container)
    isCapturing = false
    XCTAssertFalse(passed)
    XCTAssertEqual(captured.count, 1)
    check(
      captured.first,
      is: "assertEveryNameResolves failed: 1 of 1 name does not resolve:\n- 'widget': Cannot "
        + "resolve 'widget': nothing is registered under 'missing', which 'widget' depends on. "
        + "Register 'missing', or remove it from the dependencies of 'widget'. Path: widget → "
        + "missing.",
      at: line)
  }

  func testATestContainerMadeInAnXCTestTestDecidesWhenItReports() {
    XCTAssertEqual(TestContainer().reporter as? TestFrameworkIssueReporter, .automatic)
  }

  func testEachAssertionFailsAtItsCallersFileAndLine() throws {
    let testContainer = TestContainer(copying: AssertionTests.cyclic())
    var first: UInt = 0
    let failures = capturingFailures {
      first = #line
      assertNoErrors(testContainer)
      assertResolves(testContainer, "missing", as: Int.self)
      assertDependencies(testContainer, of: "a", equal: [])
      assertCycle(testContainer, ["x"])
      assertResolved(testContainer, "x", times: 1)
      assertCreated(testContainer, "x", times: 1)
      assertResolved(testContainer, "x")
    }
    XCTAssertEqual(failures.map(\.line), (1...7).map { Int(first) + $0 })
    XCTAssertEqual(Set(failures.map(\.filePath)), ["\(#filePath)"])
    check(
      failures.last,
      is: "assertResolved failed: the test container did not resolve 'x'; it resolved "
        + "[\"missing\"].",
      at: first + 7)
  }

  func testAPassingAssertionRecordsNothing() {
    let failures = capturingFailures {
      XCTAssertTrue(assertNoErrors(Production.make()))
      XCTAssertNotNil(assertResolves(Production.make(), "clock", as: (any Clock).self))
    }
    XCTAssertEqual(failures, [])
  }

  func testAStrictRefusalIsAnXCTestFailureAtTheTestsCall() {
    let testContainer = TestContainer(copying: Production.make(), strict: true)
    let line: UInt = #line + 2
    let failures = capturingFailures {
      XCTAssertNil(try? testContainer.value(forName: "clock"))
    }
    XCTAssertEqual(failures.count, 1)
    check(
      failures.first,
      is: "Strict test container refused 'clock' (path: clock): the test neither overrides "
        + "nor allows it. Override it, or allow it with allow(\"clock\").",
      at: line)
  }

  func testARefusalInsideAnAssertionIsOneXCTestFailure() {
    let testContainer = TestContainer(copying: Production.make(), strict: true)
    testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)
    testContainer.allow("weatherReport")
    let line: UInt = #line + 2
    let failures = capturingFailures {
      XCTAssertNil(assertResolves(testContainer, "weatherReport", as: WeatherReport.self))
    }
    XCTAssertEqual(failures.count, 1)
    check(
      failures.first,
      is: "Strict test container refused 'clock' (path: weatherReport → clock): the test "
        + "neither overrides nor allows it. Override it, or allow it with allow(\"clock\").",
      at: line)
  }

  func testAMistypedOverrideIsAnXCTestFailureAtTheOverride() {
    let testContainer = TestContainer(copying: Production.make())
    let line: UInt = #line + 2
    let failures = capturingFailures {
      testContainer.override("clok", with: FixedClock(now: 1) as any Clock)
    }
    XCTAssertEqual(failures.count, 1)
    check(
      failures.first,
      is: "Cannot override 'clok': nothing is registered under that name. Did you mean "
        + "'clock'? To add it as a new name, use add(\"clok\", …) instead.",
      at: line)
  }

  func testAnUnimplementedPlaceholderIsAnXCTestFailureWhereItWasMade() {
    let line: UInt = #line + 1
    let track: @Sendable (String) -> Void = unimplemented("Analytics.track")
    let failures = capturingFailures { track("opened") }
    XCTAssertEqual(failures.count, 1)
    check(failures.first, is: "Unimplemented: 'Analytics.track' was called.", at: line)
  }

  func testAnExplicitXCTestReporterReportsWithXCTFail() {
    let line: UInt = #line + 3
    let failures = capturingFailures {
      TestFrameworkIssueReporter.xcTest.reportIssue(
        "Something failed.", at: IssueLocation())
    }
    check(failures.first, is: "Something failed.", at: line)
  }

  /// A whole test in the style the article shows for XCTest.
  func testAReportWithAFakeClient() throws {
    try withTestContainer(copying: Production.make(), strict: true) { testContainer in
      testContainer.override("weatherClient", with: FakeWeatherClient() as any WeatherClient)
      testContainer.allow("weatherReport", "clock")

      let report = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)

      XCTAssertEqual(report.text, "Sunny in Manila")
      XCTAssertEqual(testContainer.log.createdNames, ["clock", "weatherReport"])
      assertNoErrors(testContainer)
    }
  }
}
