extension DependencyGraph {
  /// The graph as a Mermaid flowchart, ready for a `mermaid` code block in Markdown.
  ///
  /// The output is deterministic and draws what ``dotText(options:)`` draws. Mermaid
  /// identifiers must be plain names, so each node is `n0`, `n1`, … in insertion order with its
  /// label in quotes, the characters Mermaid would interpret written as entity codes
  /// (`#quot;`, `#35;`, …). Each edge is an arrow from the dependent to its dependency
  /// (`-->`), a deferred edge is dotted (`-.->`). Nodes on a cycle get the class `cycle` (red)
  /// and the direct edges between them a red `linkStyle`; missing nodes `m0`, `m1`, … get the
  /// class `missing` (dashed, gray). Per-node ``DrawingOptions/mermaidStyle`` comes last as
  /// `style` statements, properties by name.
  ///
  /// For `a → b`, `b → c`, `c → b`, a deferred `a → c` and a dependency of `a` on the missing
  /// `x`:
  ///
  /// ```
  /// flowchart TB
  ///   n0["a"]
  ///   n1["b"]
  ///   n2["c"]
  ///   m0["x"]
  ///   n0 --> n1
  ///   n0 -.-> n2
  ///   n1 --> n2
  ///   n2 --> n1
  ///   n0 --> m0
  ///   classDef cycle stroke:red,color:red
  ///   class n1,n2 cycle
  ///   linkStyle 2,3 stroke:red
  ///   classDef missing stroke:gray,color:gray,stroke-dasharray:5 5
  ///   class m0 missing
  /// ```
  ///
  /// - Parameter options: What to draw and how.
  /// - Returns: The Mermaid text, ending with a line break.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node,
  ///   plus the cost of the option closures.
  public func mermaidText(options: DrawingOptions = DrawingOptions()) -> String {
    let plan = DrawingPlan(
      store: store, highlightsCycles: options.highlightsCycles,
      showsDanglingReferences: options.showsDanglingReferences)
    var text = ""
    text.reserveCapacity(64 + 20 * (nodes.count + plan.lines.count))
    if let title = options.title {
      text += "---\ntitle: "
      TextEscaping.appendQuoted(title, rules: TextEscaping.dot, to: &text)
      text += "\n---\n"
    }
    text += "flowchart " + options.direction.layoutCode + "\n"

    // Every box: nodes first, then missing nodes.
    let boxes = plan.boxes(nodes: nodes, mentionedValues: mentionedValues)
    for box in boxes {
      text += "  " + box.id + "["
      let label = options.label?(box.node) ?? String(describing: box.node)
      TextEscaping.appendQuoted(label, rules: TextEscaping.mermaid, to: &text)
      text += "]\n"
    }

    for line in plan.lines {
      text += "  n" + String(line.from) + (line.isDeferred ? " -.-> " : " --> ") + line.target
      text += "\n"
    }

    let cycleBoxes = plan.isOnCycle.indices.filter { plan.isOnCycle[$0] }.map { boxes[$0].id }
    if !cycleBoxes.isEmpty {
      text += "  classDef cycle stroke:red,color:red\n  class "
      text += cycleBoxes.joined(separator: ",") + " cycle\n"
    }
    let cycleLines = plan.lines.indices.filter { plan.lines[$0].isOnCycle }.map { String($0) }
    if !cycleLines.isEmpty {
      text += "  linkStyle " + cycleLines.joined(separator: ",") + " stroke:red\n"
    }
    if !plan.missingSlots.isEmpty {
      text += "  classDef missing stroke:gray,color:gray,stroke-dasharray:5 5\n  class "
      text += boxes[nodes.count...].map(\.id).joined(separator: ",") + " missing\n"
    }
    if let style = options.mermaidStyle {
      for box in boxes {
        let properties = style(box.node).sorted { $0.key < $1.key }.map {
          TextEscaping.mermaidStyleText($0.key) + ":" + TextEscaping.mermaidStyleText($0.value)
        }
        guard !properties.isEmpty else { continue }
        text += "  style " + box.id + " " + properties.joined(separator: ",") + "\n"
      }
    }
    return text
  }
}
