import INJContainer
import INJGraph
import TestUtilities
import Testing

/// Graphs far deeper and wider than any app's, on threads with a 512 KB stack: a
/// resolver or a check that recursed per dependency level would overflow it. They
/// add to `DepthAndLifetimeTests` (a 100,000-deep transient chain) and
/// `DeepGraphTests` (a million-node chain and ring).
@Suite("Deep and wide graphs")
struct DeepAndWideTests {
  static let depth = 100_000
  static let stackSize = 512 * 1024

  /// A product that knows its depth without holding the next one (a chain of
  /// 100,000 strong references would be freed by 100,000 nested deinitializers).
  final class Link: Sendable {
    let depth: Int
    init(depth: Int) { self.depth = depth }
  }

  /// Runs `body` on a 512 KB stack and returns what it returns.
  static func onSmallStack<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value? {
    let handoff = Handoff<Value>()
    runOnThread(stackSize: stackSize) { handoff.value = body() }
    return handoff.value
  }

  @Test func a100000DeepChainOfEveryScopeResolvesOnce() throws {
    let container = Container()
    let created = SharedCount()
    let scopes: [ProviderOptions] = [.singleton, .objectGraph, [], .weakSingleton]
    // link0 → link1 → … → link99999 → leafProvider, each scope in turn.
    container.addProvider(forName: "leaf") { _ in Link(depth: 0) }
    for index in 0..<Self.depth {
      let next = index + 1 < Self.depth ? "link\(index + 1)" : "leafProvider"
      container.addProvider(
        forName: "link\(index)", dependencies: [next], options: .init(scopes[index % scopes.count])
      ) { values in
        created.add()
        if index + 1 == Self.depth {
          let leaf = try values.value(forName: next, as: (() throws -> Link).self)
          return Link(depth: try leaf().depth + 1)
        }
        return Link(depth: try values.value(forName: next, as: Link.self).depth + 1)
      }
    }
    let depths = Self.onSmallStack { () -> [Int] in
      do {
        try container.checkForErrors()
        let first = try container.value(forName: "link0", as: Link.self)
        let again = try container.value(forName: "link0", as: Link.self)
        return [first.depth, first === again ? 1 : 0]
      } catch {
        return [-1]
      }
    }
    #expect(depths == [Self.depth, 1])
    #expect(created.value == Self.depth)
  }

  @Test func a100000LongCycleIsFoundAtResolveTimeAndByTheCheck() throws {
    let container = Container()
    for index in 0..<Self.depth {
      container.addProvider(
        forName: "link\(index)", dependencies: ["link\((index + 1) % Self.depth)"],
        options: index.isMultiple(of: 2) ? .singleton : []
      ) { _ in Link(depth: 0) }
    }
    let ring = (0..<Self.depth).map { "link\($0)" } + ["link0"]
    let found = Self.onSmallStack { () -> [[String]] in
      var found: [[String]] = []
      do {
        _ = try container.value(forName: "link0")
      } catch let error as ResolutionError {
        if case .cycle(let cycle) = error.reason { found.append(cycle) }
        found.append(error.path)
      } catch {}
      do {
        try container.checkForErrors()
      } catch let error as ValidationError {
        found += error.cycles
      } catch {}
      return found
    }
    #expect(found?.count == 3)
    #expect(found?.allSatisfy { $0 == ring } == true)
  }

