import INJContainer
import INJTestSupport
import Testing

/// Collections: several providers contributing to one name (plug-ins).
@Suite struct CollectionTests {
  protocol Sink: Sendable {
    var label: String { get }
  }
  struct ConsoleSink: Sink {
    let label = "console"
  }
  final class HTTPSink: Sink {
    let label: String
    init(endpoint: String) { label = "http \(endpoint)" }
  }

  static let file = "INJContainerTests/CollectionTests.swift"

  static func container() -> Container {
    let container = Container()
    container.addInstance("https://x", forName: "endpoint")
    container.contribute(to: "sinks") { _ in ConsoleSink() as any Sink }
    container.contribute(to: "sinks", dependencies: ["endpoint"], options: .singleton) {
      HTTPSink(endpoint: try $0.value(forName: "endpoint")) as any Sink
    }
    return container
  }

  @Test func theCollectionIsTheArrayOfContributionsInOrder() throws {
    let container = Self.container()
    try container.checkForErrors()
    let sinks = try container.value(forName: "sinks", as: [any Sink].self)
    #expect(sinks.map(\.label) == ["console", "http https://x"])
    let again = try container.value(forName: "sinks", as: [any Sink].self)
    #expect((sinks[1] as? HTTPSink) === (again[1] as? HTTPSink))
    #expect(try container.value(for: Key<[any Sink]>("sinks")).count == 2)
    let make = try container.value(forName: "sinksProvider", as: (() -> [Any]).self)
    #expect(make().count == 2)
  }

  @Test func aKeyedCollection() throws {
    let container = Container()
    let key = Key<[Int]>("numbers")
    container.contribute(to: key) { 1 }
    container.contribute(to: key) { 2 }
    #expect(try container.value(for: key) == [1, 2])
    container.addProvider(forName: "total", dependencies: [.key(key)]) { values in
      try values.value(for: key).reduce(0, +)
    }
    try container.checkForErrors()
    #expect(try container.value(forName: "total", as: Int.self) == 3)
  }

  @Test func aMissingNameInAContributionIsReportedAtItsSite() {
    let container = Self.container()
    let line = #line + 1
    container.contribute(to: "sinks", dependencies: ["endpont"]) { _ in ConsoleSink() as any Sink }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'sinks' (\(Self.file):\(line)) depends on 'endpont', which is not registered. Did you "
          + "mean 'endpoint'?"
      ])
    let resolution = #expect(throws: ResolutionError.self) {
      try container.value(forName: "sinks")
    }
    #expect(resolution?.path == ["sinks", "sinks[2]", "endpont"])
  }

  @Test func aCycleThroughAContributionIsReported() {
    let container = Container()
    container.addProvider(forName: "tracker", dependencies: ["sinks"]) { _ in 1 }
    container.contribute(to: "sinks", dependencies: ["tracker"]) { _ in ConsoleSink() as any Sink }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.cycles == [["sinks", "tracker", "sinks"]])
    let resolution = #expect(throws: ResolutionError.self) {
      try container.value(forName: "tracker")
    }
    if case .cycle(let cycle)? = resolution?.reason {
      #expect(cycle.contains("tracker"))
    } else {
      Issue.record("expected a cycle, got \(String(describing: resolution))")
    }
  }

  @Test func aNameRegisteredAndContributedToIsADuplicate() {
    let container = Self.container()
    container.addInstance([ConsoleSink()], forName: "sinks")
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.duplicateNames == ["sinks"])
    #expect(throws: ResolutionError.self) { try container.value(forName: "sinks") }
  }

  @Test func aFailingContributionFailsTheCollection() {
    struct Broken: Error {}
    let container = Self.container()
    container.contribute(to: "sinks") { _ -> any Sink in throw Broken() }
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "sinks") }
    #expect(error?.underlyingError is Broken)
    #expect(error?.path == ["sinks", "sinks[2]"])
  }

  @Test func aChildsContributionsMakeItsOwnCollection() throws {
    let parent = Self.container()
    let child = parent.makeChild()
    child.contribute(to: "sinks") { _ in ConsoleSink() as any Sink }
    #expect(try child.value(forName: "sinks", as: [any Sink].self).count == 1)
    #expect(try parent.value(forName: "sinks", as: [any Sink].self).count == 2)
  }

  @Test func aTestContainerCopiesTheContributionsAndCanReplaceTheCollection() throws {
    let testContainer = TestContainer(copying: Self.container())
    #expect(try testContainer.value(forName: "sinks", as: [any Sink].self).count == 2)
    testContainer.override("sinks", with: [ConsoleSink()] as [any Sink])
    #expect(try testContainer.value(forName: "sinks", as: [any Sink].self).count == 1)
  }

  @Test func asyncContributionsMakeAnAsyncCollection() async throws {
    let container = Self.container()
    container.contributeAsync(to: "sinks", dependencies: ["endpoint"]) { values in
      try await Task.sleep(nanoseconds: 1_000_000)
      return HTTPSink(endpoint: try values.value(forName: "endpoint") + "/async") as any Sink
    }
    try container.checkForErrors()
    let sinks = try await container.asyncValue(forName: "sinks", as: [any Sink].self)
    #expect(sinks.map(\.label) == ["console", "http https://x", "http https://x/async"])
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "sinks") }
    if case .requiresAsync? = error?.reason {
    } else {
      Issue.record("expected requiresAsync, got \(String(describing: error))")
    }
    container.contribute(to: "sinks") { _ in ConsoleSink() as any Sink }
    #expect(try await container.asyncValue(forName: "sinks", as: [any Sink].self).count == 4)
  }

  @Test func asyncValueResolvesACollection() async throws {
    let container = Self.container()
    let sinks = try await container.asyncValue(forName: "sinks", as: [any Sink].self)
    #expect(sinks.count == 2)
  }
}
