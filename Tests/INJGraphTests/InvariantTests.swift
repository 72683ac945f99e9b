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
      graph.store.graph(includingDeferred: true).checkInvariants()
    }
  }
}

/// Reversed graphs: every edge appears reversed exactly once, rows ascending.
@Suite struct ReversedGraphTests {
  @Test func everyEdgeIsReversedOnce() {
    for seed in RandomGraphs.seeds.prefix(500) {
      let reference = ReferenceGraph(additions: RandomGraphs.additions(seed: seed))
      let graph = reference.makeGraph().store.graph(includingDeferred: true)
      let reversed = graph.reversed()
      reversed.checkInvariants()
      var expected: [[Int32]] = Array(repeating: [], count: graph.nodeCount)
      for node in 0..<Int32(graph.nodeCount) {
        for target in graph.dependencies(of: node) {
          expected[Int(target)].append(node)
        }
      }
      let rows = (0..<Int32(graph.nodeCount)).map { Array(reversed.dependencies(of: $0)) }
      #expect(rows == expected, "seed \(seed)")
      #expect(reversed.edgeCount == graph.edgeCount, "seed \(seed)")
    }
  }
}
