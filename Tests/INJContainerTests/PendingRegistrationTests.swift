import Dispatch
import INJPrimitives
import INJReflection
import Testing

@testable import INJContainer

/// Registering records a registration; the first read of the container applies every
/// recorded one, in order. What a user sees must be the same as if each were applied
/// at once.
@Suite struct PendingRegistrationTests {
  final class Part: Sendable {
    let label: String
    init(_ label: String = "") { self.label = label }
  }

  // MARK: Recorded, then applied by the first read

  @Test func registeringRecordsAndTheFirstLookupAppliesEveryRegistrationInOrder() throws {
    let container = Container()
    for index in 0..<100 {
      container.addProvider(forName: "part\(index)", dependencies: ["part\(index + 1)"]) { _ in
        Part()
      }
    }
    #expect(container.names.slots.isEmpty)
    let isPending = container.pendingMark.mayHavePending
    #expect(isPending)
    #expect(container.isRegistered("part0"))
    let isStillPending = container.pendingMark.mayHavePending
    #expect(!isStillPending)
    // In the order the registrations were made, each provider's dependency before its
    // own name, as when each registration was applied at once.
    #expect(container.names.slots.count == 101)
    #expect(container.names.slots.prefix(4).map(\.name) == ["part1", "part0", "part2", "part3"])
    #expect(container.withRegistry { $0.pending.isEmpty && $0.registrations.count == 100 })
  }

