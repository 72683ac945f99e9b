import Foundation
import INJPrimitives
import INJReflection
import TestUtilities
import Testing

// Internals, to know when a task waits for a singleton's creation.
@testable import INJContainer

/// Random graphs of synchronous and async providers, resolved asynchronously (several
/// requests, some at the same time), checked against a reference model: the shape
/// of every product, how many times each creator ran, and which products are
/// shared. Seeded, so a failure names the seed that reproduces it.
///
/// Some async creators also do what apps do with tasks: ask the container from a task
/// they start and await (part of their creation), from a detached task they await (a
/// request of its own), or from a task they leave running, which asks once the
/// creation has ended (a request of its own too). Some async transients return one
/// shared object, injected again by every task that resolves it. A second test cancels
/// the task making a singleton whose creator turns cancellation into an error of its
/// own, while other tasks wait for it.
@Suite("Async model")
struct AsyncModelTests {
  enum Scope: CaseIterable { case transient, singleton, objectGraph }

  /// What an async creator does besides making its product.
  enum Behaviour: Equatable {
    case plain
    /// Asks for node `d` from a `Task { }` it awaits: part of its own request.
    case asksInTask(Int)
    /// Asks for node `d` from a `Task.detached` it awaits: a request of its own.
    case asksDetached(Int)
    /// Asks for node `d` from a task it leaves running, which asks once the test's
    /// requests are over: a request of its own.
    case leavesTask(Int)
    /// A transient that returns the one object made when it was registered.
    case returnsShared
  }

  struct Spec {
    let name: String
    let isAsync: Bool
    let scope: Scope
    let dependencies: [Int]
    var behaviour = Behaviour.plain
  }

  class Made: @unchecked Sendable {
    // Every stored property is a `let`; `SharedMade` adds state guarded as it says.
    let name: String
    let children: [Made]
    init(_ name: String, _ children: [Made]) {
      self.name = name
      self.children = children
    }
  }

  /// The object a `returnsShared` transient returns every time, with a property named
  /// after its first dependency that every resolution injects when nil.
  final class SharedMade: Made, Injectable, @unchecked Sendable {
    // `dependency` is written only by injection, which the container claims for a
    // product others may hold: one task or thread at a time. The locks guard the rest.
    var dependency: Made?
    let dependencyName: String?
    private let counts = Locked((running: 0, most: 0, fills: 0))

    init(_ name: String, dependencyName: String?) {
      self.dependencyName = dependencyName
      super.init(name, [])
    }

    func injectProperties(_ injector: inout PropertyInjector) throws {
      counts.withLock {
        $0.running += 1
        $0.most = max($0.most, $0.running)
      }
      defer { counts.withLock { $0.running -= 1 } }
      guard let dependencyName else { return }
      let before = dependency
      try injector.inject(&dependency, named: dependencyName)
      if before == nil, dependency != nil { counts.withLock { $0.fills += 1 } }
    }

    /// The most injections that ran at once, and how many times the property was set.
    var injections: (most: Int, fills: Int) {
      counts.withLock { ($0.most, $0.fills) }
    }
  }

  /// A random graph: node `i` depends on up to three nodes before it. A synchronous
  /// node depends only on synchronous ones (a synchronous provider cannot depend on an
  /// async one). With `behaviours`, some async nodes get one, from a second stream of
  /// the seed (so that the graph of a seed stays as it was).
  static func graph(seed: UInt64, behaviours: Bool = false) -> [Spec] {
    var random = SplitMix64(seed: seed)
    let count = Int.random(in: 3...12, using: &random)
    var specs: [Spec] = []
    for index in 0..<count {
      let isAsync = index == count - 1 || Bool.random(using: &random)
      let candidates = (0..<index).filter { isAsync || !specs[$0].isAsync }
      let dependencies = Array(
        candidates.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
      ).sorted()
      specs.append(
        Spec(
          name: "n\(index)", isAsync: isAsync, scope: Scope.allCases.randomElement(using: &random)!,
          dependencies: dependencies))
    }
    guard behaviours else { return specs }
    // A request of its own (detached, or left running) asks only for nodes that need no
    // object-graph product: which request makes a singleton it shares with the other
    // requests depends on timing, and with it how many object-graph products are made.
    // (A node's behaviour is chosen after those of the nodes before it, so this is
    // complete for each node by the time a later one asks for it.)
    var needsObjectGraph: [Bool] = []
    for spec in specs {
      needsObjectGraph.append(
        spec.scope == .objectGraph || spec.dependencies.contains { needsObjectGraph[$0] })
    }
    var extra = SplitMix64(seed: seed ^ 0xB3A7_10E5)
    for index in specs.indices where specs[index].isAsync && index > 0 {
      let target = Int.random(in: 0..<index, using: &extra)
      let ownRequest = (0..<index).filter { !needsObjectGraph[$0] }
      let separate = ownRequest.isEmpty ? nil : ownRequest[target % ownRequest.count]
      switch Int.random(in: 0..<10, using: &extra) {
      case 0, 1:
        specs[index].behaviour = .asksInTask(target)
        // What it asks for is part of its creation.
        needsObjectGraph[index] = needsObjectGraph[index] || needsObjectGraph[target]
      case 2 where separate != nil: specs[index].behaviour = .asksDetached(separate!)
      case 3 where separate != nil: specs[index].behaviour = .leavesTask(separate!)
      case 4..<6 where specs[index].scope == .transient: specs[index].behaviour = .returnsShared
      default: break
      }
    }
    return specs
  }

