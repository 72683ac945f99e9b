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
