import INJGraph
import TestUtilities
import Testing

@Suite struct DependencyGraphTests {
  @Test func emptyGraphHasNothing() throws {
    let graph = DependencyGraph<String>()
    #expect(graph.nodes.isEmpty)
    #expect(graph.edges.isEmpty)
    #expect(graph.danglingReferences.isEmpty)
    #expect(try graph.topologicalOrder().isEmpty)
    #expect(graph.cycles().isEmpty)
    #expect(graph.cycles(limit: 0) == [])
    #expect(graph.stronglyConnectedComponents().isEmpty)
    #expect((graph.depths().values.max() ?? 0) == 0)
    #expect(graph.depths().isEmpty)
    #expect(graph.unreachableNodes(from: ["a"]).isEmpty)
    #expect(!graph.contains("a"))
  }

  @Test func nodesKeepTheOrderOfTheirFirstAddition() {
    var graph = DependencyGraph<String>()
    graph.addNode("b")
    graph.addNode("a", dependencies: ["c", "b"])
    graph.addNode("b", dependencies: ["a"])
    graph.addNode("c")
    #expect(graph.nodes == ["b", "a", "c"])
    #expect(graph.contains("c"))
    #expect(!graph.contains("d"))
  }

  @Test func addingANodeAgainAddsItsNewEdges() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b")
    graph.addNode("c")
    graph.addNode("a", dependencies: ["c"])
    #expect(graph.dependencies(of: "a") == ["b", "c"])
  }

  @Test func duplicateEdgesCollapse() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b", "b"], deferredDependencies: ["c", "c"])
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b")
    graph.addNode("c")
    #expect(
      graph.edges == [
        .init(dependent: "a", dependency: "b"),
        .init(dependent: "a", dependency: "c", isDeferred: true),
      ])
    #expect(graph.dependencies(of: "a", includingDeferred: true).count == 2)
    #expect(graph.dependents(of: "b").count == 1)
  }

  @Test func anEdgeBothDirectAndDeferredCountsAsDirect() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("a", deferredDependencies: ["b"])
    graph.addNode("b", dependencies: ["a"])
    // Deferred only: no cycle.
    #expect(try graph.topologicalOrder() == ["a", "b"])
    graph.addNode("a", dependencies: ["b"])
    #expect(graph.edges.contains(.init(dependent: "a", dependency: "b", isDeferred: false)))
    #expect(!graph.edges.contains(.init(dependent: "a", dependency: "b", isDeferred: true)))
    #expect(graph.cycles() == [["a", "b", "a"]])
  }

  @Test func edgesAreOrderedByDependentThenDependency() {
    var graph = DependencyGraph<String>()
    graph.addNode("z", dependencies: ["y", "x"])
    graph.addNode("x")
    graph.addNode("y", deferredDependencies: ["x"])
    #expect(
      graph.edges == [
        .init(dependent: "z", dependency: "x"),
        .init(dependent: "z", dependency: "y"),
        .init(dependent: "y", dependency: "x", isDeferred: true),
      ])
  }

  @Test func danglingReferencesAreListedNeverNodes() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("app", dependencies: ["netwrok", "store"], deferredDependencies: ["cache"])
    graph.addNode("store", dependencies: ["netwrok", "netwrok"])
    graph.addNode("other", dependencies: ["cache"], deferredDependencies: ["cache"])
    #expect(graph.nodes == ["app", "store", "other"])
    #expect(
      graph.danglingReferences == [
        .init(dependent: "app", missingNode: "netwrok"),
        .init(dependent: "app", missingNode: "cache", isDeferred: true),
        .init(dependent: "store", missingNode: "netwrok"),
        .init(dependent: "other", missingNode: "cache"),
      ])
    // Ignored by everything else.
    #expect(graph.dependencies(of: "app", includingDeferred: true) == ["store"])
    #expect(try graph.topologicalOrder() == ["store", "app", "other"])
    #expect(graph.cycles().isEmpty)
    #expect(graph.stronglyConnectedComponents() == [["store"], ["app"], ["other"]])
    #expect(graph.dependents(of: "netwrok").isEmpty)
    #expect(graph.depths()["netwrok"] == nil)
    #expect(graph.dependents(of: "netwrok").count == 0)
  }

  @Test func aMissingNodeAddedLaterTurnsItsReferencesIntoEdges() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b"])
    #expect(graph.danglingReferences == [.init(dependent: "a", missingNode: "b")])
    #expect(graph.edges.isEmpty)
    graph.addNode("b", dependencies: ["a"])
    #expect(graph.danglingReferences.isEmpty)
    #expect(graph.nodes == ["a", "b"])
    #expect(graph.edges.count == 2)
    #expect(graph.cycles() == [["a", "b", "a"]])
  }

  @Test func nodesOfAnyHashableType() throws {
    struct Module: Hashable, Sendable, CustomStringConvertible {
      var name: String
      var version: Int
      var description: String { name }
    }
    let old = Module(name: "core", version: 1)
    let new = Module(name: "core", version: 2)
    var graph = DependencyGraph<Module>()
    graph.addNode(new, dependencies: [old])
    graph.addNode(old)
    #expect(try graph.topologicalOrder() == [old, new])
    // Equal descriptions, distinct nodes: the drawing keeps them apart.
    #expect(graph.dotText().includes("n1 [label=\"core\"]"))
    #expect(graph.dotText().includes("n0 -> n1;"))
  }
}