  /// How many times each creator runs for `requests` (node numbers, one top-level
  /// request each, in order): a singleton once in all, an object-graph node once per
  /// request, a transient once per dependent made. A creator's request from a task it
  /// awaits is part of its request; one from a detached task is a request of its own
  /// made at once; one from a task it leaves running is a request of its own made after
  /// all the others (their nodes returned as `later`). `failing` is a singleton whose
  /// first creation fails: counted, and not made.
  static func expectedCreations(
    _ specs: [Spec], requests: [Int], failing: Int? = nil
  ) -> (creations: [Int], later: [Int]) {
    var creations = [Int](repeating: 0, count: specs.count)
    var singletonsMade = Set<Int>()
    var failed = false
    var later: [Int] = []

    /// One top-level request; its creators leave tasks only while the test's own
    /// requests run.
    func request(_ node: Int, leavesTasks: Bool) {
      var graphMade = Set<Int>()
      var pending = [node]
      while let index = pending.popLast() {
        switch specs[index].scope {
        case .singleton:
          guard !singletonsMade.contains(index) else { continue }
          if index == failing, !failed {
            failed = true
          } else {
            singletonsMade.insert(index)
          }
        case .objectGraph:
          guard graphMade.insert(index).inserted else { continue }
        case .transient:
          break
        }
        creations[index] += 1
        pending.append(contentsOf: specs[index].dependencies)
        switch specs[index].behaviour {
        case .asksInTask(let target): pending.append(target)
        case .asksDetached(let target): request(target, leavesTasks: leavesTasks)
        case .leavesTask(let target): if leavesTasks { later.append(target) }
        case .plain, .returnsShared: break
        }
      }
    }

    for node in requests {
      request(node, leavesTasks: true)
    }
    let left = later
    for node in left {
      request(node, leavesTasks: false)
    }
    return (creations, left)
  }

  /// Whether `made` has the shape the specs give the node `index`.
  static func hasShape(
    _ made: Made, of index: Int, in specs: [Spec], shared: [Int: SharedMade] = [:]
  ) -> Bool {
    var pending = [(made, index)]
    while let (node, index) = pending.popLast() {
      let spec = specs[index]
      if let object = shared[index] {
        guard node === object else { return false }
        continue
      }
      guard node.name == spec.name, node.children.count == spec.dependencies.count else {
        return false
      }
      pending.append(contentsOf: zip(node.children, spec.dependencies).map { ($0, $1) })
    }
    return true
  }

  /// The products named `name` under `made`, by identity, not looking inside the
  /// names in `opaque` (a singleton keeps what it was made with in an earlier
  /// request).
  static func products(
    named name: String, in made: Made, notInside opaque: Set<String> = []
  ) -> Set<ObjectIdentifier> {
    var found = Set<ObjectIdentifier>()
    var pending = [made]
    while let node = pending.popLast() {
      if node.name == name { found.insert(ObjectIdentifier(node)) }
      if !opaque.contains(node.name) {
        pending.append(contentsOf: node.children)
      }
    }
    return found
  }

