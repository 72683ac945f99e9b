import Foundation
import INJContainer
import INJPrimitives
import INJReflection
import TestUtilities
import Testing

/// Regression tests for defects that broke memory or type safety: each failed before its
/// fix.
@Suite("Soundness")
struct SoundnessTests {
  // MARK: Object-graph products belong to the registration that made them

  @Test func containersMadeAndDroppedInsideACreatorNeverShareObjectGraphProducts() throws {
    let outer = Container()
    outer.addProvider(forName: "numbers") { _ -> [Int] in
      var numbers: [Int] = []
      for number in 0..<20 {
        // A short-lived container: its registration is freed when it goes, and a later
        // one may be allocated at the same address.
        let shortLived = Container()
        shortLived.addProvider(forName: "number", options: .objectGraph) { _ in number }
        numbers.append(try shortLived.value(forName: "number", as: Int.self))
      }
      return numbers
    }
    #expect(try outer.value(forName: "numbers", as: [Int].self) == Array(0..<20))
  }

  @Test func childContainersMadeAndDroppedInsideACreatorNeverShareObjectGraphProducts() throws {
    final class Made: Sendable {
      let label: String
      init(_ label: String) { self.label = label }
    }
    let outer = Container()
    outer.addProvider(forName: "labels") { [unowned outer] _ -> [String] in
      var labels: [String] = []
      for index in 0..<20 {
        let child = outer.makeChild()
        if index.isMultiple(of: 2) {
          child.addProvider(forName: "made", options: .objectGraph) { _ in Made("\(index)") }
          labels.append(try child.value(forName: "made", as: Made.self).label)
        } else {
          // Another type at the address a freed registration may leave.
          child.addProvider(forName: "made", options: .objectGraph) { _ in index }
          labels.append(String(try child.value(forName: "made", as: Int.self)))
        }
      }
      return labels
    }
    #expect(try outer.value(forName: "labels", as: [String].self) == (0..<20).map(String.init))
  }

  // MARK: A shared object is injected by one thread at a time

  final class Api: Sendable {}

  /// An object a transient provider hands out again and again, as an alias or a cache
  /// does: several threads may get it at once.
  final class SharedScreen: Injectable, @unchecked Sendable {
    // `title` is written only by the injector, which the container runs on one thread
    // at a time for one object; `api` is an `@Inject` box. `inside` and `overlaps`
    // are atomics.
    @Inject var api: Api?
    var title: String?
    let inside = AtomicWords()
    let overlaps = AtomicWords()

    func injectProperties(_ injector: inout PropertyInjector) throws {
      if inside[0].wrappingAddRelaxed(1) > 0 {
        _ = overlaps[0].wrappingAddRelaxed(1)
      }
      // Long enough for another thread's injection to start meanwhile.
      usleep(2_000)
      try injector.inject(&title, named: "title")
      _ = inside[0].wrappingAddRelaxed(-1)
    }
  }

  @Test func aSharedObjectIsNeverInjectedByTwoThreadsAtOnce() throws {
    let screen = SharedScreen()
    let container = Container()
    container.addInstance(Api(), forName: "api")
    container.addInstance("Settings", forName: "title")
    container.addProvider(forName: "screen", dependencies: ["api", "title"]) { _ in screen }
    let failures = AtomicWords()
    runConcurrently(8) { _ in
      for _ in 0..<5 {
        if (try? container.value(forName: "screen", as: SharedScreen.self)) !== screen {
          _ = failures[0].wrappingAddRelaxed(1)
        }
      }
    }
    #expect(failures[0].load(ordering: .relaxed) == 0)
    #expect(screen.overlaps[0].load(ordering: .relaxed) == 0)
    #expect(screen.title == "Settings")
    #expect(screen.api != nil)
  }

  final class Holder: @unchecked Sendable {
    // Only `@Inject` boxes, which are safe to fill and read from several threads.
    @Inject var name: String?
    @Inject var makeApi: (() -> Api)?
  }

