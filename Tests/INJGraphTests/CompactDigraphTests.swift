import INJGraph
import TestUtilities
import Testing

/// The package-level core that the container runs its checks on.
@Suite struct CompactDigraphTests {
  @Test func emptyGraph() {
    let graph = CompactDigraph(nodeCount: 0, edgeSources: [], edgeTargets: [])
    #expect(graph.nodeCount == 0)
    #expect(graph.edgeCount == 0)
    #expect(graph.topologicalOrder() == [])
    #expect(graph.stronglyConnectedComponents().isEmpty)
    #expect(graph.elementaryCycles(limit: 10) == ([], false))
    #expect(graph.depths().isEmpty)
    #expect(graph.isAcyclic)
  }

  @Test func edgesAreSortedAndDuplicatesCollapse() {
    let graph = CompactDigraph(
      nodeCount: 3, edgeSources: [0, 2, 0, 0, 1], edgeTargets: [2, 1, 1, 2, 2])
    #expect(graph.edgeCount == 4)
    #expect(Array(graph.dependencies(of: 0)) == [1, 2])
    #expect(Array(graph.dependencies(of: 1)) == [2])
    #expect(Array(graph.dependencies(of: 2)) == [1])
  }

  /// Random edge lists, listed by dependent or shuffled, with rows of every length the
  /// row sort treats differently (up to 4, up to 16, longer) and with duplicates: every
  /// row is the sorted set of its targets.
  @Test func rowsMatchTheSortedSetOfTargets() {
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      let nodeCount = Int.random(in: 1...40, using: &random)
      var edges: [(source: Int32, target: Int32)] = []
      for source in 0..<nodeCount {
        let rowLength = [0, 1, 2, 3, 4, 5, 9, 17, 30].randomElement(using: &random)!
        for _ in 0..<rowLength {
          edges.append((Int32(source), Int32(Int.random(in: 0..<nodeCount, using: &random))))
        }
      }
      let listedByNode = Bool.random(using: &random)
      if !listedByNode {
        edges.shuffle(using: &random)
      }
      let graph = CompactDigraph(
        nodeCount: nodeCount, edgeSources: edges.map(\.source), edgeTargets: edges.map(\.target))
      var expectedCount = 0
      for node in 0..<nodeCount {
        let expected = Set(edges.filter { $0.source == Int32(node) }.map(\.target)).sorted()
        expectedCount += expected.count
        #expect(
          Array(graph.dependencies(of: Int32(node))) == expected, "seed \(seed), node \(node)")
      }
      #expect(graph.edgeCount == expectedCount, "seed \(seed)")
    }
  }

  @Test func orderBreaksTiesBySmallestId() {
    // 3 depends on 0; 1 depends on 2. Ready: 0 and 2 → 0, then 2 → then 1 and 3 → 1, 3.
    let graph = CompactDigraph(nodeCount: 4, edgeSources: [3, 1], edgeTargets: [0, 2])
    #expect(graph.topologicalOrder() == [0, 2, 1, 3])
    #expect(graph.stronglyConnectedComponents() == [[0], [2], [1], [3]])
  }

  @Test func cyclesFollowEdgesFromTheSmallestId() {
    // 2 → 0 → 1 → 2, and 1 → 1.
    let graph = CompactDigraph(nodeCount: 3, edgeSources: [2, 0, 1, 1], edgeTargets: [0, 1, 2, 1])
    #expect(graph.topologicalOrder() == nil)
    #expect(!graph.isAcyclic)
    let found = graph.elementaryCycles(limit: 10)
    #expect(found.cycles == [[0, 1, 2], [1]])
    #expect(!found.isTruncated)
    #expect(graph.elementaryCycles(limit: 1) == ([[0, 1, 2]], true))
    #expect(graph.stronglyConnectedComponents() == [[0, 1, 2]])
  }

  @Test func sharedNodeCycles() {
    // 0 → 1, 1 → [2, 0], 2 → 1: exactly [0, 1] and [1, 2].
    let graph = CompactDigraph(nodeCount: 3, edgeSources: [0, 1, 1, 2], edgeTargets: [1, 2, 0, 1])
    #expect(graph.elementaryCycles(limit: 100).cycles == [[0, 1], [1, 2]])
  }

  @Test func depthsAndReachability() {
    // 0 → 1 → 2 → 1, 3 alone.
    let graph = CompactDigraph(nodeCount: 4, edgeSources: [0, 1, 2], edgeTargets: [1, 2, 1])
    #expect(graph.depths() == [1, 0, 0, 0])
    #expect(graph.reachability(from: [1]) == [false, true, true, false])
    #expect(graph.reachability(from: [0, 3]) == [true, true, true, true])
  }
}
