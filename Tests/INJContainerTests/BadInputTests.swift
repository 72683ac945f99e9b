import INJContainer
import Testing

/// Each row of the bad-input table: what a mistake gets.
@Suite("Bad input")
struct BadInputTests {
  final class Widget: Sendable {}

  @Test(arguments: ["", " ", "\t\n"])
  func aBlankNameIsRecordedReportedAndThrowsOnResolve(name: String) throws {
    let container = Container()
    container.addInstance(Widget(), forName: name, fileID: "App/Wiring.swift", line: 3)
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems == [
        .blankName(name, site: RegistrationSite(fileID: "App/Wiring.swift", line: 3))
      ])
    let resolution = #expect(throws: ResolutionError.self) { try container.value(forName: name) }
    guard case .blankName = resolution?.reason else {
      Issue.record("expected a blank-name error, got \(String(describing: resolution))")
      return
    }
  }

  @Test func aBlankDependencyIsReportedAndThrowsOnResolve() throws {
    let container = Container()
    container.addProvider(forName: "widget", dependencies: [""], fileID: "App/W.swift", line: 9) {
      _ in Widget()
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems == [
        .blankDependency(
          requiredBy: "widget", site: RegistrationSite(fileID: "App/W.swift", line: 9))
      ])
    let resolution = #expect(throws: ResolutionError.self) {
      try container.value(forName: "widget")
    }
    #expect(resolution?.path == ["widget", ""])
  }

  @Test func aBlankDependencyIsReportedEvenWhenABlankNameIsRegistered() throws {
    let container = Container()
    container.addInstance(Widget(), forName: "", fileID: "App/W.swift", line: 1)
    container.addProvider(forName: "widget", dependencies: [""], fileID: "App/W.swift", line: 2) {
      _ in Widget()
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems == [
        .blankName("", site: RegistrationSite(fileID: "App/W.swift", line: 1)),
        .blankDependency(
          requiredBy: "widget", site: RegistrationSite(fileID: "App/W.swift", line: 2)),
      ])
    #expect(throws: ResolutionError.self) { try container.value(forName: "widget") }
  }

  @Test func aNameAddedTwiceReportsBothSitesAndThrowsOnResolve() throws {
    let container = Container()
    container.addInstance(Widget(), forName: "widget", fileID: "App/A.swift", line: 10)
    container.addProvider(forName: "widget", fileID: "App/B.swift", line: 20) { _ in Widget() }
    let sites = [
      RegistrationSite(fileID: "App/A.swift", line: 10),
      RegistrationSite(fileID: "App/B.swift", line: 20),
    ]
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.duplicateNames == ["widget"])
    #expect(error?.report.problems == [.duplicateName("widget", sites: sites)])
    let resolution = #expect(throws: ResolutionError.self) {
      try container.value(forName: "widget")
    }
    #expect(
      resolution?.description
        == "Cannot resolve 'widget': 'widget' is registered 2 times, at App/A.swift:10 and "
        + "App/B.swift:20. Remove or rename all but one.")
  }

  @Test func duplicateNamesAreListedOnceInOrderOfFirstRegistration() throws {
    let container = Container()
    for name in ["b", "a", "b", "a", "b", "c"] {
      container.addInstance(1, forName: name)
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.duplicateNames == ["b", "a"])
  }

  @Test(arguments: [false, true])
  func aProviderClosureNameCollidesWithItsBase(providerFirst: Bool) throws {
    let container = Container()
    let register = [
      { container.addInstance(Widget(), forName: "widget", fileID: "App/A.swift", line: 1) },
      {
        container.addProvider(forName: "widgetProvider", fileID: "App/A.swift", line: 2) { _ in
          Widget()
        }
      },
    ]
    for step in providerFirst ? register.reversed() : register {
      step()
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems == [
        .nameCollision(
          "widgetProvider", site: RegistrationSite(fileID: "App/A.swift", line: 2),
          baseName: "widget", baseSite: RegistrationSite(fileID: "App/A.swift", line: 1))
      ])
    #expect(throws: ResolutionError.self) { try container.value(forName: "widget") }
    #expect(throws: ResolutionError.self) { try container.value(forName: "widgetProvider") }
  }

  @Test func aMissingDependencyComesWithASuggestion() throws {
    let container = Container()
    container.addInstance(Widget(), forName: "productsService")
    container.addProvider(
      forName: "list", dependencies: ["productServise", "somethingElse"],
      fileID: "App/L.swift", line: 4
    ) { _ in Widget() }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    let site = RegistrationSite(fileID: "App/L.swift", line: 4)
    #expect(
      error?.missingDependencies == [
        MissingDependency(
          name: "productServise", requiredBy: "list", suggestion: "productsService", site: site),
        MissingDependency(name: "somethingElse", requiredBy: "list", suggestion: nil, site: site),
      ])
  }

  @Test func aSelfDependencyIsTheCycleAA() throws {
    let container = Container()
    container.addProvider(forName: "a", dependencies: ["a"]) { _ in Widget() }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.cycles == [["a", "a"]])
    let resolution = #expect(throws: ResolutionError.self) { try container.value(forName: "a") }
    #expect(resolution?.path == ["a", "a"])
  }

  @Test func resolvingAnUnknownNameThrowsWithPathAndSuggestion() throws {
    let container = Container()
    container.addInstance(Widget(), forName: "widget")
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "widgte") }
    #expect(error?.name == "widgte")
    #expect(error?.path == ["widgte"])
    #expect(error?.suggestion == "widget")
    #expect(
      error?.description
        == "Cannot resolve 'widgte': nothing is registered under that name. Did you mean "
        + "'widget'?")
  }

  @Test func aCycleHitAtResolveTimeThrowsShowingTheCycle() throws {
    let container = Container()
    container.addProvider(forName: "root", dependencies: ["a"]) { _ in Widget() }
    container.addProvider(forName: "a", dependencies: ["b"]) { _ in Widget() }
    container.addProvider(forName: "b", dependencies: ["a"]) { _ in Widget() }
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "root") }
    #expect(error?.path == ["root", "a", "b", "a"])
    #expect(
      error?.description
        == "Cannot resolve 'root': its dependencies form a cycle, a → b → a. Break the cycle "
        + "by depending on 'aProvider' instead of 'a' in 'b'. Path: root → a.")
  }

  @Test func aCycleHitAtResolveTimeReadsAsTheCheckReportsIt() throws {
    // Entered at 'b', the cycle still starts at its smallest name, with the same fix as
    // the check's, and is shown once.
    let container = Container()
    container.addProvider(forName: "a", dependencies: ["b"], fileID: "App/W.swift", line: 1) {
      _ in Widget()
    }
    container.addProvider(forName: "b", dependencies: ["a"], fileID: "App/W.swift", line: 2) {
      _ in Widget()
    }
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "b") }
    #expect(error?.path == ["b", "a", "b"])
    guard case .cycle(let cycle)? = error?.reason else {
      Issue.record("expected a cycle")
      return
    }
    #expect(cycle == ["a", "b", "a"])
    #expect(
      error?.description
        == "Cannot resolve 'b': its dependencies form a cycle, a → b → a. Break the cycle by "
        + "depending on 'aProvider' instead of 'a' in 'b'.")
    let check = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(check?.cycles == [cycle])
    #expect(
      check?.report.problems.map(\.description)
        == [
          "Cycle: a (App/W.swift:1) → b (App/W.swift:2) → a. Break the cycle by depending on "
            + "'aProvider' instead of 'a' in 'b'."
        ])
  }

  @Test func aThrowingCreatorIsWrappedWithThePath() throws {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "the network is offline" }
    }
    let container = Container()
    container.addProvider(forName: "screen", dependencies: ["client"]) { _ in Widget() }
    container.addProvider(forName: "client") { _ -> Widget in throw Offline() }
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "screen") }
    #expect(error?.name == "client")
    #expect(error?.path == ["screen", "client"])
    #expect(error?.underlyingError is Offline)
    #expect(
      error?.description
        == "Cannot resolve 'screen': the creator of 'client' threw an error: the network is "
        + "offline. Path: screen → client.")
  }

  @Test func aValueOfTheWrongTypeNamesBothTypes() throws {
    let container = Container()
    container.addInstance("text", forName: "count")
    container.addProvider(forName: "widget", dependencies: ["count"]) { values in
      _ = try values.value(forName: "count", as: Int.self)
      return Widget()
    }
    let direct = #expect(throws: ResolutionError.self) {
      try container.value(forName: "count", as: Int.self)
    }
    #expect(
      direct?.description
        == "Cannot resolve 'count' as Int: it is of type String. Ask for String (or one of its "
        + "protocols or superclasses), or register a value of type Int under 'count'.")
    let viaValues = #expect(throws: ResolutionError.self) {
      try container.value(forName: "widget")
    }
    #expect(viaValues?.path == ["widget", "count"])
    #expect(
      viaValues?.description
        == "Cannot resolve 'widget': the creator of 'widget' asked for 'count' as Int, but it is "
        + "of type String. Ask for String (or one of its protocols or superclasses), or register "
        + "a value of type Int under 'count'. Path: widget → count.")
  }

  @Test func aProviderClosureOfAnInstanceReturnsTheInstance() throws {
    let container = Container()
    let widget = Widget()
    container.addInstance(widget, forName: "widget")
    let make = try container.value(forName: "widgetProvider", as: (() -> Widget).self)
    #expect(make() === widget)
  }

  @Test func aFailedResolutionLeavesTheContainerUsable() throws {
    let container = Container()
    let attempts = Counter()
    container.addProvider(forName: "flaky", options: .singleton) { _ -> Widget in
      attempts.increment()
      if attempts.value == 1 { throw CancellationError() }
      return Widget()
    }
    #expect(throws: ResolutionError.self) { try container.value(forName: "flaky") }
    let widget = try container.value(forName: "flaky", as: Widget.self)
    #expect(try container.value(forName: "flaky", as: Widget.self) === widget)
    #expect(attempts.value == 2)
  }
}

@Suite("Provider closures of names that fail")
struct FailingProviderClosureTests {
  final class Widget: Sendable {}

  @Test func thePathStartsAtTheRequestedClosureName() throws {
    let container = Container()
    container.addInstance(Widget(), forName: "widget", fileID: "App/A.swift", line: 1)
    container.addInstance(Widget(), forName: "widget", fileID: "App/A.swift", line: 2)
    container.addProvider(forName: "user", dependencies: ["widgetProvider"]) { _ in 1 }
    let direct = #expect(throws: ResolutionError.self) {
      try container.value(forName: "widgetProvider")
    }
    #expect(direct?.name == "widget")
    #expect(direct?.path == ["widgetProvider", "widget"])
    let asDependency = #expect(throws: ResolutionError.self) {
      try container.value(forName: "user")
    }
    #expect(asDependency?.path == ["user", "widgetProvider", "widget"])
    #expect(
      asDependency?.description
        == "Cannot resolve 'user': 'widget' is registered 2 times, at App/A.swift:1 and "
        + "App/A.swift:2. Remove or rename all but one. Path: user → widgetProvider → widget.")
  }
}
