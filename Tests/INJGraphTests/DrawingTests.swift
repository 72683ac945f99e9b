import INJGraph
import TestUtilities
import Testing

@Suite struct DrawingTests {
  /// a → b, b → c, c → b (a cycle), a ⇢ c (deferred), and a → x where x is missing.
  static var graph: DependencyGraph<String> {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b", "x"], deferredDependencies: ["c"])
    graph.addNode("b", dependencies: ["c"])
    graph.addNode("c", dependencies: ["b"])
    return graph
  }

  @Test func dotText() {
    #expect(
      Self.graph.dotText() == """
        digraph {
          rankdir=TB;
          node [shape=box];
          n0 [label="a"];
          n1 [label="b", color="red", fontcolor="red"];
          n2 [label="c", color="red", fontcolor="red"];
          m0 [label="x", color="gray50", fontcolor="gray50", style="dashed"];
          n0 -> n1;
          n0 -> n2 [style="dashed"];
          n1 -> n2 [color="red"];
          n2 -> n1 [color="red"];
          n0 -> m0;
        }

        """)
  }

  @Test func mermaidText() {
    #expect(
      Self.graph.mermaidText() == """
        flowchart TB
          n0["a"]
          n1["b"]
          n2["c"]
          m0["x"]
          n0 --> n1
          n0 -.-> n2
          n1 --> n2
          n2 --> n1
          n0 --> m0
          classDef cycle stroke:red,color:red
          class n1,n2 cycle
          linkStyle 2,3 stroke:red
          classDef missing stroke:gray,color:gray,stroke-dasharray:5 5
          class m0 missing

        """)
  }

  @Test func optionsChangeLabelsAttributesDirectionAndTitle() {
    var options = DependencyGraph<String>.DrawingOptions()
    options.title = "My \"app\""
    options.direction = .leftToRight
    options.label = { $0.uppercased() }
    options.dotAttributes = { $0 == "a" ? ["fillcolor": "gold", "style": "filled"] : [:] }
    options.mermaidStyle = { $0 == "a" ? ["fill": "#ffd", "stroke-width": "2px"] : [:] }
    options.highlightsCycles = false
    options.showsDanglingReferences = false
    #expect(
      Self.graph.dotText(options: options) == """
        digraph "My \\"app\\"" {
          rankdir=LR;
          node [shape=box];
          n0 [label="A", fillcolor="gold", style="filled"];
          n1 [label="B"];
          n2 [label="C"];
          n0 -> n1;
          n0 -> n2 [style="dashed"];
          n1 -> n2;
          n2 -> n1;
        }

        """)
    #expect(
      Self.graph.mermaidText(options: options) == """
        ---
        title: "My \\"app\\""
        ---
        flowchart LR
          n0["A"]
          n1["B"]
          n2["C"]
          n0 --> n1
          n0 -.-> n2
          n1 --> n2
          n2 --> n1
          style n0 fill:#ffd,stroke-width:2px

        """)
  }

  @Test func everyDirection() {
    var graph = DependencyGraph<Int>()
    graph.addNode(1)
    let codes: [(DependencyGraph<Int>.DrawingOptions.Direction, String)] = [
      (.topToBottom, "TB"), (.bottomToTop, "BT"), (.leftToRight, "LR"), (.rightToLeft, "RL"),
    ]
    for (direction, code) in codes {
      var options = DependencyGraph<Int>.DrawingOptions()
      options.direction = direction
      #expect(graph.dotText(options: options).includes("rankdir=\(code);"))
      #expect(graph.mermaidText(options: options).hasPrefix("flowchart \(code)\n"))
    }
  }

  @Test func awkwardTextIsEscapedForEachFormat() {
    var graph = DependencyGraph<String>()
    let name = "say \"hi\" \\ <b>#1 & `x`\nnext"
    graph.addNode(name, dependencies: ["self-loop"])
    graph.addNode("self-loop", dependencies: ["self-loop"])
    let dot = graph.dotText()
    #expect(dot.contains(#"  n0 [label="say \"hi\" \\ <b>#1 & `x`\nnext"];"#))
    #expect(dot.contains(#"  n1 [label="self-loop", color="red", fontcolor="red"];"#))
    #expect(dot.contains(#"  n1 -> n1 [color="red"];"#))
    let mermaid = graph.mermaidText()
    #expect(
      mermaid.contains(
        #"  n0["say #quot;hi#quot; #92; #lt;b#gt;#35;1 #amp; #96;x#96;<br>next"]"#))
    #expect(mermaid.includes("  class n1 cycle\n"))
    #expect(mermaid.includes("  linkStyle 1 stroke:red\n"))
  }

  @Test func attributeNamesAreQuotedWhenNeededAndStylesSanitized() {
    var graph = DependencyGraph<String>()
    graph.addNode("a")
    var options = DependencyGraph<String>.DrawingOptions()
    options.dotAttributes = { _ in ["my key": "v", "node": "w", "label": "Custom"] }
    options.mermaidStyle = { _ in ["fill": "#f00;x,y"] }
    #expect(
      graph.dotText(options: options).contains(#"  n0 [label="Custom", "my key"="v", "node"="w"];"#)
    )
    #expect(graph.mermaidText(options: options).includes("  style n0 fill:#f00xy\n"))
  }

  @Test func emptyGraph() {
    let graph = DependencyGraph<String>()
    #expect(graph.dotText() == "digraph {\n  rankdir=TB;\n  node [shape=box];\n}\n")
    #expect(graph.mermaidText() == "flowchart TB\n")
  }
}