  /// What a test case keeps while it runs.
  final class CaseState: Sendable {
    let creations: Locked<[Int]>
    /// The tasks creators left running, to await at the end.
    let leftTasks = Locked<[Task<Made, any Error>]>([])
    /// Raised once the test's requests are over: the tasks left running ask then, and
    /// creators leave no more.
    let requestsOver = Locked(false)
    /// What a nested request gave, when it was not the shape expected: a failure.
    let faults = Locked<[String]>([])

    init(count: Int) {
      creations = Locked([Int](repeating: 0, count: count))
    }
  }

  /// Registers the specs in `container`; returns the shared objects of the
  /// `returnsShared` nodes. `mapsCancellation` is a singleton whose first creation
  /// raises `started` and sleeps until cancelled, then throws `Interrupted`; `holds`
  /// is one whose first creation raises `started` and waits until `released`.
  static func register(
    _ specs: [Spec], in container: Container, state: CaseState,
    mapsCancellation: Int? = nil, holds: Int? = nil, started: Locked<Bool>? = nil,
    released: Locked<Bool>? = nil
  ) -> [Int: SharedMade] {
    var sharedObjects: [Int: SharedMade] = [:]
    for (index, spec) in specs.enumerated() where spec.behaviour == .returnsShared {
      sharedObjects[index] = SharedMade(
        spec.name, dependencyName: spec.dependencies.first.map { specs[$0].name })
    }
    let allShared = sharedObjects
    for (index, spec) in specs.enumerated() {
      let names = spec.dependencies.map { specs[$0].name }
      let options: ProviderOptions.For<Made> =
        switch spec.scope {
        case .transient: []
        case .singleton: .singleton
        case .objectGraph: .objectGraph
        }
      let make: @Sendable (ResolvedValues) throws -> Made = { values in
        Made(spec.name, try names.map { try values.value(forName: $0, as: Made.self) })
      }
      guard spec.isAsync else {
        container.addProvider(forName: spec.name, dependencies: names, options: options) {
          values in
          state.creations.withLock { $0[index] += 1 }
          return try make(values)
        }
        continue
      }
      let shared = allShared[index]
      let behaviour = spec.behaviour
      let targetName: String? =
        switch behaviour {
        case .asksInTask(let target), .asksDetached(let target), .leavesTask(let target):
          specs[target].name
        case .plain, .returnsShared: nil
        }
      let target: Int? =
        switch behaviour {
        case .asksInTask(let target), .asksDetached(let target), .leavesTask(let target):
          target
        case .plain, .returnsShared: nil
        }
      container.addAsyncProvider(forName: spec.name, dependencies: names, options: options) {
        [unowned container] values in
        let call = state.creations.withLock {
          $0[index] += 1
          return $0[index]
        }
        if index == holds, call == 1, let released {
          started?.withLock { $0 = true }
          while !released.withLock({ $0 }) {
            try await Task.sleep(nanoseconds: 1_000_000)
          }
        }
        if index == mapsCancellation, call == 1 {
          started?.withLock { $0 = true }
          do {
            try await Task.sleep(nanoseconds: 600_000_000_000)
          } catch {
            throw Interrupted()
          }
        }
        await Task.yield()
        if let targetName, let target {
          let check: @Sendable (Made) -> Void = { made in
            if !hasShape(made, of: target, in: specs, shared: allShared) {
              state.faults.withLock { $0.append("\(spec.name) got a wrong \(targetName)") }
            }
          }
          switch behaviour {
          case .asksInTask:
            let made = try await Task {
              try await container.asyncValue(forName: targetName, as: Made.self)
            }.value
            check(made)
          case .asksDetached:
            let made = try await Task.detached {
              try await container.asyncValue(forName: targetName, as: Made.self)
            }.value
            check(made)
          case .leavesTask:
            let leaves = state.requestsOver.withLock { !$0 }
            if leaves {
              let task = Task {
                while !state.requestsOver.withLock({ $0 }) {
                  try await Task.sleep(nanoseconds: 1_000_000)
                }
                return try await container.asyncValue(forName: targetName, as: Made.self)
              }
              state.leftTasks.withLock { $0.append(task) }
            }
          case .plain, .returnsShared:
            break
          }
        }
        if let shared { return shared }
        return try make(values)
      }
    }
    return sharedObjects
  }

