import INJGraph
import TestUtilities
import Testing

/// Random graphs of at most 8 nodes, each answer compared with the brute-force reference.
/// Every failure names the seed that reproduces it.
@Suite struct PropertyTests {
  @Test func cyclesMatchExhaustiveSearch() {
    for seed in RandomGraphs.seeds {
      let reference = ReferenceGraph(additions: RandomGraphs.additions(seed: seed))
      let graph = reference.makeGraph()
      let expected = reference.cycles()
      let all = graph.cycles(limit: .max)
      #expect(all == expected, "seed \(seed)")
      let limit = DependencyGraph<Int>.cycleListLimit
      #expect(graph.cycles() == Array(expected.prefix(limit)), "seed \(seed)")

      var random = SplitMix64(seed: seed)
      let cut = Int.random(in: 0...(expected.count + 1), using: &random)
      let truncated = graph.cycles(limit: cut)
      #expect(truncated == Array(expected.prefix(cut)), "seed \(seed), limit \(cut)")
    }
  }

  @Test func orderSucceedsExactlyWithoutCyclesAndFollowsTheTieBreakRule() {
    for seed in RandomGraphs.seeds {
      let reference = ReferenceGraph(additions: RandomGraphs.additions(seed: seed))
      let graph = reference.makeGraph()
      if let expected = reference.topologicalOrder() {
        #expect(reference.cycles().isEmpty, "seed \(seed)")
        let order = try? graph.topologicalOrder()
        #expect(order == expected, "seed \(seed)")
        // Every direct edge points backwards in the order.
        if let order {
          let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
          for edge in graph.edges where !edge.isDeferred {
            #expect(position[edge.dependency]! < position[edge.dependent]!, "seed \(seed)")
          }
        }
      } else {
        let cycles = reference.cycles()
        #expect(!cycles.isEmpty, "seed \(seed)")
        #expect(throws: CycleError(cycles: cycles, isTruncated: false), "seed \(seed)") {
          try graph.topologicalOrder()
        }
      }
    }
  }

  @Test func componentsAreTheMutualReachabilityClassesInDependencyOrder() {
    for seed in RandomGraphs.seeds {
      let reference = ReferenceGraph(additions: RandomGraphs.additions(seed: seed))
      let graph = reference.makeGraph()
      let components = graph.stronglyConnectedComponents()
      #expect(components == reference.stronglyConnectedComponents(), "seed \(seed)")
      #expect(components.flatMap { $0 }.sorted() == graph.nodes.sorted(), "seed \(seed)")
    }
  }

  @Test func edgesAndDanglingReferencesMatchTheCalls() {
    for seed in RandomGraphs.seeds {
      let reference = ReferenceGraph(additions: RandomGraphs.additions(seed: seed))
      let graph = reference.makeGraph()
      #expect(graph.nodes == reference.nodes, "seed \(seed)")
      #expect(graph.edges == reference.edges(), "seed \(seed)")
      #expect(graph.danglingReferences == reference.dangling, "seed \(seed)")
    }
  }

  @Test func neighboursReachabilityAndDepthMatchTheMatrices() {
    for seed in RandomGraphs.seeds {
      let reference = ReferenceGraph(additions: RandomGraphs.additions(seed: seed))
      let graph = reference.makeGraph()
      let nodes = reference.nodes
      let depths = reference.depths()
      #expect(
        graph.depths() == Dictionary(uniqueKeysWithValues: zip(nodes, depths)), "seed \(seed)")
      #expect((graph.depths().values.max() ?? 0) == (depths.max() ?? 0), "seed \(seed)")
      for includingDeferred in [false, true] {
        let reach = reference.reachability(includingDeferred: includingDeferred)
        for (rank, node) in nodes.enumerated() {
          let dependencies = nodes.indices.filter {
            reference.hasEdge(rank, $0, includingDeferred: includingDeferred)
          }.map { nodes[$0] }
          let dependents = nodes.indices.filter {
            reference.hasEdge($0, rank, includingDeferred: includingDeferred)
          }.map { nodes[$0] }
          let context = "seed \(seed), node \(node), deferred \(includingDeferred)"
          #expect(
            graph.dependencies(of: node, includingDeferred: includingDeferred) == dependencies,
            "\(context)")
          #expect(
            graph.dependents(of: node, includingDeferred: includingDeferred) == dependents,
            "\(context)")
          #expect(
            graph.transitiveDependencies(of: node, includingDeferred: includingDeferred)
              == nodes.indices.filter { reach[rank][$0] }.map { nodes[$0] }, "\(context)")
          #expect(
            graph.transitiveDependents(of: node, includingDeferred: includingDeferred)
              == nodes.indices.filter { reach[$0][rank] }.map { nodes[$0] }, "\(context)")
          if !includingDeferred {
            #expect(graph.depths()[node] == depths[rank], "\(context)")
          }
        }
      }

      // Reachability from random roots, one of which may not be a node at all.
      var random = SplitMix64(seed: seed)
      let roots = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        Int.random(in: 0..<10, using: &random)
      }
      let reach = reference.reachability(includingDeferred: true)
      let rootRanks = roots.compactMap { nodes.firstIndex(of: $0) }
      let unreachable = nodes.indices.filter { node in
        !rootRanks.contains { $0 == node || reach[$0][node] }
      }.map { nodes[$0] }
      #expect(graph.unreachableNodes(from: roots) == unreachable, "seed \(seed), roots \(roots)")
    }
  }

  @Test func compactCoreMatchesTheReference() {
    for seed in RandomGraphs.seeds {
      let reference = ReferenceGraph(additions: RandomGraphs.additions(seed: seed))
      // Node ids are the ranks; give the edges in a random order with some duplicates.
      var random = SplitMix64(seed: seed ^ 0xC0DE)
      var edges: [(Int32, Int32)] = []
      for from in reference.nodes.indices {
        for to in reference.nodes.indices where reference.direct[from][to] {
          edges.append((Int32(from), Int32(to)))
          if Bool.random(using: &random) { edges.append((Int32(from), Int32(to))) }
        }
      }
      edges.shuffle(using: &random)
      let core = CompactDigraph(
        nodeCount: reference.nodes.count, edgeSources: edges.map(\.0),
        edgeTargets: edges.map(\.1))
      let rankOf = Dictionary(
        uniqueKeysWithValues: reference.nodes.enumerated().map { ($1, Int32($0)) })

      let expectedCycles = reference.cycles().map { cycle in cycle.dropLast().map { rankOf[$0]! } }
      let found = core.elementaryCycles(limit: .max)
      #expect(found.cycles == expectedCycles, "seed \(seed)")
      #expect(!found.isTruncated, "seed \(seed)")
      #expect(
        core.topologicalOrder() == reference.topologicalOrder()?.map { rankOf[$0]! }, "seed \(seed)"
      )
      #expect(core.isAcyclic == expectedCycles.isEmpty, "seed \(seed)")
      #expect(
        core.stronglyConnectedComponents()
          == reference.stronglyConnectedComponents().map { $0.map { rankOf[$0]! } }, "seed \(seed)")
      #expect(core.depths() == reference.depths().map { Int32($0) }, "seed \(seed)")
      #expect(core.edgeCount == reference.edges().filter { !$0.isDeferred }.count, "seed \(seed)")
    }
  }
}
