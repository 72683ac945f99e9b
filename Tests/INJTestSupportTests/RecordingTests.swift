import INJContainer
import INJTestSupport
import Testing

@Suite("Recording")
struct RecordingTests {
  @Test func theLogListsRequestsWithTheirPathsAndTheCreatorsThatRan() throws {
    let testContainer = TestContainer(copying: Production.make())
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)

    #expect(
      testContainer.log.resolutions == [
        .init(name: "weatherReport", path: ["weatherReport"]),
        .init(name: "weatherClient", path: ["weatherReport", "weatherClient"]),
        .init(name: "configuration", path: ["weatherReport", "weatherClient", "configuration"]),
        .init(name: "clock", path: ["weatherReport", "clock"]),
      ])
    #expect(
      testContainer.log.creations == [
        .init(
          name: "weatherClient", path: ["weatherReport", "weatherClient"],
          productType: "LiveWeatherClient"),
        .init(name: "clock", path: ["weatherReport", "clock"], productType: "SystemClock"),
        .init(name: "weatherReport", path: ["weatherReport"], productType: "WeatherReport"),
      ])
    #expect(testContainer.log.refusals.isEmpty)
  }

  @Test func requestsForAnExistingSingletonAreCountedButItsCreatorRunsOnce() throws {
    let testContainer = TestContainer(copying: Production.make())
    for _ in 0..<3 {
      _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    }
    let log = testContainer.log
    #expect(log.resolvedNames.count { $0 == "weatherReport" } == 3)
    #expect(log.resolvedNames.count { $0 == "weatherClient" } == 3)
    #expect(log.createdNames.count { $0 == "weatherClient" } == 1)
    #expect(log.createdNames.count { $0 == "weatherReport" } == 3)
    #expect(log.createdNames.count { $0 == "configuration" } == 0)
    #expect(
      log.createdNames == [
        "weatherClient", "clock", "weatherReport", "clock", "weatherReport", "clock",
        "weatherReport",
      ])
  }

  @Test func providerClosureCallsAreLoggedWhenTheyHappen() throws {
    let testContainer = TestContainer(copying: Production.make())
    let screen = try testContainer.value(forName: "reportScreen", as: ReportScreen.self)
    #expect(testContainer.log.resolvedNames == ["reportScreen", "weatherReportProvider"])
    #expect(testContainer.log.createdNames == ["reportScreen"])

    testContainer.clearLog()
    _ = screen.weatherReportProvider?()
    #expect(
      testContainer.log.resolvedNames == [
        "weatherReport", "weatherClient", "configuration", "clock",
      ])
    #expect(testContainer.log.createdNames == ["weatherClient", "clock", "weatherReport"])
  }

  @Test func clearingTheLogForgetsEverything() throws {
    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: Production.make(), strict: true, reporter: recorder)
    _ = try? testContainer.value(forName: "clock")
    #expect(testContainer.log.refusedNames == ["clock"])
    #expect(recorder.issues.count == 1)

    testContainer.clearLog()
    #expect(testContainer.log == ResolutionLog())
  }

  @Test func unknownNamesAreLoggedAsRequested() {
    let testContainer = TestContainer(copying: Production.make())
    #expect(throws: ResolutionError.self) {
      try testContainer.value(forName: "wetherClient")
    }
    #expect(testContainer.log.resolvedNames == ["wetherClient"])
    #expect(testContainer.log.createdNames.isEmpty)
  }
}
