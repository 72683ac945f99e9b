import INJGraph
import TestUtilities
import Testing

/// Every example in the documentation, with the results it claims.
@Suite struct DocumentationExampleTests {
  @Test func landingPageAndTypeExample() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("app", dependencies: ["api", "store"])
    graph.addNode("api", dependencies: ["http"])
    graph.addNode("store")
    graph.addNode("http")
    #expect(try graph.topologicalOrder() == ["store", "http", "api", "app"])
  }

  @Test func addNodeExample() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("list", dependencies: ["store"], deferredDependencies: ["detail"])
    graph.addNode("detail", dependencies: ["list"])
    graph.addNode("store")
    #expect(graph.cycles().isEmpty)
    #expect(try graph.topologicalOrder() == ["store", "list", "detail"])
  }

  @Test func danglingReferenceExample() {
    var graph = DependencyGraph<String>()
    graph.addNode("app", dependencies: ["netwrok"])
    #expect(
      graph.danglingReferences == [
        .init(dependent: "app", missingNode: "netwrok", isDeferred: false)
      ])
  }

  @Test func insightExamples() {
    var graph = DependencyGraph<String>()
    graph.addNode("app", dependencies: ["api"], deferredDependencies: ["settings"])
    graph.addNode("api", dependencies: ["http"])
    graph.addNode("http")
    graph.addNode("settings")
    #expect(graph.transitiveDependencies(of: "app") == ["api", "http"])
    #expect(
      graph.transitiveDependencies(of: "app", includingDeferred: true)
        == ["api", "http", "settings"])

    var reachable = DependencyGraph<String>()
    reachable.addNode("app", dependencies: ["api"])
    reachable.addNode("api")
    reachable.addNode("legacy")
    #expect(reachable.unreachableNodes(from: ["app"]) == ["legacy"])
  }

  @Test func articleWalkthrough() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("app", dependencies: ["router", "session"])
    graph.addNode("router", dependencies: ["screens"])
    graph.addNode("screens", dependencies: ["api"], deferredDependencies: ["detailScreen"])
    graph.addNode("detailScreen", dependencies: ["api", "screens"])
    graph.addNode("session", dependencies: ["api", "keychian"])
    graph.addNode("api", dependencies: ["http"])
    graph.addNode("http")

    #expect(
      try graph.topologicalOrder()
        == ["http", "api", "screens", "router", "detailScreen", "session", "app"])
    #expect(graph.stronglyConnectedComponents().count == 7)
    #expect(
      graph.danglingReferences == [
        .init(dependent: "session", missingNode: "keychian", isDeferred: false)
      ])
    #expect(graph.dependencies(of: "screens") == ["api"])
    #expect(graph.dependencies(of: "screens", includingDeferred: true) == ["detailScreen", "api"])
    #expect(
      graph.transitiveDependents(of: "api")
        == ["app", "router", "screens", "detailScreen", "session"])
    #expect(graph.unreachableNodes(from: ["app"]).isEmpty)
    #expect(graph.dependents(of: "api").count == 3)
    #expect(graph.depths()["http"] == 0)
    #expect(graph.depths()["app"] == 4)
    #expect((graph.depths().values.max() ?? 0) == 4)

    var options = DependencyGraph<String>.DrawingOptions()
    options.title = "Services"
    options.direction = .leftToRight
    options.dotAttributes = { $0 == "app" ? ["style": "filled", "fillcolor": "gold"] : [:] }
    let dot = graph.dotText(options: options)
    #expect(dot.hasPrefix("digraph \"Services\" {\n  rankdir=LR;\n"))
    #expect(dot.contains(#"  n0 [label="app", fillcolor="gold", style="filled"];"#))
    #expect(dot.includes("  n2 -> n3 [style=\"dashed\"];\n"))
    #expect(dot.includes("  n4 -> m0;\n"))
    #expect(graph.mermaidText().includes("  n2 -.-> n3\n"))

    var cyclic = DependencyGraph<String>()
    cyclic.addNode("a", dependencies: ["b"])
    cyclic.addNode("b", dependencies: ["c", "a"])
    cyclic.addNode("c", dependencies: ["b"])
    #expect(cyclic.cycles() == [["a", "b", "a"], ["b", "c", "b"]])
    let found = cyclic.cycles(limit: 1)
    #expect(found == [["a", "b", "a"]])
    #expect(cyclic.cycles(limit: 2).count > 1)
    #expect(cyclic.stronglyConnectedComponents() == [["a", "b", "c"]])
    #expect(throws: CycleError(cycles: [["a", "b", "a"], ["b", "c", "b"]])) {
      try cyclic.topologicalOrder()
    }
  }

  @Test func cycleErrorExample() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b", dependencies: ["a"])
    do {
      _ = try graph.topologicalOrder()
      Issue.record("expected a cycle error")
    } catch let error as CycleError<String> {
      #expect(
        error.description == """
          Found 1 cycle among direct dependencies, so no order puts dependencies first:
            a → b → a
          Break each cycle by removing one of its dependencies or making it deferred.
          """)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}
