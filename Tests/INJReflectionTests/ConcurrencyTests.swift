import Dispatch
import Foundation
import INJReflection
import Testing

private final class Worker {
  @Inject var service: Service?
  @Inject var label: String?
}

@MainActor
private final class SettingsController {
  @Inject var service: Service?
  var title: String?
}

extension SettingsController: @MainActor Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&title, named: "title")
  }
}

private final class LegacyController: NSObject {
  @Inject var service: Service?
}

@Suite("Threads, actors and Objective-C-style classes")
struct ConcurrencyTests {
  @Test func manyThreadsInjectObjectsOfOneTypeAtOnce() {
    let count = 2_000
    let objects = (0..<count).map { _ in Worker() }
    // Each thread touches only the object at its own index.
    let shared = UncheckedBox(objects)
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let objects = shared.value
      let offers = Offers(["service": Service(id: index), "label": "worker \(index)"])
      do {
        let filled = try PropertyInjector.injectProperties(into: objects[index], from: offers)
        if filled != 2 { failures.add("filled \(filled) at \(index)") }
      } catch {
        failures.add("\(error)")
      }
    }
    #expect(failures.messages.isEmpty)
    for (index, object) in objects.enumerated() {
      #expect(object.service?.id == index)
      #expect(object.label == "worker \(index)")
    }
  }

  @Test @MainActor func mainActorClassesAreInjected() throws {
    let controller = SettingsController()
    let filled = try PropertyInjector.injectProperties(
      into: controller, from: Offers(["service": Service(id: 3), "title": "Settings"]))
    #expect(filled == 2)
    #expect(controller.service?.id == 3)
    #expect(controller.title == "Settings")
  }

  @Test func nsObjectSubclassesAreInjected() throws {
    let controller = LegacyController()
    #expect(
      try PropertyInjector.injectProperties(into: controller, from: Offers(["service": Service()]))
        == 1)
    #expect(controller.service != nil)
  }
}

/// Collects failure messages from several threads.
private final class Failures: @unchecked Sendable {
  // Guarded by `lock`.
  private var stored: [String] = []
  private let lock = NSLock()

  func add(_ message: String) {
    lock.withLock { stored.append(message) }
  }

  var messages: [String] {
    lock.withLock { stored }
  }
}

/// Hands a non-Sendable value to threads that each use a disjoint part of it.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
