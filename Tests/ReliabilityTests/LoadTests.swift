import Foundation
import INJContainer
import INJPrimitives
import TestUtilities
import Testing

/// Several threads resolve a mixed graph for a bounded time while another thread
/// registers new names; every product is tracked, so the test can tell that
/// singletons were made once and that nothing outlives its container.
///
/// `INJINEER_LOAD_SECONDS` sets how long the threads run (default 1.5).
@Suite("Load")
struct LoadTests {
  /// A product that says what it was made from; every one made is tracked.
  final class Part: Sendable {
    let name: String
    let parts: [Part]
    init(_ name: String, _ parts: [Part]) {
      self.name = name
      self.parts = parts
    }

    /// The first part (in depth) named `name`.
    func find(_ name: String) -> Part? {
      if self.name == name { return self }
      for part in parts {
        if let found = part.find(name) { return found }
      }
      return nil
    }
  }

  /// Weak references to every part made, and creator calls per name.
  final class Tracker: Sendable {
    private struct Weak {
      weak var part: Part?
    }
    private let state = Locked<(parts: [Weak], made: [String: Int])>(([], [:]))

    func made(_ name: String, _ parts: [Part]) -> Part {
      let part = Part(name, parts)
      state.withLock {
        $0.parts.append(Weak(part: part))
        $0.made[name, default: 0] += 1
      }
      return part
    }

    func count(_ name: String) -> Int { state.withLock { $0.made[name] ?? 0 } }
    var total: Int { state.withLock { $0.parts.count } }
    var alive: [String] { state.withLock { $0.parts.compactMap { $0.part?.name } } }
  }

  /// Failures seen by any thread.
  final class Failures: Sendable {
    private let list = Locked<[String]>([])
    func record(_ failure: String) { list.withLock { $0.append(failure) } }
    var all: [String] { list.withLock { $0 } }
  }

  static let singletons = 8
  static let weakSingletons = 4
  static let transients = 16

  /// Registers the graph: `config` (an instance), singletons `s0…` (each on the one
  /// before), weak singletons `w0…`, the object-graph provider `graph`, transients
  /// `t0…` on all of those, `pair` (two transients that must share `graph`), and
  /// `maker`, whose creator calls provider closures.
  static func register(in container: Container, tracker: Tracker) {
    container.addInstance(Part("config", []), forName: "config")
    for index in 0..<singletons {
      let dependencies = index == 0 ? ["config"] : ["config", "s\(index - 1)"]
      container.addProvider(forName: "s\(index)", dependencies: dependencies, options: .singleton) {
        values in
        tracker.made("s\(index)", try dependencies.map { try values.value(forName: $0) })
      }
    }
    for index in 0..<weakSingletons {
      let dependency = "s\(index % singletons)"
      container.addProvider(
        forName: "w\(index)", dependencies: [dependency], options: .weakSingleton
      ) { values in
        tracker.made("w\(index)", [try values.value(forName: dependency)])
      }
    }
    container.addProvider(forName: "graph", dependencies: ["s0"], options: .objectGraph) { values in
      tracker.made("graph", [try values.value(forName: "s0")])
    }
    for index in 0..<transients {
      let dependencies = [
        "s\(index % singletons)", "w\(index % weakSingletons)", "graph",
        "s\((index + 3) % singletons)Provider",
      ]
      container.addProvider(forName: "t\(index)", dependencies: dependencies) { values in
        let make = try values.value(
          forName: "s\((index + 3) % singletons)Provider", as: (() throws -> Part).self)
        return tracker.made(
          "t\(index)",
          [
            try values.value(forName: dependencies[0]), try values.value(forName: dependencies[1]),
            try values.value(forName: "graph"), try make(),
          ])
      }
    }
    container.addProvider(forName: "pair", dependencies: ["t0", "t5"]) { values in
      tracker.made("pair", [try values.value(forName: "t0"), try values.value(forName: "t5")])
    }
    container.addProvider(forName: "maker", dependencies: ["t1Provider", "w1Provider"]) { values in
      let transient = try values.value(forName: "t1Provider", as: (() throws -> Part).self)
      let weak = try values.value(forName: "w1Provider", as: (() throws -> Part).self)
      return tracker.made("maker", [try transient(), try transient(), try weak(), try weak()])
    }
  }

