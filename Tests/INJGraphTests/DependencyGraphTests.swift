import INJGraph
import Testing

@Suite struct DependencyGraphTests {
  @Test func nodesKeepInsertionOrder() {
    var graph = DependencyGraph<String>()
    graph.addNode("b")
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b")
    #expect(graph.nodes == ["b", "a"])
  }
}
