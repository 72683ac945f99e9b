import INJContainer
import INJReflection
import Testing

@MainActor
private final class Account {
  @Inject var home: Home?
}

@MainActor
private final class Home {
  @Inject var account: Account?
}

@MainActor
private final class FixedAccount {
  @Inject var home: FixedHome?
}

@MainActor
private final class FixedHome {
  @Inject var accountProvider: (@MainActor () -> FixedAccount)?
}

private protocol Plugin: Sendable {}
private struct AuditPlugin: Plugin {}
private struct Logger: Sendable {}

private final class Toolbar {
  @Inject var plugins: [any Plugin]?
}

private final class Coordinator: Sendable {}
private final class RootScreen {}

extension Key where Value == [any Plugin] {
  fileprivate static var plugins: Self { Self("plugins") }
}

@Suite("The check reports what leaves a graph broken")
struct BrokenGraphTests {
  private static let site = "BrokenGraphTests.swift"

  @MainActor
  private func accounts(homeDependencies: [String]) -> Container {
    let container = Container()
    container.addProvider(forName: "account", dependencies: ["home"], line: 1) { _ in Account() }
    container.addProvider(forName: "home", dependencies: homeDependencies, line: 2) { _ in
      Home()
    }
    return container
  }

  @MainActor
  @Test func theCycleFixNamesThePropertyChange() throws {
    let cyclic = accounts(homeDependencies: ["account"])
    let error = #expect(throws: ValidationError.self) { try cyclic.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "Cycle: account (INJContainerTests/\(Self.site):1) → home (INJContainerTests/"
          + "\(Self.site):2) → account. Break the cycle by depending on 'accountProvider' "
          + "instead of 'account' in 'home', and declare its property as `@Inject var "
          + "accountProvider: (@MainActor () -> Account)?`."
      ])
    let resolution = #expect(throws: ResolutionError.self) {
      try cyclic.value(forName: "home")
    }
    #expect(
      resolution?.description
        == "Cannot resolve 'home': its dependencies form a cycle, account → home → account. "
        + "Break the cycle by depending on 'accountProvider' instead of 'account' in 'home', "
        + "and declare its property as `@Inject var accountProvider: (@MainActor () -> "
        + "Account)?`.")
  }

  @MainActor
  @Test func aPropertyTheListCanNeverFillIsAProblem() throws {
    // The cycle's fix followed in the list alone: `home.account` would stay nil.
    let container = accounts(homeDependencies: ["accountProvider"])
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'home' (INJContainerTests/\(Self.site):2) makes Home, whose @Inject property "
          + "'account' is never filled: the container fills it only from a dependency named "
          + "'account', and 'home' lists 'accountProvider' instead. Declare the property as "
          + "`@Inject var accountProvider: (@MainActor () -> Account)?`."
      ])
    #expect(container.validate().warnings.isEmpty)

    // Followed in the property too, the graph checks clean and the closure is filled.
    let fixed = Container()
    fixed.addProvider(forName: "account", dependencies: ["home"]) { _ in FixedAccount() }
    fixed.addProvider(forName: "home", dependencies: ["accountProvider"]) { _ in FixedHome() }
    try fixed.checkForErrors()
    let home = try fixed.value(forName: "home", as: FixedHome.self)
    #expect(home.accountProvider?() != nil)
  }

  @MainActor
  @Test func aProviderClosurePropertyTheListFillsOnlyWithTheValueIsAProblem() throws {
    let container = Container()
    container.addProvider(forName: "account", line: 1) { _ in Account() }
    container.addProvider(forName: "home", dependencies: ["account"], line: 2) { _ in
      FixedHome()
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'home' (INJContainerTests/\(Self.site):2) makes FixedHome, whose @Inject property "
          + "'accountProvider' is never filled: the container fills it only from a dependency "
          + "named 'accountProvider', and 'home' lists 'account' instead. List "
          + "'accountProvider' instead of 'account', or declare the property as `@Inject var "
          + "account: Account?`."
      ])
  }

  @Test func aContributionOfAnotherTypeIsNamedWithItsSiteAndType() throws {
    let container = Container()
    container.contribute(to: "plugins", line: 10) { _ -> any Plugin in AuditPlugin() }
    container.contribute(to: "plugins", line: 11) { _ in Logger() }
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "plugins", as: [any Plugin].self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'plugins' as Array<Plugin>: its contribution 'plugins[1]' "
        + "(INJContainerTests/\(Self.site):11) made Logger, which is not Plugin. Make that "
        + "contribution's creator return Plugin, or ask for an array of a type every "
        + "contribution has.")
    #expect(error?.description.contains("Array<Any>") == false)
  }

  @Test func theCheckReportsAContributionItsReaderCannotTake() throws {
    let container = Container()
    container.contribute(to: "plugins", line: 10) { _ -> any Plugin in AuditPlugin() }
    container.contribute(to: "plugins", line: 11) { _ in Logger() }
    container.addProvider(forName: "toolbar", dependencies: ["plugins"], line: 12) { _ in
      Toolbar()
    }
    container.addProvider(for: Key<Int>("count"), using: .plugins, line: 13) { $0.count }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    let text = { (reader: String, line: Int) in
      "The contribution 'plugins[1]' (INJContainerTests/\(Self.site):11) makes Logger, which "
        + "is never Plugin, the element type '\(reader)' (INJContainerTests/\(Self.site):"
        + "\(line)) reads it as. Make the contribution's creator return Plugin, or read the "
        + "collection as an array of a type every contribution has."
    }
    #expect(
      Set(error?.report.problems.map(\.description) ?? [])
        == [text("toolbar", 12), text("count", 13)])

    let reading = #expect(throws: ResolutionError.self) {
      try container.value(for: Key<Int>("count"))
    }
    #expect(
      reading?.description
        == "Cannot resolve 'count': the creator of 'count' asked for 'plugins' as Array<Plugin>,"
        + " but its contribution 'plugins[1]' (INJContainerTests/\(Self.site):11) made Logger, "
        + "which is not Plugin. Make that contribution's creator return Plugin, or ask for an "
        + "array of a type every contribution has. Path: count → plugins.")

    // Without a reader the check cannot know the element type, and stays silent.
    let unread = Container()
    unread.contribute(to: "plugins") { _ -> any Plugin in AuditPlugin() }
    unread.contribute(to: "plugins") { _ in Logger() }
    try unread.checkForErrors()
  }

  @Test func aCaptiveDependencyCanBeAcknowledgedWhereItIsRegistered() throws {
    let container = Container()
    container.addProvider(forName: "rootScreen") { _ in RootScreen() }
    container.addProvider(forName: "coordinator", dependencies: ["rootScreen"], options: .singleton)
    { _ in Coordinator() }
    #expect(container.validate().warnings.count == 1)

    let acknowledged = Container()
    acknowledged.addProvider(forName: "rootScreen") { _ in RootScreen() }
    acknowledged.addProvider(
      forName: "coordinator", dependencies: ["rootScreen"],
      options: [.singleton, .allowsCaptiveDependencies]
    ) { _ in Coordinator() }
    #expect(acknowledged.validate().isClean)
  }
}
