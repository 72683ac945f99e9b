import Dispatch
import INJContainer
import INJPrimitives
import INJReflection
import INJTestSupport
import Testing

/// Overrides never leak between test containers, even when tests run in parallel,
/// and never reach the production container.
@Suite("Isolation")
struct IsolationTests {
  /// One production container shared by every case below.
  static let shared = Production.make()

  @Test(arguments: 0..<64)
  func parallelCasesOverridingTheSameNameEachSeeTheirOwnValue(index: Int) async throws {
    let testContainer = TestContainer(copying: Self.shared)
    testContainer.override("configuration", with: "case \(index)")
    testContainer.override("clock", with: FixedClock(now: index) as any Clock)

    let client = try testContainer.value(forName: "weatherClient", as: (any WeatherClient).self)
    #expect(client.configuration == "case \(index)")
    // Let the other cases run in between.
    await Task.yield()
    try await Task.sleep(nanoseconds: UInt64(index % 3) * 1_000_000)

    let report = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    #expect(report.client as AnyObject === client as AnyObject)
    #expect(report.clock?.now == index)
    #expect(testContainer.log.createdNames.count { $0 == "weatherClient" } == 1)
    #expect(testContainer.overriddenNames == ["clock", "configuration"])
  }

  @Test func threadsEachWithTheirOwnTestContainerNeverSeeEachOthersOverrides() throws {
    let liveClients = Counter()
    let production = Production.make(liveClients: liveClients)
    let mismatches = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 200) { index in
      let testContainer = TestContainer(copying: production, reporter: RecordingIssueReporter())
      if index.isMultiple(of: 2) {
        testContainer.override("configuration", with: "thread \(index)")
      } else {
        testContainer.override("weatherClient") { _ -> any WeatherClient in
          FakeWeatherClient(configuration: "fake \(index)")
        }
      }
      for _ in 0..<20 {
        let configuration =
          (try? testContainer.value(forName: "weatherReport", as: WeatherReport.self))?
          .client.configuration
        let expected = index.isMultiple(of: 2) ? "thread \(index)" : "fake \(index)"
        if configuration != expected {
          mismatches.withLock { $0.append("\(index): \(configuration ?? "nil")") }
        }
      }
    }
    #expect(mismatches.withLock { $0 }.isEmpty)
    // Each even thread's copy made its own live client, once.
    #expect(liveClients.value == 100)
    try expectUntouched(production, liveClients: liveClients, createdInCopies: 100)
  }

  @Test func theProductionContainerIsUntouchedByEverythingATestDoes() throws {
    let liveClients = Counter()
    let production = Production.make(liveClients: liveClients)
    let names = production.registeredNames
    let picture = production.dotText()

    let recorder = RecordingIssueReporter()
    let testContainer = TestContainer(copying: production, strict: true, reporter: recorder)
    testContainer.allow("weatherReport", "weatherClient")
    testContainer.override("configuration", with: "test")
    testContainer.override("clock") { _ -> any Clock in FixedClock(now: 1) }
    testContainer.add("newName", with: 1)
    testContainer.overrideUnimplemented("reportScreen")
    _ = try testContainer.value(forName: "weatherReport", as: WeatherReport.self)
    _ = try? testContainer.value(forName: "reportScreen", as: ReportScreen.self)
    testContainer.container.addInstance("registered in the test", forName: "testOnly")
    #expect(liveClients.value == 1)
    #expect(recorder.issues.count == 1)

    #expect(production.registeredNames == names)
    #expect(production.dotText() == picture)
    #expect(production.overriddenNames.isEmpty)
    try expectUntouched(production, liveClients: liveClients, createdInCopies: 1)
  }

  /// Checks that `production` still has its own registrations, none of its
  /// singletons was created before, and it has no observer.
  func expectUntouched(_ production: Container, liveClients: Counter, createdInCopies: Int) throws {
    try production.checkForErrors()
    #expect(liveClients.value == createdInCopies)
    // Inside a Swift Testing test, an observer's report would fail this test.
    let client = try production.value(forName: "weatherClient", as: (any WeatherClient).self)
    #expect(client is LiveWeatherClient)
    #expect(client.configuration == "live")
    // Its singleton is created now, by this first resolution, and only once.
    #expect(liveClients.value == createdInCopies + 1)
    _ = try production.value(forName: "weatherReport", as: WeatherReport.self)
    #expect(liveClients.value == createdInCopies + 1)
    #expect(try production.value(forName: "clock", as: (any Clock).self) is SystemClock)
    #expect(throws: ResolutionError.self) { try production.value(forName: "newName") }
    #expect(throws: ResolutionError.self) { try production.value(forName: "testOnly") }
  }
}
