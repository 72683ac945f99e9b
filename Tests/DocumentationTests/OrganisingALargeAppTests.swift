import Injineer
import Testing

// The samples of the article "Organising a Large App", as written there.

final class PaymentGateway: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

final class CheckoutFlow: Sendable {
  let payments: PaymentGateway
  init(payments: PaymentGateway) { self.payments = payments }
}

struct PaymentsModule: ContainerModule {
  func register(in container: Container) {
    container.addProvider(forName: "paymentService", options: .singleton) { _ in
      PaymentGateway(name: "stripe")
    }
  }
}

struct CheckoutModule: ContainerModule {
  var needs: [String] { ["paymentService"] }

  func register(in container: Container) {
    container.addProvider(forName: "checkout", dependencies: ["paymentService"]) { values in
      CheckoutFlow(payments: try values.value(forName: "paymentService"))
    }
  }
}

struct ReceiptsModule: ContainerModule {
  var needs: [String] { ["paymentService"] }

  func register(in container: Container) {
    container.addProvider(forName: "receipt", dependencies: ["paymnetService"]) { _ in
      "receipt"
    }
  }
}

struct AsyncPaymentsModule: ContainerModule {
  func register(in container: Container) {
    container.addAsyncProvider(forName: "paymentService", options: .singleton) { _ in
      PaymentGateway(name: "stripe")
    }
  }
}

@Suite("Organising a Large App")
struct OrganisingALargeAppTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/OrganisingALargeApp.md"

  @Test func installTheModules() throws {
    let container = Container()
    container.install(PaymentsModule(), CheckoutModule())
    try container.checkForErrors()
    let checkout = try container.value(forName: "checkout", as: CheckoutFlow.self)
    print(container.installedModules, checkout.payments.name)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func plugIns() throws {
    let app = Container()
    app.addInstance("https://events.example.com", forName: "eventsURL")
    app.contribute(to: "launchTasks") { _ in "warm caches" }
    app.contribute(to: "launchTasks", dependencies: ["eventsURL"]) { values in
      "send launch event to \(try values.value(forName: "eventsURL", as: String.self))"
    }
    try app.checkForErrors()
    for task in try app.value(forName: "launchTasks", as: [String].self) {
      print(task)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func checkoutIsWiredCorrectly() throws {
    try CheckoutModule().checkForErrors()
  }

  @Test func aModuleCheckedAloneKnowsItsNeedsByNameOnly() throws {
    try CheckoutModule().checkForErrors()

    let app = Container()
    app.install(AsyncPaymentsModule(), CheckoutModule())
    do {
      try app.checkForErrors()
    } catch let error as ValidationError {
      for problem in error.report.problems {
        if case .synchronousDependsOnAsync(let provider, _, let dependency, _) = problem {
          print(provider, "is synchronous, but depends on the async", dependency)
        }
      }
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func aModuleCheckedAloneFindsAMisspeltName() throws {
    do {
      try ReceiptsModule().checkForErrors()
    } catch let error as ValidationError {
      for missing in error.missingDependencies {
        print(missing.site?.module ?? "-", missing.requiredBy, "needs", missing.name)
        print("did you mean", missing.suggestion ?? "?")
      }
    }

    expectPrintedOutputShown(in: Self.article)
  }
}
