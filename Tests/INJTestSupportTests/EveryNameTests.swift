import INJContainer
import INJTestSupport
import Testing

@MainActor
private final class Screen {
  let title: String
  init(title: String) { self.title = title }
}

private final class Detail {
  let index: Int
  init(index: Int) { self.index = index }
}

private actor Store {
  var opened = false
  func open() { opened = true }
}

private final class Report: Sendable {}

private struct Offline: Error, CustomStringConvertible {
  var description: String { "the network is offline" }
}

@MainActor
private func registerScreens(in container: Container) {
  container.addProvider(forName: "title") { _ in "Home" }
  container.addProvider(forName: "screen", dependencies: ["title"]) { values in
    Screen(title: try values.value(forName: "title"))
  }
}

private nonisolated func registerServices(in container: Container) {
  container.addInstance(3, forName: "count")
  container.addAsyncProvider(forName: "store", options: .madeAtLaunch) { _ in
    let store = Store()
    await store.open()
    return store
  }
  container.addProvider(forName: "report", dependencies: ["store"]) { _ in Report() }
  container.addAsyncProvider(forName: "forecast") { _ in "sunny" }
  container.addProvider(forName: "detail", dependencies: ["count"], argument: Int.self) {
    _, index in Detail(index: index)
  }
  // Nonisolated, over a main-actor name: it runs where the main actor does.
  container.addProvider(forName: "header", dependencies: ["title"]) { values in
    "Header: " + (try values.value(forName: "title", as: String.self))
  }
}

@Suite("assertEveryNameResolves")
struct EveryNameTests {
  let recorder = RecordingIssueReporter()

  @Test func everyKindOfNameResolvesWhereItRuns() async {
    let container = Container()
    await registerScreens(in: container)
    registerServices(in: container)
    let passed = await withIssueReporter(recorder) { await assertEveryNameResolves(container) }
    #expect(recorder.issues.map(\.message) == [])
    #expect(passed)
  }

  @Test func everyFailureIsReportedAtOnceAtTheCallersLocation() async {
    let container = Container()
    registerServices(in: container)
    container.addProvider(forName: "orders", dependencies: ["count"]) { values in
      try values.value(forName: "count", as: String.self)
    }
    container.addProvider(forName: "broken") { _ -> Int in throw Offline() }
    container.addProvider(forName: "widget", dependencies: ["missing"]) { _ in 1 }
    let line: UInt = #line + 2
    let passed = await withIssueReporter(recorder) {
      await assertEveryNameResolves(container)
    }
    #expect(!passed)
    #expect(recorder.issues.map(\.location.line) == [line])
    #expect(
      recorder.issues.map(\.message) == [
        """
        assertEveryNameResolves failed: 4 of 9 names do not resolve:
        - 'header': Cannot resolve 'header': nothing is registered under 'title', which \
        'header' depends on. Register 'title', or remove it from the dependencies of 'header'. \
        Path: header → title.
        - 'orders': Cannot resolve 'orders': the creator of 'orders' asked for 'count' as \
        String, but it is of type Int. Ask for Int (or one of its protocols or superclasses), \
        or register a value of type String under 'count'. Path: orders → count.
        - 'broken': Cannot resolve 'broken': the creator of 'broken' threw an error: the \
        network is offline.
        - 'widget': Cannot resolve 'widget': nothing is registered under 'missing', which \
        'widget' depends on. Register 'missing', or remove it from the dependencies of \
        'widget'. Path: widget → missing.
        """
      ])
  }

  @MainActor
  @Test func aTestContainerWithFakesResolvesEveryName() async throws {
    let app = Container()
    registerScreens(in: app)
    registerServices(in: app)
    let test = TestContainer(copying: app)
    test.override("title") { _ in "Fake" }
    #expect(await assertEveryNameResolves(test))
    #expect(try test.value(forName: "header", as: String.self) == "Header: Fake")
  }
}