  @Test func anInjectPropertyOfASharedObjectIsFilledOnceAndReadSafely() throws {
    let holder = Holder()
    let container = Container()
    container.addInstance("shared", forName: "name")
    container.addProvider(forName: "api") { _ in Api() }
    container.addProvider(forName: "holder", dependencies: ["name", "apiProvider"]) { _ in
      holder
    }
    // A POSIX lock, which ThreadSanitizer sees.
    let seen = Locked<Set<String>>([])
    runConcurrently(8) { _ in
      for _ in 0..<200 {
        let resolved = try? container.value(forName: "holder", as: Holder.self)
        // Reading while other threads inject: a torn read of the string would crash.
        let name = resolved?.name ?? "nil"
        seen.withLock { _ = $0.insert(name) }
        _ = resolved?.makeApi?()
      }
    }
    #expect(seen.withLock { $0 }.isSubset(of: ["nil", "shared"]))
    #expect(holder.name == "shared")
  }

  // MARK: Duplicates cost memory in proportion to their number

  @Test func manyDuplicatesOfOneNameAreReportedWithTheirCount() throws {
    let container = Container()
    for index in 0..<20_000 {
      container.addInstance(index, forName: "answer", fileID: "App/Wiring.swift", line: index)
    }
    let error = #expect(throws: ValidationError.self) { try container.checkForErrors() }
    #expect(error?.duplicateNames == ["answer"])
    guard case .duplicateName(_, let sites)? = error?.report.problems.first else {
      Issue.record("expected a duplicate-name problem")
      return
    }
    #expect(sites.count == 20_000)
    #expect(sites.first == RegistrationSite(fileID: "App/Wiring.swift", line: 0))
    #expect(sites.last == RegistrationSite(fileID: "App/Wiring.swift", line: 19_999))
    let resolving = #expect(throws: ResolutionError.self) {
      try container.value(forName: "answer")
    }
    #expect(
      resolving?.description
        == "Cannot resolve 'answer': 'answer' is registered 20000 times, at "
        + "App/Wiring.swift:0, App/Wiring.swift:1, App/Wiring.swift:2, App/Wiring.swift:3, "
        + "App/Wiring.swift:4, App/Wiring.swift:5, App/Wiring.swift:6, App/Wiring.swift:7, "
        + "App/Wiring.swift:8, App/Wiring.swift:9 and 19990 more sites. Remove or rename all "
        + "but one.")
  }

  /// Resolving a name registered many times copies the few sites its error lists, not
  /// every site, and counts the rest.
  @Test func resolvingANameRegisteredManyTimesCarriesAFewSitesAndTheCount() throws {
    let container = Container()
    for index in 0..<3_000 {
      container.addInstance(index, forName: "answer", fileID: "App/Wiring.swift", line: index)
    }
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "answer") }
    guard case .duplicateName(let sites, let count)? = error?.reason else {
      Issue.record("expected a duplicate name")
      return
    }
    #expect(count == 3_000)
    #expect(sites.count == 10)
    #expect(sites.last == RegistrationSite(fileID: "App/Wiring.swift", line: 9))
    #expect(
      error?.description.hasSuffix(
        "App/Wiring.swift:9 and 2990 more sites. Remove or rename all but one.") == true)
  }

  // MARK: A provider closure of the wrong type is refused when handed out

  final class Car: Sendable {}
  final class Bike: Sendable {}

  @Test func aProviderKeyOfAnotherTypeIsRefusedWhenHandedOut() throws {
    let container = Container()
    container.addProvider(forName: "count") { _ in "three" }
    let error = #expect(throws: ResolutionError.self) {
      _ = try container.value(for: Key<Int>("count").provider)
    }
    #expect(
      error?.description
        == "Cannot resolve 'countProvider' as () -> Int: 'count' provides String, which a "
        + "closure of that type cannot return. Ask for a closure returning String or one of "
        + "its protocols or superclasses, or have 'count' provide what the closure returns.")
  }

  @Test func aProviderClosureOfAnotherClassIsRefusedWhenHandedOut() throws {
    let container = Container()
    container.addProvider(forName: "car") { _ in Bike() }
    #expect(throws: ResolutionError.self) {
      _ = try container.value(forName: "carProvider", as: (() -> Car).self)
    }
    #expect(throws: ResolutionError.self) {
      _ = try container.value(forName: "carProvider", as: (() throws -> Car).self)
    }
    // The product's own type, and a supertype of it, still work.
    let makeBike = try container.value(forName: "carProvider", as: (() -> Bike).self)
    let makeObject = try container.value(forName: "carProvider", as: (() -> AnyObject).self)
    #expect(makeBike() !== makeBike())
    #expect(makeObject() as? Bike != nil)
  }
}

