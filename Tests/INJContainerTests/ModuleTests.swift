import INJContainer
import INJReflection
import Testing

/// Modules: grouped registrations, named in reports, checked alone against their needs.
@Suite struct ModuleTests {
  final class PaymentService: Sendable {}
  final class Session: Sendable {}
  final class Cart: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
  }
  final class Checkout: Sendable {
    let payments: PaymentService
    let cart: Cart
    init(payments: PaymentService, cart: Cart) {
      self.payments = payments
      self.cart = cart
    }
  }

  static let file = "INJContainerTests/ModuleTests.swift"

  struct CheckoutModule: ContainerModule {
    static let checkoutLine = #line + 5
    var paymentName = "paymentService"
    var needs: [String] { ["paymentService", "session"] }

    func register(in container: Container) {
      container.addProvider(forName: "checkout", dependencies: [paymentName, "cart"]) {
        Checkout(payments: try $0.value(forName: paymentName), cart: try $0.value(forName: "cart"))
      }
      container.addProvider(forName: "cart", dependencies: ["session"]) {
        Cart(session: try $0.value(forName: "session"))
      }
    }
  }

  struct PaymentsModule: ContainerModule {
    func register(in container: Container) {
      container.addProvider(forName: "paymentService", options: .singleton) { _ in
        PaymentService()
      }
    }
  }

  struct SessionModule: ContainerModule {
    var name: String { "Session" }
    func register(in container: Container) {
      container.addProvider(forName: "session", options: .singleton) { _ in Session() }
    }
  }

  @Test func installedModulesRegisterAndResolve() async throws {
    let container = Container()
    container.install(CheckoutModule(), PaymentsModule())
    let later: [any ContainerModule] = [SessionModule()]
    for module in later { container.install(module) }
    #expect(container.installedModules == ["CheckoutModule", "PaymentsModule", "Session"])
    let checkout = try await container.asyncValue(forName: "checkout", as: Checkout.self)
    #expect(
      checkout.payments
        === (try container.value(forName: "paymentService", as: PaymentService.self)))
    let modules = container.registrations().map { "\($0.name) in \($0.site.module ?? "-")" }
    #expect(
      modules == [
        "checkout in CheckoutModule", "cart in CheckoutModule", "paymentService in PaymentsModule",
        "session in Session",
      ])
  }

  @Test func problemsNameTheModule() {
    let container = Container()
    container.install(
      CheckoutModule(paymentName: "paymnetService"), PaymentsModule(), SessionModule())
    container.addInstance(1, forName: "retries")
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'checkout' (CheckoutModule, \(Self.file):\(CheckoutModule.checkoutLine)) depends on "
          + "'paymnetService', which is not registered. Did you mean 'paymentService'?"
      ])
    #expect(container.registrations().last?.site.module == nil)
  }

  @Test func aModuleInstalledTwiceIsReportedAndRegistersOnce() {
    let container = Container()
    let line = #line + 1
    container.install(PaymentsModule(), SessionModule())
    container.install(PaymentsModule())
    #expect(container.registrations().count == 2)
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      error?.description
        == "The container has 1 problem:\n- The module PaymentsModule is installed 2 times, at "
        + "\(Self.file):\(line) and \(Self.file):\(line + 1); it registered its names the first "
        + "time only. Install it once.")
  }

  @Test func aModuleChecksAloneAgainstItsNeeds() throws {
    try CheckoutModule().checkForErrors()
    try PaymentsModule().checkForErrors()
  }

  @Test func aModuleCheckedAloneReportsANameItDoesNotDeclare() {
    struct Undeclared: ContainerModule {
      var needs: [String] { ["session"] }
      func register(in container: Container) {
        container.addProvider(forName: "cart", dependencies: ["session", "clock"]) { _ in 1 }
      }
    }
    let error = #expect(throws: ValidationError.self) { try Undeclared().checkForErrors() }
    #expect(error?.missingDependencies.map(\.name) == ["clock"])
    #expect(error?.missingDependencies.first?.site?.module == "Undeclared")
  }

  @Test func aNameOfAnotherModuleIsToBeDeclaredInTheNeeds() {
    struct Listing: ContainerModule {
      func register(in container: Container) {
        container.addProvider(
          forName: "list", dependencies: ["itemRepository", "clok"], fileID: "App/List.swift",
          line: 3
        ) { _ in 1 }
        container.addInstance(Clock(), forName: "clock", fileID: "App/List.swift", line: 4)
      }
    }
    let error = #expect(throws: ValidationError.self) { try Listing().checkForErrors() }
    #expect(
      error?.report.problems.map(\.description) == [
        "'list' (Listing, App/List.swift:3) depends on 'itemRepository', which Listing does not "
          + "register. If another module registers it, add it to Listing's needs; if none "
          + "does, register it, or remove it from the dependencies of 'list'.",
        "'list' (Listing, App/List.swift:3) depends on 'clok', which Listing does not register. "
          + "Did you mean 'clock'? If another module registers 'clok', add it to Listing's needs.",
      ])
    // Installed in an app's container, a missing name is missing.
    let container = Container()
    container.install(Listing())
    let whole = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(
      whole?.report.problems.first?.description
        == "'list' (Listing, App/List.swift:3) depends on 'itemRepository', which is not "
        + "registered. Register it, or remove it from the dependencies of 'list'.")
  }

  final class Clock: Sendable {}

  @Test func aModuleCheckedAloneReportsACycleInside() {
    struct Looping: ContainerModule {
      func register(in container: Container) {
        container.addProvider(forName: "a", dependencies: ["b"]) { _ in 1 }
        container.addProvider(forName: "b", dependencies: ["a"]) { _ in 2 }
      }
    }
    let error = #expect(throws: ValidationError.self) { try Looping().checkForErrors() }
    #expect(error?.cycles == [["a", "b", "a"]])
  }

  final class Detail: Sendable {}
  final class List {
    @Inject var detailProvider: ((Int) -> Detail)?
    @Inject var asyncDetailProvider: (() async throws -> Detail)?
  }

  struct ListModule: ContainerModule {
    var needs: [String] { ["detail", "asyncDetail"] }
    func register(in container: Container) {
      container.addProvider(
        forName: "list", dependencies: ["detailProvider", "asyncDetailProvider"]
      ) { _ in List() }
    }
  }

  @Test func aModuleCheckedAloneKnowsNothingOfANeedButItsName() async throws {
    struct DetailModule: ContainerModule {
      func register(in container: Container) {
        container.addProvider(forName: "detail", argument: Int.self) { _, _ in Detail() }
        container.addAsyncProvider(forName: "asyncDetail") { _ in Detail() }
      }
    }
    let container = Container()
    container.install(ListModule(), DetailModule())
    try container.checkForErrors()
    #expect(try container.value(forName: "list", as: List.self).detailProvider?(1) != nil)
    try ListModule().checkForErrors()
  }

  @Test func aModuleCheckedAloneKnowsNoScopeOfANeed() {
    struct CartModule: ContainerModule {
      var needs: [String] { ["pricing"] }
      func register(in container: Container) {
        container.addProvider(forName: "cart", dependencies: ["pricing"], options: .singleton) {
          _ in 1
        }
        container.addProvider(forName: "total", dependencies: ["tax"]) { _ in 2 }
      }
    }
    let error = #expect(throws: ValidationError.self) { try CartModule().checkForErrors() }
    #expect(error?.missingDependencies.map(\.name) == ["tax"])
    #expect(error?.report.warnings.isEmpty == true)
  }

  @Test func installingAModuleDoesNotRegisterItsNeeds() {
    struct Needing: ContainerModule {
      var needs: [String] { ["clock"] }
      func register(in container: Container) {
        container.addProvider(forName: "timer", dependencies: ["clock"]) { _ in 1 }
      }
    }
    let container = Container()
    container.install(Needing())
    #expect(!container.isRegistered("clock"))
  }

  @Test func aChildContainerInstallsItsOwnModules() throws {
    let parent = Container()
    parent.install(PaymentsModule(), SessionModule())
    let child = parent.makeChild()
    child.install(CheckoutModule())
    try child.checkForErrors()
    #expect(parent.installedModules == ["PaymentsModule", "Session"])
    #expect(child.installedModules == ["CheckoutModule"])
  }
}