  @Test(arguments: 0..<150)
  func asyncResolutionAgreesWithTheModel(seed: UInt64) async throws {
    let specs = Self.graph(seed: seed, behaviours: true)
    let container = Container()
    let state = CaseState(count: specs.count)
    let sharedObjects = Self.register(specs, in: container, state: state)
    try container.checkForErrors()
    let root = specs.count - 1
    let rootName = specs[root].name

    // Two requests one after the other, then three at the same time.
    var made = [try await container.asyncValue(forName: rootName, as: Made.self)]
    made.append(try await container.asyncValue(forName: rootName, as: Made.self))
    made += try await withThrowingTaskGroup(of: Made.self) { group in
      for _ in 0..<3 {
        group.addTask { try await container.asyncValue(forName: rootName, as: Made.self) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    // Each shared object, to many tasks at once (after one request, which makes the
    // singletons it needs: which of several requests at once makes each would decide
    // how many object-graph products are made).
    for (index, shared) in sharedObjects.sorted(by: { $0.key < $1.key }) {
      let name = specs[index].name
      #expect(try await container.asyncValue(forName: name, as: Made.self) === shared)
      let got = try await withThrowingTaskGroup(of: Made.self) { group in
        for _ in 0..<16 {
          group.addTask { try await container.asyncValue(forName: name, as: Made.self) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(got.allSatisfy { $0 === shared }, "seed \(seed): \(name)")
    }
    let requests =
      [Int](repeating: root, count: made.count)
      + sharedObjects.keys.sorted().flatMap { [Int](repeating: $0, count: 17) }
    // The tasks creators left running ask now; the model counts them after the rest.
    state.requestsOver.withLock { $0 = true }
    var laterMade: [Made] = []
    for task in state.leftTasks.withLock({ $0 }) {
      laterMade.append(try await task.value)
    }
    let expected = Self.expectedCreations(specs, requests: requests)

    #expect(state.creations.withLock { $0 } == expected.creations, "seed \(seed)")
    // The tasks left running asked in whatever order they ran: compared as a set.
    #expect(
      laterMade.map(\.name).sorted() == expected.later.map { specs[$0].name }.sorted(),
      "seed \(seed)")
    for product in laterMade {
      let node = specs.firstIndex { $0.name == product.name }!
      #expect(
        Self.hasShape(product, of: node, in: specs, shared: sharedObjects), "seed \(seed)")
    }
    #expect(state.faults.withLock { $0 }.isEmpty, "seed \(seed)")
    for product in made {
      #expect(Self.hasShape(product, of: root, in: specs, shared: sharedObjects), "seed \(seed)")
    }
    for (index, shared) in sharedObjects {
      let injections = shared.injections
      #expect(injections.most <= 1, "seed \(seed): \(specs[index].name) injected at once")
      #expect(injections.fills <= 1, "seed \(seed): \(specs[index].name) filled again")
    }
    let singletons = Set(specs.filter { $0.scope == .singleton }.map(\.name))
    for spec in specs where spec.scope != .transient {
      // Within one request, one product per shared name (an object-graph product kept
      // by a singleton from an earlier request aside); a singleton's in all requests.
      let perRequest = made.map {
        Self.products(named: spec.name, in: $0, notInside: singletons.subtracting([spec.name]))
      }
      #expect(perRequest.allSatisfy { $0.count <= 1 }, "seed \(seed): \(spec.name)")
      if spec.scope == .singleton {
        #expect(Set(perRequest.flatMap { $0 }).count <= 1, "seed \(seed): \(spec.name)")
      }
    }
  }

  /// The last async singleton of a graph, if it has one.
  static func lastAsyncSingleton(in specs: [Spec]) -> Int? {
    specs.indices.last { specs[$0].isAsync && specs[$0].scope == .singleton }
  }

  /// A request for an async singleton whose creator turns cancellation into an error
  /// of its own is cancelled while three other tasks ask for it: the cancelled one
  /// gets that error, one of the others makes the singleton (from its dependencies,
  /// again), and all three get it.
  @Test(arguments: 0..<60)
  func aCancelledCreationIsTakenOverAsTheModelSays(seed: UInt64) async throws {
    let specs = Self.graph(seed: seed)
    guard let singleton = Self.lastAsyncSingleton(in: specs) else { return }
    let container = Container()
    let state = CaseState(count: specs.count)
    let started = Locked(false)
    _ = Self.register(
      specs, in: container, state: state, mapsCancellation: singleton, started: started)
    let name = specs[singleton].name
    let owner = Task { try await container.asyncValue(forName: name, as: Made.self) }
    while !started.withLock({ $0 }) { try await Task.sleep(nanoseconds: 1_000_000) }
    let waiters = (0..<3).map { _ in
      Task { try await container.asyncValue(forName: name, as: Made.self) }
    }
    // Once one waits (or after a while: the outcome is the same if none does yet).
    let shared = try #require(provider(named: name, in: container))
    for _ in 0..<2_000 where Claims.shared.suspendedTaskCount(for: shared) == 0 {
      try await Task.sleep(nanoseconds: 1_000_000)
    }
    owner.cancel()
    let failure = await owner.result
    guard case .failure(let error as ResolutionError) = failure else {
      Issue.record("seed \(seed): expected the creator's own error, got \(failure)")
      return
    }
    #expect(error.underlyingError is Interrupted, "seed \(seed)")
    var products: [Made] = []
    for waiter in waiters {
      products.append(try await waiter.value)
    }
    #expect(Set(products.map(ObjectIdentifier.init)).count == 1, "seed \(seed)")
    #expect(products.allSatisfy { Self.hasShape($0, of: singleton, in: specs) }, "seed \(seed)")
    let expected = Self.expectedCreations(
      specs, requests: [singleton, singleton, singleton, singleton], failing: singleton)
    #expect(state.creations.withLock { $0 } == expected.creations, "seed \(seed)")
  }

  /// Four tasks wait for an async singleton another task is making; two of them are
  /// cancelled while they wait: those two stop at once with the cancellation, and the
  /// creation goes on for the owner and the other two, who get one singleton, made once,
  /// as the model says.
  @Test(arguments: 0..<60)
  func cancelledWaitersStopAtOnceAndTheOthersGetTheSingleton(seed: UInt64) async throws {
    let specs = Self.graph(seed: seed)
    guard let singleton = Self.lastAsyncSingleton(in: specs) else { return }
    let container = Container()
    let state = CaseState(count: specs.count)
    let started = Locked(false)
    let released = Locked(false)
    _ = Self.register(
      specs, in: container, state: state, holds: singleton, started: started, released: released)
    let name = specs[singleton].name
    let owner = Task { try await container.asyncValue(forName: name, as: Made.self) }
    while !started.withLock({ $0 }) { try await Task.sleep(nanoseconds: 1_000_000) }
    let ended = Locked(0)
    let waiters = (0..<4).map { _ in
      Task {
        defer { ended.withLock { $0 += 1 } }
        return try await container.asyncValue(forName: name, as: Made.self)
      }
    }
    let shared = try #require(provider(named: name, in: container))
    for _ in 0..<5_000 where Claims.shared.suspendedTaskCount(for: shared) < 4 {
      try await Task.sleep(nanoseconds: 1_000_000)
    }
    #expect(Claims.shared.suspendedTaskCount(for: shared) == 4, "seed \(seed)")
    waiters[0].cancel()
    waiters[2].cancel()
    // The two cancelled ones end while the creation still waits to be released.
    for _ in 0..<5_000 where ended.withLock({ $0 }) < 2 {
      try await Task.sleep(nanoseconds: 1_000_000)
    }
    #expect(ended.withLock { $0 } == 2, "seed \(seed)")
    for cancelled in [waiters[0], waiters[2]] {
      let result = await cancelled.result
      guard case .failure(let error as ResolutionError) = result else {
        Issue.record("seed \(seed): expected the cancellation, got \(result)")
        continue
      }
      #expect(error.underlyingError is CancellationError, "seed \(seed)")
    }
    released.withLock { $0 = true }
    let products = [
      try await owner.value, try await waiters[1].value, try await waiters[3].value,
    ]
    #expect(Set(products.map(ObjectIdentifier.init)).count == 1, "seed \(seed)")
    #expect(products.allSatisfy { Self.hasShape($0, of: singleton, in: specs) }, "seed \(seed)")
    let expected = Self.expectedCreations(specs, requests: [singleton], failing: nil)
    #expect(state.creations.withLock { $0 } == expected.creations, "seed \(seed)")
  }
}

/// A creator's own error for cancellation, as `URLSession` throws `URLError(.cancelled)`.
struct Interrupted: Error {}

/// The provider registered under `name`.
func provider(named name: String, in container: Container) -> Provider? {
  container.lookup(name, hash: name.hashValue)?.retained.provider
}