extension SoundnessTests {
  protocol Vehicle {}
  final class Scooter: Vehicle, Sendable {}
  struct Skateboard: Sendable {}

  @Test func aProviderClosureOfAProtocolNoProductHasIsRefusedWhenHandedOut() throws {
    let container = Container()
    container.addProvider(forName: "scooter") { _ in Scooter() }
    container.addProvider(forName: "skateboard") { _ in Skateboard() }
    let makeVehicle = try container.value(forName: "scooterProvider", as: (() -> any Vehicle).self)
    #expect(makeVehicle() as? Scooter != nil)
    #expect(throws: ResolutionError.self) {
      _ = try container.value(forName: "skateboardProvider", as: (() -> any Vehicle).self)
    }
  }

  @Test func aClassProductLackingTheProtocolIsReportedByTheClosureThatMadeIt() throws {
    // A subclass of the declared class might conform, so the closure is handed out;
    // the throwing closure says what it got.
    let container = Container()
    container.addProvider(forName: "bike") { _ in Bike() }
    let makeVehicle = try container.value(
      forName: "bikeProvider", as: (() throws -> any Vehicle).self)
    let error = #expect(throws: InjectionError.self) { try makeVehicle() }
    #expect(
      error?.description
        == "A provider closure returning Vehicle cannot return Bike, the type of a value made "
        + "by a provider of Bike. Declare the closure's result as Bike or one of its "
        + "protocols or superclasses.")
  }
}

extension SoundnessTests {
  /// A shared object whose own injection resolves a name: itself again, or another
  /// shared object being injected on another thread.
  final class Reentrant: Injectable, @unchecked Sendable {
    // The closure is set once, before the object is shared.
    var onInjection: () throws -> Void = {}

    func injectProperties(_ injector: inout PropertyInjector) throws {
      try onInjection()
    }
  }

  @Test func aSharedObjectWhoseInjectionNeedsItselfIsACycle() throws {
    let shared = Reentrant()
    let container = Container()
    container.addInstance("x", forName: "title")
    container.addProvider(forName: "screen", dependencies: ["title"]) { _ in shared }
    shared.onInjection = { [unowned container] in
      _ = try container.value(forName: "screen", as: Reentrant.self)
    }
    // Held here, so the container's product is not its only reference.
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "screen", as: Reentrant.self)
    }
    guard case .cycle(let cycle)? = error?.reason else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(cycle == ["screen", "screen"])
    #expect(error?.path == ["screen", "screen"])
  }

  @Test func sharedObjectsInjectingEachOtherOnTwoThreadsThrowInsteadOfDeadlocking() throws {
    for _ in 0..<10 {
      let first = Reentrant()
      let second = Reentrant()
      let container = Container()
      container.addInstance("x", forName: "title")
      container.addProvider(forName: "first", dependencies: ["title"]) { _ in first }
      container.addProvider(forName: "second", dependencies: ["title"]) { _ in second }
      let bothInjecting = Barrier(parties: 2)
      first.onInjection = { [unowned container] in
        bothInjecting.arrive()
        _ = try container.value(forName: "second", as: Reentrant.self)
      }
      second.onInjection = { [unowned container] in
        bothInjecting.arrive()
        _ = try container.value(forName: "first", as: Reentrant.self)
      }
      let cycles = AtomicWords()
      runConcurrently(2) { index in
        do {
          _ = try container.value(forName: index == 0 ? "first" : "second")
        } catch let error as ResolutionError {
          if case .cycle = error.underlyingCycleReason { _ = cycles[0].wrappingAddRelaxed(1) }
        } catch {}
      }
      #expect(cycles[0].load(ordering: .relaxed) >= 1)
    }
  }
}

extension ResolutionError {
  /// The reason, or the reason of a resolution error a creator or an injection threw.
  fileprivate var underlyingCycleReason: Reason {
    if let inner = underlyingError as? ResolutionError {
      inner.underlyingCycleReason
    } else {
      reason
    }
  }
}
