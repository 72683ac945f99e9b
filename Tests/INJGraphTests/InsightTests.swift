import INJGraph
import Testing

@Suite struct InsightTests {
  /// app → api → http; app ⇢ settings (deferred); api → cache → api (a cycle); legacy alone.
  static var graph: DependencyGraph<String> {
    var graph = DependencyGraph<String>()
    graph.addNode("app", dependencies: ["api"], deferredDependencies: ["settings"])
    graph.addNode("api", dependencies: ["http", "cache"])
    graph.addNode("http")
    graph.addNode("cache", dependencies: ["api"])
    graph.addNode("settings", dependencies: ["http"])
    graph.addNode("legacy", dependencies: ["gone"])
    return graph
  }

  @Test func directNeighbours() {
    let graph = Self.graph
    #expect(graph.dependencies(of: "app") == ["api"])
    #expect(graph.dependencies(of: "app", includingDeferred: true) == ["api", "settings"])
    #expect(graph.dependents(of: "http") == ["api", "settings"])
    #expect(graph.dependents(of: "settings").isEmpty)
    #expect(graph.dependents(of: "settings", includingDeferred: true) == ["app"])
    #expect(graph.dependencies(of: "unknown").isEmpty)
    #expect(graph.dependents(of: "gone").isEmpty)
  }

  @Test func transitiveDependenciesAndDependents() {
    let graph = Self.graph
    #expect(graph.transitiveDependencies(of: "app") == ["api", "http", "cache"])
    #expect(
      graph.transitiveDependencies(of: "app", includingDeferred: true)
        == ["api", "http", "cache", "settings"])
    // api is on a cycle, so it depends on itself.
    #expect(graph.transitiveDependencies(of: "api") == ["api", "http", "cache"])
    #expect(graph.transitiveDependencies(of: "http").isEmpty)
    #expect(graph.transitiveDependents(of: "http") == ["app", "api", "cache", "settings"])
    #expect(graph.transitiveDependents(of: "settings").isEmpty)
    #expect(graph.transitiveDependents(of: "settings", includingDeferred: true) == ["app"])
    #expect(graph.transitiveDependencies(of: "gone").isEmpty)
  }

  @Test func unreachableNodesFollowDeferredEdges() {
    let graph = Self.graph
    #expect(graph.unreachableNodes(from: ["app"]) == ["legacy"])
    #expect(graph.unreachableNodes(from: ["api"]) == ["app", "settings", "legacy"])
    #expect(graph.unreachableNodes(from: ["nothing"]) == graph.nodes)
    #expect(graph.unreachableNodes(from: [String]()) == graph.nodes)
    #expect(graph.unreachableNodes(from: Set(["app", "legacy"])).isEmpty)
  }

  @Test func depthCountsACycleAsOneStep() {
    let graph = Self.graph
    // {api, cache} → http: http 0, the cycle 1, app 2; settings → http: 1; legacy 0.
    #expect(graph.depths()["http"] == 0)
    #expect(graph.depths()["api"] == 1)
    #expect(graph.depths()["cache"] == 1)
    #expect(graph.depths()["app"] == 2)
    #expect(graph.depths()["settings"] == 1)
    #expect(graph.depths()["legacy"] == 0)
    #expect(graph.depths()["gone"] == nil)
    #expect(
      graph.depths() == [
        "app": 2, "api": 1, "http": 0, "cache": 1, "settings": 1, "legacy": 0,
      ])
    #expect((graph.depths().values.max() ?? 0) == 2)
  }

  @Test func countsOfDirectNeighbours() {
    let graph = Self.graph
    #expect(graph.dependencies(of: "api").count == 2)
    #expect(graph.dependencies(of: "app").count == 1)
    #expect(graph.dependencies(of: "app", includingDeferred: true).count == 2)
    #expect(graph.dependencies(of: "legacy").count == 0)
    #expect(graph.dependents(of: "http").count == 2)
    #expect(graph.dependents(of: "settings").count == 0)
    #expect(graph.dependents(of: "settings", includingDeferred: true).count == 1)
    #expect(graph.dependents(of: "unknown").count == 0)
  }
}
