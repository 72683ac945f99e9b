import INJContainer
import TestUtilities
import Testing

extension Key {
  static var count: Key<Int> { Key<Int>("count") }
  static var label: Key<String> { Key<String>("label") }
}

@Suite("Keys in dependency lists")
struct KeyedDependencyTests {
  @Test func keysAndNamesMixInOneDependencyList() throws {
    let container = Container()
    container.addInstance(FixedClock(now: 7), for: .clock)
    container.addInstance("now", forName: "prefix")
    container.addProvider(forName: "greeting", dependencies: [.key(.clock), "prefix"]) { values in
      "\(try values.value(forName: "prefix", as: String.self)): \(try values.value(for: .clock).now)"
    }
    try container.checkForErrors()
    #expect(try container.value(for: .greeting) == "now: 7")
  }

  @Test func aKeyedDependencyListWorksForEveryRegistrationSpelling() async throws {
    let container = Container()
    container.addInstance(3, for: .count)
    container.addProvider(forName: "twice", dependencies: [.key(.count)]) { values in
      2 * (try values.value(for: .count))
    }
    container.addProvider(forName: "label", dependencies: [.key(.count)], options: .singleton) {
      values in "\(try values.value(for: .count)) items"
    }
    await MainActor.run {
      container.addProvider(forName: "badge", dependencies: [.key(.label)]) { values in
        "[\(try values.value(for: .label))]"
      }
    }
    try container.checkForErrors()
    #expect(try container.value(forName: "twice", as: Int.self) == 6)
    #expect(try container.value(for: .label) == "3 items")
    #expect(
      try await MainActor.run { try container.value(forName: "badge", as: String.self) }
        == "[3 items]")
  }

  @Test func asyncProvidersTakeKeysAmongTheirDependenciesToo() async throws {
    let container = Container()
    container.addInstance(3, for: .count)
    container.addAsyncProvider(forName: "twice", dependencies: [.key(.count)]) { values in
      2 * (try values.value(for: .count))
    }
    container.addAsyncProvider(forName: "label", dependencies: [.key(.count), "twice"]) { values in
      "\(try values.value(for: .count)) and \(try values.value(forName: "twice", as: Int.self))"
    }
    try container.checkForErrors()
    #expect(try await container.asyncValue(for: .label) == "3 and 6")

    // And the check compares their keys' types too.
    let checked = Container()
    checked.addInstance(3.5, forName: "label", fileID: "App/Values.swift", line: 2)
    checked.addAsyncProvider(
      forName: "half", dependencies: [.key(.label)], fileID: "App/Half.swift", line: 4
    ) { values in try values.value(for: .label).count / 2 }
    let error = #expect(throws: ValidationError.self) { try checked.checkForErrors() }
    #expect(
      error?.report.problems == [
        .keyTypeMismatch(
          "half", site: RegistrationSite(fileID: "App/Half.swift", line: 4),
          dependency: "label", keyType: "String",
          dependencySite: RegistrationSite(fileID: "App/Values.swift", line: 2),
          dependencyType: "Double")
      ])
  }

  @Test func aKeyWhoseTypeTheNameNeverProvidesIsAProblem() {
    let container = Container()
    container.addInstance("forty-two", forName: "count", fileID: "App/Values.swift", line: 3)
    container.addProvider(
      forName: "twice", dependencies: [.key(.count)], fileID: "App/Twice.swift", line: 8
    ) { values in 2 * (try values.value(for: .count)) }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems == [
        .keyTypeMismatch(
          "twice", site: RegistrationSite(fileID: "App/Twice.swift", line: 8),
          dependency: "count", keyType: "Int",
          dependencySite: RegistrationSite(fileID: "App/Values.swift", line: 3),
          dependencyType: "String")
      ])
    #expect(
      error?.report.problems.first?.description
        == "'twice' (App/Twice.swift:8) depends on Key<Int>(\"count\"), but 'count' "
        + "(App/Values.swift:3) provides String, which is never Int. Give the key the type "
        + "String (or one of its protocols or superclasses), or register Int under 'count'.")
  }

  @Test func aProviderDeclaringTheKeysTypeOrASubtypeFits() throws {
    let container = Container()
    container.addProvider(forName: "clock") { _ in FixedClock(now: 1) }
    container.addProvider(forName: "label") { _ -> Any in "any" }
    container.addProvider(
      forName: "reader", dependencies: [.key(.clock), .key(.label)]
    ) { values in
      "\(try values.value(for: .clock).now) \(try values.value(for: .label))"
    }
    // `FixedClock` is always an `any Clock`; `Any` may be a String: both fit.
    try container.checkForErrors()
    #expect(try container.value(forName: "reader", as: String.self) == "1 any")
  }

  @Test func keyedDependenciesAreCheckedAgainstTheParentsRegistrations() {
    let parent = Container()
    parent.addInstance(1.5, forName: "count", fileID: "App/Parent.swift", line: 1)
    let child = parent.makeChild()
    child.addProvider(
      forName: "twice", dependencies: [.key(.count)], fileID: "App/Child.swift", line: 2
    ) { values in 2 * (try values.value(for: .count)) }
    let error = #expect(throws: ValidationError.self) { try child.checkForErrors() }
    #expect(error?.report.problems.count == 1)
    #expect(error?.description.includes("provides Double, which is never Int") == true)
  }

  @Test func aMissingKeyedDependencyIsReportedLikeAMissingName() {
    let container = Container()
    container.addProvider(
      forName: "twice", dependencies: [.key(.count)], fileID: "App/Twice.swift", line: 8
    ) { values in 2 * (try values.value(for: .count)) }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.missingDependencies.map(\.name) == ["count"])
  }

  @Test func dependenciesDescribeThemselves() {
    #expect(Dependency("a").description == "\"a\"")
    #expect(Dependency.key(Key<Int>.count).description == "Key<Int>(\"count\")")
    #expect(Dependency.key(Key<Int>.count) != Dependency("count"))
    #expect(Dependency("count") == "count")
  }
}
