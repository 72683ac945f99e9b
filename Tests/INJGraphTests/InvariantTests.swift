import Testing

@testable import INJGraph

/// The internal consistency checks, run over random graphs (they trap on a violation).
@Suite struct InvariantTests {
  @Test func randomGraphsKeepTheirInvariants() {
    for seed in RandomGraphs.seeds.prefix(300) {
      var graph = DependencyGraph<Int>()
      for addition in RandomGraphs.additions(seed: seed) {
        graph.addNode(
          addition.node, dependencies: addition.dependencies,
          deferredDependencies: addition.deferredDependencies)
        graph.checkInvariants()
      }
      graph.store.compactDigraph(includingDeferred: true).checkInvariants()
    }
  }
}

/// Reversed edges: every edge appears reversed exactly once, rows ascending.
@Suite struct ReversedEdgesTests {
  @Test func everyEdgeIsReversedOnce() {
    for seed in RandomGraphs.seeds.prefix(500) {
      let reference = ReferenceGraph(additions: RandomGraphs.additions(seed: seed))
      let graph = reference.makeGraph().store.compactDigraph(includingDeferred: true)
      let reversed = ReversedEdges(of: graph)
      defer { reversed.deallocate() }
      var expected: [[Int32]] = Array(repeating: [], count: graph.nodeCount)
      var outDegrees: [Int32] = Array(repeating: 0, count: graph.nodeCount)
      for node in 0..<Int32(graph.nodeCount) {
        for target in graph.dependencies(of: node) {
          expected[Int(target)].append(node)
          outDegrees[Int(node)] += 1
        }
      }
      let rows = (0..<graph.nodeCount).map {
        Array(reversed.sources[Int(reversed.offsets[$0])..<Int(reversed.offsets[$0 + 1])])
      }
      #expect(rows == expected, "seed \(seed)")
      #expect(Array(reversed.outDegrees) == outDegrees, "seed \(seed)")
    }
  }
}