  @Test func threadsResolveAMixedGraphWhileAnotherRegisters() throws {
    let seconds = ReliabilityEnvironment.seconds("INJINEER_LOAD_SECONDS", default: 1.5)
    let resolvers = 4
    let seed = ReliabilityEnvironment.integer("INJINEER_LOAD_SEED") ?? 0x10AD
    let tracker = Tracker()
    let failures = Failures()
    let resolutions = SharedCount()
    let childrenMade = SharedCount()
    let lateRegistered = SharedCount()
    let stopwatch = Stopwatch()
    weak var droppedContainer: Container?
    do {
      let container = Container()
      droppedContainer = container
      Self.register(in: container, tracker: tracker)
      let canonical = try (0..<Self.singletons).map {
        try container.value(forName: "s\($0)", as: Part.self)
      }

      let threads = (0...resolvers).map { thread in
        { @Sendable in
          var random = ModelRandom(seed: ModelRandom.caseSeed(seed, case: thread))
          var round = 0
          while stopwatch.elapsedSeconds < seconds {
            round += 1
            do {
              if thread == resolvers {
                try Self.registerLate(
                  round, in: container, tracker: tracker, registered: lateRegistered)
              } else {
                try Self.resolveSomething(
                  in: container, canonical: canonical, tracker: tracker, random: &random,
                  registered: lateRegistered, childrenMade: childrenMade)
                resolutions.add()
              }
            } catch {
              failures.record("seed \(hex(seed)), thread \(thread), round \(round): \(error)")
            }
          }
        }
      }
      let started = Stopwatch()
      // Joining the threads (rather than waiting for a signal from them) makes sure
      // each has released what its closure held, the container included.
      runConcurrently(threads.count) { threads[$0]() }
      print(
        "Load: \(resolvers) threads resolved \(resolutions.value) times "
          + "(\(childrenMade.value) child containers) while one registered "
          + "\(lateRegistered.value) names, in \(started); "
          + "\(tracker.total) products made")
      #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
      for index in 0..<Self.singletons {
        #expect(tracker.count("s\(index)") == 1, "singleton s\(index) made more than once")
      }
      for round in stride(from: 2, through: lateRegistered.value, by: 2)
      where !round.isMultiple(of: 3) {
        #expect(tracker.count("late\(round)") == 1, "singleton late\(round) made more than once")
      }
      #expect(resolutions.value > 100)
      #expect(lateRegistered.value > 10)
      #expect(childrenMade.value > 0)
      try container.checkForErrors()
    }
    #expect(droppedContainer == nil, "the container outlived its last reference")
    #expect(
      tracker.alive.isEmpty, "still alive after the container went: \(tracker.alive.prefix(10))")
  }

  /// Registers one new name on the parent and resolves it.
  static func registerLate(
    _ round: Int, in container: Container, tracker: Tracker, registered: SharedCount
  ) throws {
    let name = "late\(round)"
    if round.isMultiple(of: 3) {
      container.addInstance(Part(name, []), forName: name)
    } else {
      let dependency = "t\(round % transients)"
      let options: ProviderOptions = round.isMultiple(of: 2) ? .singleton : []
      container.addProvider(forName: name, dependencies: [dependency], options: .init(options)) {
        values in
        tracker.made(name, [try values.value(forName: dependency)])
      }
    }
    registered.store(round)
    let part = try container.value(forName: name, as: Part.self)
    guard part.name == name else { throw LoadFailure("'\(name)' resolved to '\(part.name)'") }
  }

  /// One random resolution, checked against what its scope promises.
  static func resolveSomething(
    in container: Container, canonical: [Part], tracker: Tracker,
    random: inout ModelRandom, registered: SharedCount, childrenMade: SharedCount
  ) throws {
    switch random.next() % 8 {
    case 0, 1:
      let index = Int(random.next() % UInt64(transients))
      let part = try container.value(forName: "t\(index)", as: Part.self)
      try expectSingletons(in: part, canonical: canonical)
    case 2:
      let pair = try container.value(forName: "pair", as: Part.self)
      guard pair.parts[0].parts[2] === pair.parts[1].parts[2] else {
        throw LoadFailure("the two transients of one resolution got different 'graph' products")
      }
      try expectSingletons(in: pair, canonical: canonical)
    case 3:
      let index = Int(random.next() % UInt64(weakSingletons))
      let held = try container.value(forName: "w\(index)", as: Part.self)
      let again = try container.value(forName: "w\(index)", as: Part.self)
      guard held === again else { throw LoadFailure("w\(index) was not shared while held") }
    case 4:
      let maker = try container.value(forName: "maker", as: Part.self)
      guard maker.parts[0] !== maker.parts[1], maker.parts[2] === maker.parts[3] else {
        throw LoadFailure("provider closures broke their scopes")
      }
    case 5:
      let latest = registered.value
      guard latest > 0 else { return }
      let round = 1 + Int(random.next() % UInt64(latest))
      let part = try container.value(forName: "late\(round)", as: Part.self)
      guard part.name == "late\(round)" else { throw LoadFailure("late\(round) was wrong") }
    case 6:
      try useChild(of: container, canonical: canonical, tracker: tracker)
      childrenMade.add()
    default:
      let index = Int(random.next() % UInt64(singletons))
      guard try container.value(forName: "s\(index)", as: Part.self) === canonical[index] else {
        throw LoadFailure("s\(index) was not the singleton")
      }
    }
  }

  /// A child with its own `config` and singleton `session`: its own names see the
  /// child's `config`, the parent's names keep the parent's.
  static func useChild(of parent: Container, canonical: [Part], tracker: Tracker) throws {
    let child = parent.makeChild()
    let config = Part("config", [])
    child.addInstance(config, forName: "config")
    child.addProvider(forName: "session", dependencies: ["config", "t2"], options: .singleton) {
      values in
      tracker.made(
        "session", [try values.value(forName: "config"), try values.value(forName: "t2")])
    }
    let session = try child.value(forName: "session", as: Part.self)
    guard try child.value(forName: "session", as: Part.self) === session else {
      throw LoadFailure("the child's singleton was made twice")
    }
    guard session.parts[0] === config else {
      throw LoadFailure("the child's provider did not see the child's 'config'")
    }
    guard try child.value(forName: "s0", as: Part.self) === canonical[0],
      canonical[0].parts[0] !== config
    else {
      throw LoadFailure("the child did not share the parent's singleton")
    }
    try expectSingletons(in: session.parts[1], canonical: canonical)
  }

  /// Every singleton inside `part` is the one the container made.
  static func expectSingletons(in part: Part, canonical: [Part]) throws {
    for (index, singleton) in canonical.enumerated() {
      if let found = part.find("s\(index)"), found !== singleton {
        throw LoadFailure("a second s\(index) inside \(part.name)")
      }
    }
  }

  @Test func droppingAContainerUnderLoadFreesEverything() throws {
    let tracker = Tracker()
    weak var dropped: Container?
    do {
      let container = Container()
      dropped = container
      Self.register(in: container, tracker: tracker)
      let canonical = try (0..<Self.singletons).map {
        try container.value(forName: "s\($0)", as: Part.self)
      }
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        var random = ModelRandom(seed: UInt64(thread))
        let registered = SharedCount()
        let children = SharedCount()
        for _ in 0..<200 {
          _ = try? Self.resolveSomething(
            in: container, canonical: canonical, tracker: tracker, random: &random,
            registered: registered, childrenMade: children)
        }
      }
    }
    #expect(dropped == nil)
    #expect(tracker.total > 100)
    #expect(tracker.alive.isEmpty, "still alive: \(tracker.alive.prefix(10))")
  }
}

struct LoadFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
