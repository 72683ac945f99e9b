import INJContainer
import INJReflection
import Testing

/// "Is it registered", resolution that gives nil only for a missing name (asking
/// first), and the list of registrations.
@Suite struct LookupTests {
  final class Clock: Sendable {}
  final class Analytics: Sendable {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
  }
  struct Broken: Error {}

  static func container() -> Container {
    let container = Container()
    container.addInstance(Clock(), forName: "clock")
    container.addProvider(forName: "analytics", dependencies: ["clock"], options: .singleton) {
      Analytics(clock: try $0.value(forName: "clock"))
    }
    container.addAsyncProvider(forName: "session") { _ in "session" }
    return container
  }

  @Test(arguments: [
    ("clock", true), ("analytics", true), ("session", true), ("clockProvider", true),
    ("analyticsProvider", true), ("sessionProvider", true), ("calendar", false),
    ("calendarProvider", false), ("Provider", false), ("", false), ("  ", false),
  ])
  func isRegistered(_ name: String, expected: Bool) {
    #expect(Self.container().isRegistered(name) == expected)
  }

  @Test func isRegisteredLooksInAncestorsNotInChildren() {
    let parent = Self.container()
    let child = parent.makeChild()
    child.addInstance(1, forName: "retries")
    #expect(child.isRegistered("clock"))
    #expect(child.isRegistered("retries"))
    #expect(child.isRegistered(Key<Int>("retriesProvider").name))
    #expect(!parent.isRegistered("retries"))
    #expect(!parent.isRegistered(Key<Int>("retries").name))
  }

  @Test func aNameRegisteredTwiceIsRegistered() {
    let container = Container()
    container.addInstance(1, forName: "retries")
    container.addInstance(2, forName: "retries")
    #expect(container.isRegistered("retries"))
  }

  /// Asking first, as the documentation says, gives nil only for a missing name.
  @Test func askingFirstGivesNilOnlyForAMissingName() throws {
    let container = Self.container()
    let calendar =
      container.isRegistered("calendar")
      ? try container.value(forName: "calendar", as: Clock.self) : nil
    #expect(calendar == nil)
    let analytics =
      container.isRegistered("analytics")
      ? try container.value(forName: "analytics", as: Analytics.self) : nil
    #expect(analytics === (try container.value(forName: "analytics", as: Analytics.self)))
    let make =
      container.isRegistered("clockProvider")
      ? try container.value(forName: "clockProvider", as: (() -> Clock).self) : nil
    #expect(make?() != nil)
    let key = Key<Clock>("calendar")
    #expect(try (container.isRegistered(key.name) ? container.value(for: key) : nil) == nil)
  }

  /// Asking first leaves every other failure thrown, where `try?` would hide it.
  @Test func askingFirstThrowsEveryOtherFailure() {
    let container = Self.container()
    container.addProvider(forName: "report", dependencies: ["calendar"]) { _ in "report" }
    container.addProvider(forName: "failing") { _ -> String in throw Broken() }
    #expect(container.isRegistered("report"))
    let missing = #expect(throws: ResolutionError.self) {
      try container.value(forName: "report", as: String.self)
    }
    #expect(
      missing?.description
        == "Cannot resolve 'report': nothing is registered under 'calendar', which 'report' "
        + "depends on. Register 'calendar', or remove it from the dependencies of 'report'. "
        + "Path: report → calendar.")
    #expect(container.isRegistered("failing"))
    let failing = #expect(throws: ResolutionError.self) {
      try container.value(forName: "failing", as: String.self)
    }
    #expect(failing?.underlyingError is Broken)
    let mismatch = #expect(throws: ResolutionError.self) {
      try container.value(forName: "clock", as: String.self)
    }
    #expect(
      mismatch?.description
        == "Cannot resolve 'clock' as String: it is of type Clock. Ask for Clock (or one of its "
        + "protocols or superclasses), or register a value of type String under 'clock'.")
    #expect(container.isRegistered("session"))
    #expect(throws: ResolutionError.self) {
      try container.value(forName: "session", as: String.self)
    }
  }

  @Test func askingFirstWorksForAsyncResolution() async throws {
    let container = Self.container()
    let session =
      container.isRegistered("session")
      ? try await container.asyncValue(forName: "session", as: String.self) : nil
    #expect(session == "session")
    let cookie =
      container.isRegistered("cookie")
      ? try await container.asyncValue(forName: "cookie", as: String.self) : nil
    #expect(cookie == nil)
  }

  @Test func registrationsAreListedAncestorsFirstInOrder() async {
    let parent = Self.container()
    let child = parent.makeChild()
    let line = #line + 1
    child.addProvider(forName: "screen", dependencies: ["analytics", "clockProvider"]) { _ in 1 }
    let windowLine = #line + 2
    await MainActor.run {
      child.addProvider(forName: "window", options: .manualInit) { _ -> String in "window" }
    }
    let file = "INJContainerTests/LookupTests.swift"
    let listed = child.registrations()
    #expect(listed.map(\.name) == ["clock", "analytics", "session", "screen", "window"])
    #expect(listed.map(\.ancestry) == [1, 1, 1, 0, 0])
    #expect(listed.map(\.kind) == [.instance, .provider, .asyncProvider, .provider, .provider])
    #expect(
      listed[3].description
        == "'screen': provider of Int, depends on 'analytics', 'clockProvider' (\(file):\(line))")
    #expect(
      listed[4].description
        == "'window': main-actor provider of String, manual init (\(file):\(windowLine))")
    #expect(listed[0].description.hasPrefix("'clock': instance of Clock ("))
    #expect(
      listed[1].description.hasPrefix(
        "'analytics': singleton provider of Analytics, depends on 'clock' ("))
    #expect(listed[2].description.hasPrefix("'session': async provider of String ("))
    #expect(listed[1].isolation == .nonisolated)
    #expect(listed[0].isolation == nil)
    #expect(child.registrations(includingAncestors: false).map(\.name) == ["screen", "window"])
  }

  @Test func duplicatesAreListedEachTime() {
    let container = Container()
    container.addInstance(1, forName: "retries")
    container.addInstance(2, forName: "retries")
    #expect(container.registrations().map(\.name) == ["retries", "retries"])
  }
}
