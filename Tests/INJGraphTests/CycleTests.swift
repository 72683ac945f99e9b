import INJGraph
import Testing

@Suite struct CycleTests {
  @Test func cyclesSharingNodesAreEachFoundOnce() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b", dependencies: ["c", "a"])
    graph.addNode("c", dependencies: ["b"])
    #expect(graph.cycles() == [["a", "b", "a"], ["b", "c", "b"]])
  }

  @Test func cyclesHoldOnlyTheirOwnMembers() {
    // x leads into the cycle but is not on it.
    var graph = DependencyGraph<String>()
    graph.addNode("x", dependencies: ["a"])
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b", dependencies: ["c"])
    graph.addNode("c", dependencies: ["a"])
    #expect(graph.cycles() == [["a", "b", "c", "a"]])
  }

  @Test func eachCycleStartsAtItsEarliestInsertedNodeAndFollowsTheEdges() {
    var graph = DependencyGraph<String>()
    graph.addNode("c", dependencies: ["a"])
    graph.addNode("b", dependencies: ["c"])
    graph.addNode("a", dependencies: ["b"])
    // c was inserted first; c depends on a, a on b, b on c.
    #expect(graph.cycles() == [["c", "a", "b", "c"]])
  }

  @Test func aSelfLoopIsTheCycleOfOneNode() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["a", "b"])
    graph.addNode("b", dependencies: ["a"])
    #expect(graph.cycles() == [["a", "a"], ["a", "b", "a"]])
  }

  @Test func cyclesAreSortedByInsertionOrderPositionByPosition() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["c", "b"])
    graph.addNode("b", dependencies: ["a", "c"])
    graph.addNode("c", dependencies: ["a", "b"])
    #expect(
      graph.cycles() == [
        ["a", "b", "a"], ["a", "b", "c", "a"], ["a", "c", "a"], ["a", "c", "b", "a"],
        ["b", "c", "b"],
      ])
  }

  @Test func deferredEdgesNeverFormCycles() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b", deferredDependencies: ["a", "b"])
    #expect(graph.cycles().isEmpty)
    #expect(graph.cycles(limit: 0) == [])
  }

  @Test func theLimitCutsTheListAndSaysSo() {
    // A complete graph on 4 nodes has 20 elementary cycles: 6 of length 2, 8 of 3, 6 of 4.
    var graph = DependencyGraph<Int>()
    for node in 0..<4 {
      graph.addNode(node, dependencies: (0..<4).filter { $0 != node })
    }
    let all = graph.cycles(limit: 100)
    #expect(all.count == 20)
    #expect(graph.cycles(limit: 20) == all)
    #expect(graph.cycles(limit: 7) == Array(all.prefix(7)))
    #expect(graph.cycles(limit: 0) == [])
    #expect(graph.cycles(limit: -3) == [])
  }

  @Test func cyclesUsesTheDefaultLimit() {
    // Nine nodes, each depending on every node: far more than 1,000 cycles.
    var graph = DependencyGraph<Int>()
    for node in 0..<9 {
      graph.addNode(node, dependencies: Array(0..<9))
    }
    let limit = DependencyGraph<Int>.cycleListLimit
    #expect(limit == 1000)
    #expect(graph.cycles() == graph.cycles(limit: limit))
    #expect(graph.cycles().count == limit)
    #expect(graph.cycles(limit: limit + 1).count == limit + 1)
  }
}
