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
      TextEscaping.appendYAMLQuoted(title, to: &text)
      text += "\n---\n"
    }
    text += "flowchart "
    text += options.direction.layoutCode
    text += "\n"

    // Every box: nodes first, then missing nodes.
    let boxCount = nodes.count + plan.missingSlots.count
    func box(_ index: Int) -> (prefix: String, number: Int, node: Node) {
      index < nodes.count
        ? ("n", index, nodes[index])
        : ("m", index - nodes.count, mentionedValues[Int(plan.missingSlots[index - nodes.count])])
    }
    for index in 0..<boxCount {
      let (prefix, number, node) = box(index)
      text += "  "
      text += prefix
      text += String(number)
      text += "["
      TextEscaping.appendMermaidQuoted(
        options.label?(node) ?? String(describing: node), to: &text)
      text += "]\n"
    }

    for line in plan.lines {
      text += "  n"
      text += String(line.from)
      text += line.isDeferred ? " -.-> " : " --> "
      text += line.toMissing ? "m" : "n"
      text += String(line.to)
      text += "\n"
    }

    var separator = "  classDef cycle stroke:red,color:red\n  class n"
    for (rank, isOnCycle) in plan.isOnCycle.enumerated() where isOnCycle {
      text += separator
      text += String(rank)
      separator = ",n"
    }
    if separator == ",n" { text += " cycle\n" }
    separator = "  linkStyle "
    for (index, line) in plan.lines.enumerated() where line.isOnCycle {
      text += separator
      text += String(index)
      separator = ","
    }
    if separator == "," { text += " stroke:red\n" }
    if !plan.missingSlots.isEmpty {
      text += "  classDef missing stroke:gray,color:gray,stroke-dasharray:5 5\n  class "
      for index in plan.missingSlots.indices {
        if index > 0 { text += "," }
        text += "m"
        text += String(index)
      }
      text += " missing\n"
    }
    if let style = options.mermaidStyle {
      for index in 0..<boxCount {
        let (prefix, number, node) = box(index)
        let properties = style(node).sorted { $0.key < $1.key }.map {
          TextEscaping.mermaidStyleText($0.key) + ":" + TextEscaping.mermaidStyleText($0.value)
        }
        guard !properties.isEmpty else { continue }
        text += "  style "
        text += prefix
        text += String(number)
        text += " "
        text += properties.joined(separator: ",")
        text += "\n"
      }
    }
    return text
  }
}