  /// A transient cycle far from the top is found where the search for providers in
  /// progress runs (at powers of two past depth 32), reported as one turn of it.
  @Test func aCycleDeepInASynchronousChainIsFoundAsOneTurn() throws {
    let container = Container()
    for index in 0..<1_000 {
      container.addProvider(forName: "link\(index)", dependencies: ["link\(index + 1)"]) {
        _ in index
      }
    }
    container.addProvider(forName: "link1000", dependencies: ["link900"]) { _ in 0 }
    let error = #expect(throws: ResolutionError.self) {
      try container.value(forName: "link0", as: Int.self)
    }
    let cycle = try #require(error?.reason.cycleNames)
    #expect(cycle.count == 102)
    #expect(Set(cycle) == Set((900...1000).map { "link\($0)" }))
  }

  @Test func aFailureAtTheBottomOfA100000DeepSingletonChainLeavesItUsable() throws {
    let container = Container()
    let created = SharedCount()
    let bottomCalls = SharedCount()
    struct Offline: Error {}
    container.addProvider(forName: "bottom") { _ -> Link in
      bottomCalls.add()
      if bottomCalls.value == 1 { throw Offline() }
      return Link(depth: 0)
    }
    for index in 0..<Self.depth {
      let next = index + 1 < Self.depth ? "link\(index + 1)" : "bottom"
      container.addProvider(forName: "link\(index)", dependencies: [next], options: .singleton) {
        values in
        created.add()
        return Link(depth: try values.value(forName: next, as: Link.self).depth + 1)
      }
    }
    let outcome = Self.onSmallStack { () -> [Int] in
      var outcome: [Int] = []
      do {
        _ = try container.value(forName: "link0")
      } catch let error as ResolutionError {
        outcome.append(error.path.count)
        outcome.append(error.underlyingError is Offline ? 1 : 0)
        outcome.append(error.path.last == "bottom" && error.path.first == "link0" ? 1 : 0)
      } catch {}
      outcome.append((try? container.value(forName: "link0", as: Link.self))?.depth ?? -1)
      outcome.append((try? container.value(forName: "link50000", as: Link.self))?.depth ?? -1)
      return outcome
    }
    #expect(outcome == [Self.depth + 1, 1, 1, Self.depth, Self.depth / 2])
    #expect(created.value == Self.depth)
    #expect(bottomCalls.value == 2)
  }

  @Test func aProviderWith100000DependenciesResolvesAndChecks() throws {
    let container = Container()
    let names = (0..<Self.depth).map { "item\($0)" }
    for (index, name) in names.enumerated() {
      if index.isMultiple(of: 2) {
        container.addInstance(index, forName: name)
      } else {
        container.addProvider(forName: name) { _ in index }
      }
    }
    container.addProvider(forName: "hub", dependencies: names) { values in
      [values.names.count, try values.value(forName: "item0", as: Int.self)]
    }
    let result = Self.onSmallStack { () -> [Int] in
      do {
        try container.checkForErrors()
        return try container.value(forName: "hub", as: [Int].self)
      } catch {
        return []
      }
    }
    #expect(result == [Self.depth, 0])
  }

  // MARK: A million nodes

  @Test func aMillionNodeRandomGraphIsOrderedAndItsCyclesFound() throws {
    let nodeCount = 1_000_000
    let edgesPerNode = 4
    // Nodes 0…8 form three isolated 3-cycles; every other node depends on up to four
    // random later nodes, so the rest is acyclic.
    var random = ModelRandom(seed: 0x1_000_000)
    var graph = DependencyGraph<Int>()
    var edgeCount = 0
    for node in 9..<nodeCount {
      let dependencies = (0..<edgesPerNode).compactMap { _ -> Int? in
        let span = nodeCount - node - 1
        return span > 0 ? node + 1 + Int(random.next() % UInt64(min(span, 1_000))) : nil
      }
      edgeCount += dependencies.count
      graph.addNode(node, dependencies: dependencies)
    }
    let acyclic = graph
    for cycle in 0..<3 {
      let first = cycle * 3
      for offset in 0..<3 {
        graph.addNode(first + offset, dependencies: [first + (offset + 1) % 3])
      }
    }
    let planted = [[0, 1, 2, 0], [3, 4, 5, 3], [6, 7, 8, 6]]
    let cyclic = graph
    let found = Self.onSmallStack { () -> [String] in
      var found: [String] = []
      // The order of the acyclic part puts every dependency before its dependents.
      if let order = try? acyclic.topologicalOrder() {
        var position = [Int](repeating: -1, count: nodeCount)
        for (index, node) in order.enumerated() { position[node] = index }
        let respected = acyclic.edges.allSatisfy { edge in
          position[edge.dependency] < position[edge.dependent]
        }
        found.append("order \(order.count) \(respected)")
      }
      do {
        _ = try cyclic.topologicalOrder()
      } catch let error as CycleError<Int> {
        found.append("order throws \(error.cycles == planted)")
      } catch {}
      let components = cyclic.stronglyConnectedComponents()
      found.append("components \(components.count) \(components.filter { $0.count == 3 }.count)")
      found.append("cycles \(cyclic.cycles() == planted)")
      return found
    }
    #expect(edgeCount > 3 * nodeCount)
    #expect(
      found == [
        "order \(nodeCount - 9) true", "order throws true", "components \(nodeCount - 6) 3",
        "cycles true",
      ])
  }

  // MARK: Cost per resolution

  /// A container of `count` registrations, among them `target`: a transient with
  /// three transient dependencies, and the singleton `shared`.
  static func container(registrations count: Int) -> Container {
    let container = Container()
    for index in 0..<count - 5 {
      container.addProvider(forName: "filler\(index)", dependencies: ["filler\(index / 2)"]) { _ in
        Link(depth: index)
      }
    }
    for name in ["a", "b", "c"] {
      container.addProvider(forName: name) { _ in Link(depth: 0) }
    }
    container.addProvider(forName: "target", dependencies: ["a", "b", "c"]) { _ in
      Link(depth: 1)
    }
    container.addProvider(forName: "shared", options: .singleton) { _ in Link(depth: 0) }
    return container
  }

  /// The fastest of `rounds` batches of `count` resolutions of `name`, in
  /// nanoseconds per resolution.
  static func fastest(_ name: String, in container: Container, count: Int) throws -> Double {
    let stopwatch = Stopwatch()
    for _ in 0..<count {
      _ = try container.value(forName: name, as: Link.self)
    }
    return Double(stopwatch.elapsedNanoseconds) / Double(count)
  }

  @Test func resolvingOneNameCostsTheSameAmongAHundredOrAHundredThousandNames() throws {
    let small = Self.container(registrations: 100)
    let large = Self.container(registrations: 100_000)
    var report: [String] = []
    for (name, count) in [("target", 2_000), ("shared", 20_000)] {
      var best = (small: Double.infinity, large: Double.infinity)
      // Interleaved rounds, fastest of each: noise on a busy machine only slows
      // a round down.
      for _ in 0..<15 {
        best.small = min(best.small, try Self.fastest(name, in: small, count: count))
        best.large = min(best.large, try Self.fastest(name, in: large, count: count))
      }
      let ratio = best.large / best.small
      report.append(
        "\(name): \(Int(best.small)) ns among 100, \(Int(best.large)) ns among 100,000")
      #expect(ratio < 3, "resolving '\(name)' got \(ratio)× slower: \(report)")
    }
    print("Cost per resolution: \(report.joined(separator: "; "))")
  }
}
