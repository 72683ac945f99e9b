import INJContainer
import INJGraph
import INJReflection
import Testing

@Suite("Graph insight and warnings")
struct GraphInsightTests {
  final class Thing: Sendable {}

  private func small() -> Container {
    let container = Container()
    container.addInstance("https://example.com", forName: "url")
    container.addProvider(forName: "client", dependencies: ["url"], options: .singleton) { _ in
      Thing()
    }
    container.addProvider(forName: "screen", dependencies: ["client", "detailProvider"]) { _ in
      Thing()
    }
    container.addProvider(forName: "detail", dependencies: ["client"]) { _ in Thing() }
    return container
  }

  @Test func theGraphMatchesTheRegistrations() {
    let graph = small().dependencyGraph()
    #expect(graph.nodes == ["url", "client", "screen", "detail"])
    #expect(graph.dependencies(of: "screen") == ["client"])
    #expect(graph.dependencies(of: "screen", includingDeferred: true) == ["client", "detail"])
    #expect(graph.danglingReferences.isEmpty)
    #expect(graph.cycles().isEmpty)
    #expect(graph.unreachableNodes(from: ["screen"]).isEmpty)
  }

  @Test func dotTextIsExact() {
    #expect(
      small().dotText() == """
        digraph {
          rankdir=TB;
          node [shape=box];
          n0 [label="url (instance)", shape="note"];
          n1 [label="client (singleton)"];
          n2 [label="screen"];
          n3 [label="detail"];
          n1 -> n0;
          n2 -> n1;
          n2 -> n3 [style="dashed"];
          n3 -> n1;
        }

        """)
  }

  @Test func mermaidTextIsExact() {
    #expect(
      small().mermaidText() == """
        flowchart TB
          n0["url (instance)"]
          n1["client (singleton)"]
          n2["screen"]
          n3["detail"]
          n1 --> n0
          n2 --> n1
          n2 -.-> n3
          n3 --> n1

        """)
  }

  @Test func optionsKeepTheScopeLabelsAndShapesTheyLeaveUnset() {
    var options = DependencyGraph<String>.DrawingOptions()
    options.title = "Services"
    options.direction = .leftToRight
    let dot = small().dotText(options: options)
    #expect(dot.contains(#"n0 [label="url (instance)", shape="note"];"#))
    #expect(dot.contains(#"n1 [label="client (singleton)"];"#))
    #expect(small().mermaidText(options: options).contains(#"n1["client (singleton)"]"#))
    options.label = { $0.uppercased() }
    options.dotAttributes = { _ in [:] }
    #expect(small().dotText(options: options).contains(#"n0 [label="URL"];"#))
    #expect(small().mermaidText(options: options).contains(#"n1["CLIENT"]"#))
  }

  @Test func aSingletonHoldingATransientIsACaptiveDependency() {
    let container = Container()
    container.addProvider(forName: "formatter") { _ in Thing() }
    container.addProvider(
      forName: "cache", dependencies: ["formatter"], options: .singleton,
      fileID: "App/W.swift", line: 4
    ) { _ in Thing() }
    let report = container.validate()
    #expect(report.problems.isEmpty)
    #expect(
      report.warnings.map(\.description) == [
        "The singleton 'cache' (App/W.swift:4) depends on the transient 'formatter', so it keeps "
          + "one 'formatter' alive as long as it lives. Depend on 'formatterProvider' to get a "
          + "new one when needed, or give 'formatter' a longer-lived scope."
      ])
    #expect(throws: Never.self) { try container.checkForErrors() }
  }

  @Test func noWarningWhenTheSingletonUsesAProviderClosureOrASingleton() {
    let container = Container()
    container.addProvider(forName: "formatter") { _ in Thing() }
    container.addProvider(forName: "clock", options: .singleton) { _ in Thing() }
    container.addProvider(
      forName: "cache", dependencies: ["formatterProvider", "clock"], options: .singleton
    ) { _ in Thing() }
    #expect(container.validate().isClean)
  }

  final class Holder {
    @Inject var service: ProductsService?
  }

  @Test func anInjectPropertyItsProviderNeverListsIsAWarning() {
    let container = Container()
    container.addInstance(ProductsService(), forName: "service")
    container.addProvider(forName: "holder", fileID: "App/H.swift", line: 2) { _ in Holder() }
    container.addProvider(forName: "listed", dependencies: ["service"]) { _ in Holder() }
    container.addProvider(forName: "manual", options: .manualInit) { _ in Holder() }
    #expect(
      container.validate().warnings.map(\.description) == [
        "'holder' (App/H.swift:2) makes Holder, whose @Inject property 'service' is never "
          + "filled: the container fills an @Inject property only from the dependency of its "
          + "own name, and 'holder' does not list 'service'. List it among the dependencies, "
          + "rename the property after a dependency 'holder' lists, or remove the property."
      ])
  }
}
