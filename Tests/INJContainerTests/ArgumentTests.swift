import INJContainer
import INJReflection
import INJTestSupport
import TestUtilities
import Testing

/// Providers whose creators take an argument the caller supplies (assisted
/// injection).
@Suite struct ArgumentTests {
  final class Service: Sendable {}
  final class Details: Sendable {
    let service: Service
    let productName: String
    init(service: Service, productName: String) {
      self.service = service
      self.productName = productName
    }
  }
  final class Screen {
    @Inject var productDetailsProvider: ((String) -> Details)?
    @Inject var service: Service?
  }
  final class WrongScreen {
    @Inject var productDetailsProvider: (() -> Details)?
  }
  struct Bad: Error {}

  static let file = "INJContainerTests/ArgumentTests.swift"

  static func container() -> Container {
    let container = Container()
    container.addProvider(forName: "service", options: .singleton) { _ in Service() }
    container.addProvider(
      forName: "productDetails", dependencies: ["service"], argument: String.self
    ) { values, productName in
      if productName.isEmpty { throw Bad() }
      return Details(service: try values.value(forName: "service"), productName: productName)
    }
    return container
  }

  @Test func theProviderClosureTakesTheArgument() throws {
    let container = Self.container()
    try container.checkForErrors()
    let make = try container.value(
      forName: "productDetailsProvider", as: ((String) -> Details).self)
    let espresso = make("Espresso machine")
    let grinder = make("Grinder")
    #expect(espresso.productName == "Espresso machine")
    #expect(grinder.productName == "Grinder")
    #expect(espresso !== grinder)
    #expect(espresso.service === grinder.service)
    let throwing = try container.value(
      forName: "productDetailsProvider", as: ((String) throws -> Details).self)
    #expect(try throwing("Kettle").productName == "Kettle")
    let error = #expect(throws: ResolutionError.self) { try throwing("") }
    #expect(error?.underlyingError is Bad)
  }

  @Test func injectPropertiesOfTheClosureTypeAreFilled() throws {
    let container = Self.container()
    container.addProvider(
      forName: "screen", dependencies: ["productDetailsProvider", "service"]
    ) { _ in Screen() }
    let screen = try container.value(forName: "screen", as: Screen.self)
    #expect(screen.productDetailsProvider?("Teapot").productName == "Teapot")
    #expect(screen.service != nil)
  }

