extension DependencyGraph {
  /// The graph in the DOT language of Graphviz, ready for `dot -Tsvg`.
  ///
  /// The output is deterministic. Each node is a box with the identifier `n0`, `n1`, … in
  /// insertion order and its label in a quoted string, so any node text is drawn correctly and
  /// distinct nodes never merge, even when they print alike. Each edge is an arrow from the
  /// dependent to its dependency; deferred edges are dashed. With
  /// ``DrawingOptions/highlightsCycles``, nodes on a cycle of direct dependencies are red, and so
  /// are the direct edges between them. With ``DrawingOptions/showsDanglingReferences``, each
  /// missing node is a dashed gray box `m0`, `m1`, … with the references to it drawn as edges.
  /// Edges between nodes come first, ordered by dependent then dependency in insertion order,
  /// then the dangling references in the order of ``danglingReferences``. Attributes are
  /// written label first, then by name.
  ///
  /// For `a → b`, `b → c`, `c → b`, a deferred `a → c` and a dependency of `a` on the missing
  /// `x`:
  ///
  /// ```
  /// digraph {
  ///   rankdir=TB;
  ///   node [shape=box];
  ///   n0 [label="a"];
  ///   n1 [label="b", color="red", fontcolor="red"];
  ///   n2 [label="c", color="red", fontcolor="red"];
  ///   m0 [label="x", color="gray50", fontcolor="gray50", style="dashed"];
  ///   n0 -> n1;
  ///   n0 -> n2 [style="dashed"];
  ///   n1 -> n2 [color="red"];
  ///   n2 -> n1 [color="red"];
  ///   n0 -> m0;
  /// }
  /// ```
  ///
  /// - Parameter options: What to draw and how.
  /// - Returns: The DOT text, ending with a line break.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node,
  ///   plus the cost of the option closures.
  public func dotText(options: DrawingOptions = DrawingOptions()) -> String {
    let plan = DrawingPlan(
      store: store, highlightsCycles: options.highlightsCycles,
      showsDanglingReferences: options.showsDanglingReferences)
    var text = "digraph "
    text.reserveCapacity(64 + 24 * (nodes.count + plan.lines.count))
    if let title = options.title {
      TextEscaping.appendQuoted(title, rules: TextEscaping.dot, to: &text)
      text += " "
    }
    text += "{\n  rankdir=" + options.direction.layoutCode + ";\n  node [shape=box];\n"

    let cycleAttributes = ["color": "red", "fontcolor": "red"]
    let missingAttributes = ["color": "gray50", "fontcolor": "gray50", "style": "dashed"]
    for (index, box) in plan.boxes(nodes: nodes, mentionedValues: mentionedValues).enumerated() {
      let builtIn =
        index >= nodes.count ? missingAttributes : plan.isOnCycle[index] ? cycleAttributes : [:]
      // The label first, then the other attributes by name, the option's attributes
      // overriding the built-in ones.
      var merged = builtIn.merging(options.dotAttributes?(box.node) ?? [:]) { _, new in new }
      let label = merged.removeValue(forKey: "label")
      text += "  " + box.id + " [label="
      TextEscaping.appendQuoted(
        label ?? options.label?(box.node) ?? String(describing: box.node), rules: TextEscaping.dot,
        to: &text)
      for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
        text += ", "
        TextEscaping.appendDotIdentifier(key, to: &text)
        text += "="
        TextEscaping.appendQuoted(value, rules: TextEscaping.dot, to: &text)
      }
      text += "];\n"
    }

    for line in plan.lines {
      text += "  n" + String(line.from) + " -> " + line.target
      // A deferred edge is never a cycle edge, so an edge has at most one attribute.
      text +=
        line.isOnCycle ? " [color=\"red\"];\n" : line.isDeferred ? " [style=\"dashed\"];\n" : ";\n"
    }
    text += "}\n"
    return text
  }
}
