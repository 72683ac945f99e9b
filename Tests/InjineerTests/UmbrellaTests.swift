import Injineer
import Testing

/// Uses the public names of every module through `import Injineer` alone, so the
/// umbrella's surface is pinned: dropping a re-export breaks this file.
@Suite("The Injineer umbrella")
struct UmbrellaTests {
  protocol Greeter: Sendable {
    var greeting: String { get }
  }

  final class EnglishGreeter: Greeter {
    let greeting = "Hello"
  }

  final class Door: Injectable {
    var greeter: (any Greeter)?
    func injectProperties(_ injector: inout PropertyInjector) throws {
      try injector.inject(&greeter, named: "greeter")
    }
  }

  final class Hall {
    @Inject var greeter: (any Greeter)?
    @Inject var doorProvider: (() -> Door)?
  }

  @Test func theContainerModuleIsReExported() throws {
    let container = Container()
    container.addInstance(EnglishGreeter() as any Greeter, forName: "greeter")
    container.addProvider(forName: "door", dependencies: ["greeter"]) { _ in Door() }
    container.addProvider(
      forName: "hall", dependencies: ["greeter", "doorProvider"], options: [.objectGraph]
    ) { _ in Hall() }
    let options: ProviderOptions = [.manualInit]
    #expect(!options.contains(.singleton))
    try container.checkForErrors()
    let report: ValidationReport = container.validate()
    #expect(report.isClean)

    let hall = try container.value(forName: "hall", as: Hall.self)
    #expect(hall.greeter?.greeting == "Hello")
    #expect(hall.doorProvider?().greeter?.greeting == "Hello")
    let values = try container.value(forName: "doorProvider", as: (() -> Door).self)
    #expect(values().greeter != nil)
    let key = Key<any Greeter>("greeter")
    #expect(try container.value(for: key).greeting == "Hello")
    #expect(container.makeChild().parent === container)
  }

  @Test func errorsAreReExported() throws {
    let container = Container()
    container.addProvider(forName: "a", dependencies: ["b"], fileID: "App/A.swift", line: 1) {
      _ in 1
    }
    do {
      try container.checkForErrors()
      Issue.record("expected a validation error")
    } catch let error as ValidationError {
      let missing: [MissingDependency] = error.missingDependencies
      #expect(missing.map(\.name) == ["b"])
      #expect(error.report.problems.count == 1)
      let problem: ValidationProblem = error.report.problems[0]
      #expect(problem.description.hasPrefix("'a' (App/A.swift:1)"))
      let warnings: [ValidationWarning] = error.report.warnings
      #expect(warnings.isEmpty)
    }
    #expect(throws: ResolutionError.self) { try container.value(forName: "a") }
    let site = RegistrationSite(fileID: "App/A.swift", line: 1)
    #expect(site.description == "App/A.swift:1")
  }

  @Test func theReflectionModuleIsReExported() throws {
    struct Offer: InjectionSource {
      func injectionValue(forProperty name: String) -> InjectionValue? {
        name == "greeter" ? .value(EnglishGreeter() as any Greeter) : nil
      }
    }
    let hall = Hall()
    #expect(try PropertyInjector.injectProperties(into: hall, from: Offer()) == 1)
    let factory = ProviderFactory(making: Door.self) { Door() }
    #expect(try factory.closure(as: (() -> Door).self)().greeter == nil)
    #expect(PropertyInjector.injectablePropertyNames(of: hall) == ["greeter", "doorProvider"])
    struct WrongOffer: InjectionSource {
      func injectionValue(forProperty name: String) -> InjectionValue? {
        name == "greeter" ? .value(42) : nil
      }
    }
    let error = #expect(throws: InjectionError.self) {
      try PropertyInjector.injectProperties(into: Hall(), from: WrongOffer())
    }
    #expect(error?.description.hasPrefix("Cannot inject 'greeter' into Hall") == true)
  }

  @Test func theGraphModuleIsReExported() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("app", dependencies: ["service"], deferredDependencies: ["screen"])
    graph.addNode("service")
    graph.addNode("screen", dependencies: ["app"])
    #expect(try graph.topologicalOrder() == ["service", "app", "screen"])
    #expect(graph.cycles().isEmpty)
    #expect(graph.stronglyConnectedComponents().count == 3)
    #expect(graph.nodes == ["app", "service", "screen"])
  }
}