  @Test func resolvingTheNameItselfSaysToUseTheClosure() {
    let container = Self.container()
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "productDetails")
    }
    #expect(
      error?.description
        == "Cannot resolve 'productDetails': the creator of 'productDetails' takes an argument "
        + "of type String, which only its provider closure passes. Resolve "
        + "'productDetailsProvider', a closure taking String, and call it with the argument.")
  }

  @Test func aDirectDependencyIsReportedAndRefused() {
    let container = Self.container()
    let line = #line + 1
    container.addProvider(forName: "list", dependencies: ["productDetails"]) { _ in 1 }
    let checked = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    let detailsLine = container.registrations().first { $0.name == "productDetails" }?.site.line
    #expect(
      checked?.report.problems.map(\.description) == [
        "'list' (\(Self.file):\(line)) depends on 'productDetails' (\(Self.file):\(detailsLine ?? 0)), whose "
          + "creator takes an argument of type String. Depend on 'productDetailsProvider' and "
          + "call it with the argument."
      ])
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "list") }
    #expect(error?.path == ["list", "productDetails"])
    #expect(
      error?.description.hasSuffix(
        ", or make 'list' depend on 'productDetailsProvider'. Path: list → productDetails.") == true
    )
  }

  @Test func aClosureOfAnotherTypeIsRefusedWhenHandedOut() {
    let container = Self.container()
    let wrongArgument = #expect(throws: ResolutionError.self) {
      try container.value(forName: "productDetailsProvider", as: ((Int) -> Details).self)
    }
    #expect(
      wrongArgument?.description
        == "Cannot resolve 'productDetailsProvider' as (Int) -> Details: the creator of "
        + "'productDetails' takes an argument of type String, so its provider closure takes "
        + "one. Ask for (String) -> Details.")
    container.addProvider(forName: "wrongScreen", dependencies: ["productDetailsProvider"]) {
      _ in WrongScreen()
    }
    let noArgument = #expect(throws: ResolutionError.self) {
      try container.value(forName: "wrongScreen")
    }
    if case .injectionFailed(let failure)? = noArgument?.reason {
      #expect(
        failure.reason
          == .argumentClosure(expected: "() -> Details", offered: "(String) -> Details"))
      #expect(
        failure.description
          == "Cannot inject 'productDetailsProvider' into WrongScreen: the property holds () "
          + "-> Details, but the creator of 'productDetails' takes an argument, so its "
          + "provider closure is (String) -> Details. Make the property hold (String) -> "
          + "Details.")
    } else {
      Issue.record("expected an injection failure, got \(String(describing: noArgument))")
    }
  }

  @Test func nestedCallsGetTheirOwnArguments() throws {
    let container = Container()
    container.addProvider(forName: "inner", argument: Int.self) { _, number in [number] }
    container.addProvider(
      forName: "outer", dependencies: ["innerProvider"], argument: Int.self
    ) { values, number in
      let makeInner = try values.value(forName: "innerProvider", as: ((Int) throws -> [Int]).self)
      return [number] + (try makeInner(number * 10)) + [number]
    }
    let make = try container.value(forName: "outerProvider", as: ((Int) throws -> [Int]).self)
    #expect(try make(4) == [4, 40, 4])
    #expect(try make(5) == [5, 50, 5])
  }

  @Test func aCreatorCallingItsOwnClosureIsACycle() throws {
    let container = Container()
    container.addProvider(
      forName: "node", dependencies: ["nodeProvider"], argument: Int.self
    ) { values, depth in
      let makeChild = try values.value(forName: "nodeProvider", as: ((Int) throws -> [Int]).self)
      return depth == 0 ? [0] : [depth] + (try makeChild(depth - 1))
    }
    let make = try container.value(forName: "nodeProvider", as: ((Int) throws -> [Int]).self)
    let error = #expect(throws: ResolutionError.self) { try make(2) }
    if case .cycle(let cycle)? = error?.reason {
      #expect(cycle == ["node", "node"])
    } else {
      Issue.record("expected a cycle, got \(String(describing: error))")
    }
  }

  @Test func severalArgumentsAreATuple() throws {
    let container = Container()
    container.addProvider(forName: "label", argument: (String, Int).self) { _, argument in
      "\(argument.0) × \(argument.1)"
    }
    let make = try container.value(forName: "labelProvider", as: (((String, Int)) -> String).self)
    #expect(make(("Cups", 4)) == "Cups × 4")
  }

  @Test func threadsCallingAtOnceGetTheirOwnProducts() async throws {
    let container = Self.container()
    let make = try container.value(
      forName: "productDetailsProvider", as: ((String) throws -> Details).self)
    let sendableMake = UncheckedMaker(make: make)
    let wrong = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var wrong = 0
          for round in 0..<200 {
            let name = "product \(task)-\(round)"
            if (try? sendableMake.make(name).productName) != name { wrong += 1 }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(wrong == 0)
  }

  @Test func aTestContainerCopyMakesItsOwnProducts() throws {
    let testContainer = TestContainer(copying: Self.container())
    let fake = Service()
    testContainer.override("service", with: fake)
    let make = try testContainer.value(
      forName: "productDetailsProvider", as: ((String) -> Details).self)
    #expect(make("Mug").service === fake)
  }

  @MainActor
  final class Badge {
    let number: Int
    init(number: Int) { self.number = number }
  }

  @MainActor @Test func registeredOnTheMainActorTheClosureIsMainActor() throws {
    let container = Container()
    container.addProvider(forName: "badge", argument: Int.self) { _, number in
      Badge(number: number)
    }
    let make = try container.value(forName: "badgeProvider", as: (@MainActor (Int) -> Badge).self)
    #expect(make(3).number == 3)
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "badgeProvider", as: ((Int) -> Badge).self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'badgeProvider' as (Int) -> Badge: 'badge' is made on the main "
        + "actor, so its provider closure is @MainActor (Int) -> Badge, which only the main "
        + "actor can call. Ask for @MainActor (Int) -> Badge.")
  }

  /// Registers a main-actor provider taking an argument from nonisolated code, through
  /// `MainActor.run`.
  nonisolated private static func registerBadge(in container: Container) async {
    await MainActor.run {
      container.addProvider(forName: "badge", argument: Int.self) { _, number in
        Badge(number: number)
      }
    }
  }

  @MainActor @Test func aMainActorProviderTakesAnArgumentFromNonisolatedRegistration()
    async throws
  {
    let container = Container()
    await Self.registerBadge(in: container)
    try container.checkForErrors()
    let make = try container.value(forName: "badgeProvider", as: (@MainActor (Int) -> Badge).self)
    #expect(make(4).number == 4)
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "badgeProvider", as: ((Int) -> Badge).self)
    }
    #expect(
      error?.description.includes("its provider closure is @MainActor (Int) -> Badge") == true)
  }

  @Test func asyncProvidersTakeArgumentsToo() async throws {
    let container = Self.container()
    container.addAsyncProvider(
      forName: "forecast", dependencies: ["service"], argument: String.self
    ) { values, city in
      try await Task.sleep(nanoseconds: 1_000_000)
      _ = try values.value(forName: "service", as: Service.self)
      return "sunny in \(city)"
    }
    try container.checkForErrors()
    let load = try container.value(
      forName: "forecastProvider", as: ((String) async throws -> String).self)
    #expect(try await load("Lima") == "sunny in Lima")
    #expect(try await load("Omsk") == "sunny in Omsk")
    let direct = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "forecast", as: String.self)
    }
    if case .requiresArgument(let type)? = direct?.reason {
      #expect(type == "String")
    } else {
      Issue.record("expected requiresArgument, got \(String(describing: direct))")
    }
    #expect(throws: ResolutionError.self) {
      try container.value(forName: "forecastProvider", as: ((String) -> String).self)
    }
  }

  @Test func anArgumentOfTypeAnyReachesTheCreatorAsPassed() async throws {
    let container = Container()
    container.addProvider(forName: "echo", argument: Any.self) { _, argument in
      String(describing: argument)
    }
    container.addProvider(forName: "maybe", argument: Int?.self) { _, argument in
      String(describing: argument)
    }
    container.addAsyncProvider(forName: "asyncEcho", argument: (any Sendable).self) {
      _, argument in String(describing: argument)
    }
    let echo = try container.value(forName: "echoProvider", as: ((Any) -> String).self)
    #expect(echo(5) == "5")
    #expect(echo("five") == "five")
    let maybe = try container.value(forName: "maybeProvider", as: ((Int?) -> String).self)
    #expect(maybe(5) == "Optional(5)")
    #expect(maybe(nil) == "nil")
    let asyncEcho = try container.value(
      forName: "asyncEchoProvider", as: (((any Sendable)) async throws -> String).self)
    #expect(try await asyncEcho(5) == "5")
  }

  /// The closure, handed to tasks: it holds its container weakly and resolves on the
  /// calling thread, so calling it from several is what the test checks.
  struct UncheckedMaker: @unchecked Sendable {
    let make: (String) throws -> Details
  }
}

/// The factory of a provider closure that takes an argument.
@Suite struct ArgumentFactoryTests {
  @Test func itOffersNoClosureWithoutTheArgument() throws {
    let factory = ProviderFactory(making: String.self, argument: Int.self) { "#\($0)" }
    #expect(factory.offer.argumentType == Int.self)
    let error = #expect(throws: InjectionError.self) {
      _ = try factory.closure(as: (() -> String).self)
    }
    #expect(
      error?.description
        == "A provider closure of type () -> String cannot make String: its provider's "
        + "creator takes an argument, so its closures take one. Declare the closure as "
        + "(Int) -> String.")
    #expect(throws: InjectionError.self) { _ = try factory.closure(as: (() throws -> String).self) }
    #expect(throws: InjectionError.self) { try factory.closure(as: (() throws -> Any).self)() }
  }
}