  @Test func aNameRegisteredTwiceBeforeAnyReadIsADuplicateWithBothSites() {
    let container = Container()
    container.addProvider(forName: "part", fileID: "App/A.swift", line: 1) { _ in Part("a") }
    container.addInstance(Part("b"), forName: "part", fileID: "App/B.swift", line: 2)
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "part", as: Part.self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'part': 'part' is registered 2 times, at App/A.swift:1 and App/B.swift:2. Remove or rename all but one."
    )
  }

  @Test func aRegistrationAfterAResolutionIsSeenByTheNextOne() throws {
    let container = Container()
    container.addProvider(forName: "part") { _ in Part("first") }
    let make = try container.value(forName: "partProvider", as: (() throws -> Part).self)
    #expect(try make().label == "first")
    // A second registration makes the name a duplicate: the closure, which resolves the
    // name on each call, sees it.
    container.addProvider(forName: "part") { _ in Part("second") }
    #expect(throws: ResolutionError.self) { try make() }
    #expect(container.sitesRegistered("part").count == 2)
  }

  @Test func aCreatorsRegistrationIsSeenByItsNextLookup() throws {
    let container = Container()
    container.addProvider(forName: "outer") { [unowned container] _ in
      container.addInstance(Part("late"), forName: "late")
      return try container.value(forName: "late", as: Part.self)
    }
    #expect(try container.value(forName: "outer", as: Part.self).label == "late")
  }

  /// `top` depends on `x`, then on `y`, which depends on `b`: `x`'s creator registers
  /// `b`, so the same resolution finds it.
  @Test func aCreatorsRegistrationIsSeenByTheDependenciesThatFollow() throws {
    let container = Container()
    container.addProvider(forName: "x") { [unowned container] _ in
      container.addInstance(Part("b"), forName: "b")
      return Part("x")
    }
    container.addProvider(forName: "y", dependencies: ["b"]) { values in
      Part("y<" + (try values.value(forName: "b", as: Part.self)).label)
    }
    container.addProvider(forName: "top", dependencies: ["x", "y", "b"]) { values in
      Part(
        try ["x", "y", "b"].map { try values.value(forName: $0, as: Part.self).label }
          .joined(separator: ","))
    }
    #expect(try container.value(forName: "top", as: Part.self).label == "x,y<b,b")
  }

  @Test func aCreatorsRegistrationIsSeenByTheAsyncDependenciesThatFollow() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "x") { [unowned container] _ in
      container.addInstance(Part("b"), forName: "b")
      return Part("x")
    }
    container.addAsyncProvider(forName: "y", dependencies: ["b"]) { values in
      Part("y<" + (try values.value(forName: "b", as: Part.self)).label)
    }
    container.addAsyncProvider(forName: "top", dependencies: ["x", "y"]) { values in
      Part(try values.value(forName: "y", as: Part.self).label)
    }
    #expect(try await container.asyncValue(forName: "top", as: Part.self).label == "y<b")
  }

  /// A creator registering a name its resolution then needs a second time: the
  /// duplicate is seen, not the first registration.
  @Test func aDuplicateACreatorMadeIsSeenByTheDependenciesThatFollow() {
    let container = Container()
    container.addInstance(Part("b1"), forName: "b", fileID: "App/A.swift", line: 1)
    container.addProvider(forName: "x") { [unowned container] _ in
      container.addInstance(Part("b2"), forName: "b", fileID: "App/A.swift", line: 2)
      return Part("x")
    }
    container.addProvider(forName: "top", dependencies: ["x", "b"]) { _ in Part() }
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "top", as: Part.self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'top': 'b' is registered 2 times, at App/A.swift:1 and App/A.swift:2. Remove or rename all but one. Path: top → b."
    )
  }

  /// A child's registration is judged against its parent as the parent is when the
  /// child registers, however late the child is first read.
  @Test func aChildsNameIsJudgedAgainstItsParentWhenRegistered() throws {
    for readsBetween in [false, true] {
      let parent = Container()
      let child = parent.makeChild()
      child.addInstance(Part("child"), forName: "foo")
      if readsBetween {
        #expect(child.isRegistered("foo"))
      }
      parent.addInstance(Part("parent"), forName: "fooProvider")
      #expect(try child.value(forName: "foo", as: Part.self).label == "child")
    }
  }

  @Test func aChildSeesWhatItsParentRecorded() throws {
    let parent = Container()
    let child = parent.makeChild()
    parent.addInstance(Part("parent"), forName: "part")
    #expect(try child.value(forName: "part", as: Part.self).label == "parent")
    child.addProvider(forName: "user", dependencies: ["part"]) { values in
      Part(try values.value(forName: "part", as: Part.self).label + " used")
    }
    parent.addInstance(Part("other"), forName: "other")
    try child.checkForErrors()
    #expect(child.isRegistered("other"))
    #expect(try child.value(forName: "user", as: Part.self).label == "parent used")
  }

  @Test func theCheckAppliesWhatWasRecorded() {
    let container = Container()
    container.addProvider(forName: "a", dependencies: ["b"], line: 10) { _ in Part() }
    container.addProvider(forName: "b", dependencies: ["a"], line: 20) { _ in Part() }
    container.addProvider(forName: "c", dependencies: ["missing"], line: 30) { _ in Part() }
    let report = container.validate()
    #expect(report.problems.count == 2)
    #expect(container.withRegistry { $0.pending.isEmpty })
  }

  @Test func aModulesRegistrationsKeepTheirModuleWhenApplied() {
    struct Parts: ContainerModule {
      func register(in container: Container) {
        container.addProvider(forName: "part", line: 7) { _ in Part() }
      }
    }
    let container = Container()
    container.install(Parts())
    container.addProvider(forName: "part", line: 9) { _ in Part() }
    #expect(container.sitesRegistered("part").first.map(\.module) == ["Parts", nil])
  }

  // MARK: Threads

  /// A registration that returned before a read began is seen by it, from any thread:
  /// each thread registers its names and at once resolves them, while the others
  /// register and apply theirs. Run under ThreadSanitizer by `Scripts/sanitizers.sh`.
  @Test func eachThreadResolvesWhatItJustRegisteredWhileOthersRegister() {
    let container = Container()
    let failures = AtomicWords()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<200 {
        let name = "thread\(thread)-\(index)"
        container.addProvider(forName: name, options: .singleton) { _ in Part(name) }
        let label = (try? container.value(forName: name, as: Part.self))?.label
        if label != name {
          _ = failures[0].wrappingAddRelaxed(1)
        }
      }
    }
    #expect(failures[0].load(ordering: .relaxed) == 0)
    #expect(container.names.slots.count == 8 * 200)
    let isPending = container.pendingMark.mayHavePending
    #expect(!isPending)
  }

  /// A registration published to another thread (through a lock, here a semaphore's
  /// signal) is seen by that thread's next lookup.
  @Test func aRegistrationHandedToAnotherThreadIsSeenThere() {
    let container = Container()
    let registered = DispatchSemaphore(value: 0)
    let seen = AtomicWords()
    let reader = ReaderThread {
      for index in 0..<500 {
        registered.wait()
        if container.isRegistered("name\(index)") {
          _ = seen[0].wrappingAddRelaxed(1)
        }
      }
    }
    reader.start()
    for index in 0..<500 {
      container.addInstance(index, forName: "name\(index)")
      registered.signal()
    }
    reader.join()
    #expect(seen[0].load(ordering: .relaxed) == 500)
  }
}

/// A thread that can be waited for, for the tests above.
private final class ReaderThread: Sendable {
  private let body: @Sendable () -> Void
  private let done = DispatchSemaphore(value: 0)

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }

  func start() {
    DispatchQueue.global().async { [self] in
      body()
      done.signal()
    }
  }

  func join() {
    done.wait()
  }
}
