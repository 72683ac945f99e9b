import INJContainer
import INJTestSupport
import Testing

@Suite("Reporters")
struct ReporterTests {
  @Test func inASwiftTestingTestTheAutomaticReporterRecordsAnIssueAtTheCaller() {
    let line = #line + 2
    let issues = recordedIssues {
      assertCycle(Production.make(), ["a", "b"])
    }
    #expect(
      issues.map(\.message) == [
        "assertCycle failed: expected the cycle a → b → a, but the container has no cycles."
      ])
    let location = issues.first?.sourceLocation
    #expect(
      location
        == SourceLocation(
          fileID: #fileID, filePath: #filePath, line: line, column: 7 + "assertCycle".count))
    #expect(location?.filePath == #filePath)
  }

  @Test func theSwiftTestingReporterRecordsTheMessageAsTheIssuesComment() {
    let issues = recordedIssues {
      TestFrameworkIssueReporter.swiftTesting.reportIssue(
        "Something failed.",
        at: IssueLocation("App/File.swift", "/src/App/File.swift", 3, 9))
    }
    #expect(issues.map(\.message) == ["Something failed."])
    #expect(
      issues.first?.sourceLocation
        == SourceLocation(
          fileID: "App/File.swift", filePath: "/src/App/File.swift", line: 3, column: 9))
  }

  @Test func locationsSwiftTestingWouldRejectAreMadeValid() {
    let issues = recordedIssues {
      let reporter: any IssueReporter = .swiftTesting
      reporter.reportIssue(
        "Something failed.",
        at: IssueLocation("File.swift", "File.swift", 0, 0))
    }
    let location = issues.first?.sourceLocation
    #expect(location?.fileID == "_/File.swift")
    #expect(location?.line == 1)
    #expect(location?.column == 1)
  }

  @Test func theStaticNamesMakeEachReporter() {
    let reporters: [any IssueReporter] = [.automatic, .xcTest, .swiftTesting]
    #expect(reporters[0] as? TestFrameworkIssueReporter == .automatic)
    #expect(reporters[1] as? TestFrameworkIssueReporter == .xcTest)
    #expect(reporters[2] as? TestFrameworkIssueReporter == .swiftTesting)
  }

  @Test func withIssueReporterScopesTheReporterToItsTaskAndChildTasks() async {
    let outer = RecordingIssueReporter()
    let inner = RecordingIssueReporter()
    await withIssueReporter(outer) {
      reportIssue("one")
      withIssueReporter(inner) {
        reportIssue("two")
      }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { reportIssue("three") }
      }
      reportIssue("four")
    }
    #expect(outer.issues.map(\.message) == ["one", "three", "four"])
    #expect(inner.issues.map(\.message) == ["two"])
  }

  @Test func reportIssueReportsAtItsCallersLocation() {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    withIssueReporter(recorder) { reportIssue("Expected a signed-in user.") }
    #expect(recorder.issues.map(\.message) == ["Expected a signed-in user."])
    #expect(recorder.issues.first?.location.line == line)
    #expect(recorder.issues.first?.location.fileID.description == #fileID)
  }

  @Test func aTestContainerKeepsTheReporterInEffectWhenItWasMade() async throws {
    let recorder = RecordingIssueReporter()
    let testContainer = withIssueReporter(recorder) {
      TestContainer(copying: Production.make(), strict: true)
    }
    #expect(testContainer.reporter is RecordingIssueReporter)
    // Resolved outside the scope, in a task that inherits nothing from this one.
    await Task.detached { _ = try? testContainer.value(forName: "clock") }.value
    #expect(recorder.issues.map(\.message).count == 1)
  }

  @Test func aTestContainerOrPlaceholderMadeInASwiftTestingTestKeepsSwiftTesting() {
    #expect(TestContainer().reporter as? TestFrameworkIssueReporter == .swiftTesting)
    let recorder = RecordingIssueReporter()
    #expect(
      withIssueReporter(recorder) { TestContainer() }.reporter is RecordingIssueReporter)
    #expect(
      TestContainer(reporter: .xcTest).reporter as? TestFrameworkIssueReporter == .xcTest)
  }

  @Test func anIssueReadsAsItsLocationAndMessage() {
    let here = IssueLocation("A/B.swift", "/A/B.swift", 1, 2)
    #expect(here.description == "A/B.swift:1:2")
    let recorder = RecordingIssueReporter()
    recorder.reportIssue("m", at: here)
    #expect(recorder.issues.map(\.description) == ["A/B.swift:1:2: m"])
  }
}
