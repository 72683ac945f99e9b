import INJGraph
import Testing

@Suite struct StronglyConnectedComponentTests {
  @Test func componentsComeAfterThoseTheyDependOn() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b", dependencies: ["a", "c"])
    graph.addNode("c")
    #expect(graph.stronglyConnectedComponents() == [["c"], ["a", "b"]])
  }

  @Test func membersAreInInsertionOrderAndTiesGoToTheEarliestMember() {
    var graph = DependencyGraph<String>()
    graph.addNode("q", dependencies: ["p"])
    graph.addNode("z")
    graph.addNode("p", dependencies: ["q"])
    graph.addNode("y", dependencies: ["x"])
    graph.addNode("x", dependencies: ["y", "z"])
    // Ready at first: {q, p} (earliest member q, rank 0) and {z} (rank 1).
    #expect(graph.stronglyConnectedComponents() == [["q", "p"], ["z"], ["y", "x"]])
  }

  @Test func componentsComeInTheOrderTheSearchCompletesThem() throws {
    // The search starts at a, reaches c and completes it, then a; b comes last. The
    // topological order, which always places the earliest-inserted ready node, is b, c, a.
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["c"])
    graph.addNode("b")
    graph.addNode("c")
    #expect(graph.stronglyConnectedComponents() == [["c"], ["a"], ["b"]])
    #expect(try graph.topologicalOrder() == ["b", "c", "a"])
  }

  @Test func everyComponentComesAfterThoseItDependsOn() {
    var graph = DependencyGraph<Int>()
    graph.addNode(4, dependencies: [2, 3])
    graph.addNode(3, dependencies: [1, 5])
    graph.addNode(2, dependencies: [1])
    graph.addNode(1, dependencies: [2])
    graph.addNode(5)
    #expect(graph.stronglyConnectedComponents() == [[2, 1], [5], [3], [4]])
  }

  @Test func selfLoopsAndDeferredEdgesDoNotJoinComponents() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["a"], deferredDependencies: ["b"])
    graph.addNode("b", dependencies: ["a"])
    #expect(graph.stronglyConnectedComponents() == [["a"], ["b"]])
  }
}
