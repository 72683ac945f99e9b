import INJContainer
import INJReflection
import Testing

/// Products whose declared type resolution always refuses, reported by the check.
@Suite("The check of product types resolution refuses")
struct ProductShapeTests {
  final class Service: Sendable {}

  /// A struct with an `@Inject` property: its copies would share the property.
  struct Settings {
    @Inject var service: Service?
  }

  /// A protocol a struct and a class conform to.
  protocol Cache: AnyObject, Sendable {}
  final class MemoryCache: Cache, Sendable {}

  @Test func aStructWithInjectPropertiesIsReportedWhereItWouldBeInjected() throws {
    let container = Container()
    container.addProvider(forName: "service") { _ in Service() }
    container.addProvider(
      forName: "settings", dependencies: ["service"], fileID: "App/S.swift", line: 3
    ) { _ in Settings() }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems == [
        .valueTypeWithInjectProperties(
          "settings", site: RegistrationSite(fileID: "App/S.swift", line: 3),
          productType: "Settings", properties: ["service"])
      ])
    #expect(
      error?.report.problems.first?.description
        == "'settings' (App/S.swift:3) makes Settings, a value type whose copies would share "
        + "its @Inject properties 'service', so the container cannot inject it. Pass the "
        + "dependencies to its initializer in the creator, or make Settings a class.")
    // As resolution says.
    #expect(throws: ResolutionError.self) { try container.value(forName: "settings") }
  }

  @Test func aStructThatIsNeverInjectedIsNoProblem() throws {
    let container = Container()
    container.addProvider(forName: "service") { _ in Service() }
    // No dependency: nothing is injected.
    container.addProvider(forName: "plain") { _ in Settings() }
    // `.manualInit`: the creator fills what it needs.
    container.addProvider(
      forName: "manual", dependencies: ["service"], options: .manualInit
    ) { values in
      let settings = Settings()
      settings.service = try values.value(forName: "service")
      return settings
    }
    try container.checkForErrors()
    #expect(try container.value(forName: "manual", as: Settings.self).service != nil)
    _ = try container.value(forName: "plain", as: Settings.self)
  }

  @Test func aWeakSingletonOfAValueTypeIsReported() throws {
    let container = Container()
    container.addProvider(
      forName: "count", options: .weakSingleton, fileID: "App/C.swift", line: 7
    ) { _ in 3 }
    container.addProvider(forName: "names", options: .weakSingleton) { _ in ["a"] }
    container.addProvider(forName: "maybe", options: .weakSingleton) { _ -> Int?? in 3 }
    container.addProvider(forName: "optionalCache", options: .weakSingleton) {
      _ -> (any Cache)? in MemoryCache()
    }
    // A class, a class-bound existential and `Any` may be objects: not reported.
    container.addProvider(forName: "cache", options: .weakSingleton) { _ in MemoryCache() }
    container.addProvider(forName: "anyCache", options: .weakSingleton) { _ -> any Cache in
      MemoryCache()
    }
    container.addProvider(forName: "anything", options: .weakSingleton) {
      _ -> any Sendable in MemoryCache()
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'count' (App/C.swift:7) is a weak singleton, but its creator returns Int, which "
          + "cannot be held weakly. Return a class instance, or make 'count' a singleton.",
        "'names' (\(container.registrations().first { $0.name == "names" }!.site)) is a weak "
          + "singleton, but its creator returns Array<String>, which cannot be held weakly. "
          + "Return a class instance, or make 'names' a singleton.",
        "'maybe' (\(container.registrations().first { $0.name == "maybe" }!.site)) is a weak "
          + "singleton, but its creator returns Optional<Optional<Int>>, which cannot be held "
          + "weakly. Return a class instance, or make 'maybe' a singleton.",
      ])
    #expect(throws: ResolutionError.self) { try container.value(forName: "count") }
    // A weak singleton declared as a protocol or `Any` holds its object weakly.
    let cache = try container.value(forName: "anyCache", as: (any Cache).self)
    #expect(try container.value(forName: "anyCache", as: (any Cache).self) === cache)
    _ = try container.value(forName: "anything")
  }

  /// A protocol no class has to adopt, and a class with an `@Inject` property.
  protocol Screen {}
  final class Home: Screen, Cache, @unchecked Sendable {
    // Written by injection before the container hands the object out.
    @Inject var service: Service?
  }

  @Test func productsDeclaredAsProtocolsOrAnyAreInjected() async throws {
    let container = Container()
    container.addProvider(forName: "service") { _ in Service() }
    container.addProvider(forName: "screen", dependencies: ["service"]) { _ -> any Screen in
      Home()
    }
    container.addProvider(forName: "cache", dependencies: ["service"]) { _ -> any Cache in
      Home()
    }
    container.addProvider(forName: "anything", dependencies: ["service"]) { _ -> Any in Home() }
    container.addAsyncProvider(forName: "asyncScreen", dependencies: ["service"]) {
      _ -> any Cache in Home()
    }
    try container.checkForErrors()
    for name in ["screen", "cache", "anything"] {
      #expect((try container.value(forName: name) as? Home)?.service != nil, "\(name)")
    }
    let made = try await container.asyncValue(forName: "asyncScreen", as: (any Cache).self)
    #expect((made as? Home)?.service != nil)
  }
}
