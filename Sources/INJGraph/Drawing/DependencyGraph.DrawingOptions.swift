extension DependencyGraph {
  /// What ``DependencyGraph/dotText(options:)`` and ``DependencyGraph/mermaidText(options:)``
  /// draw, and how.
  ///
  /// The defaults draw every node labelled with its description, top to bottom, with cycles
  /// highlighted in red and dangling references drawn as dashed "missing" nodes.
  ///
  /// ```swift
  /// var options = DependencyGraph<String>.DrawingOptions()
  /// options.direction = .leftToRight
  /// options.label = { $0.uppercased() }
  /// options.dotAttributes = { $0.hasSuffix("Service") ? ["fillcolor": "lightblue"] : [:] }
  /// let dot = graph.dotText(options: options)
  /// ```
  public struct DrawingOptions {
    /// The direction in which dependencies are laid out from their dependents.
    public enum Direction: Hashable, Sendable {
      /// Dependents above their dependencies.
      case topToBottom
      /// Dependents below their dependencies.
      case bottomToTop
      /// Dependents left of their dependencies.
      case leftToRight
      /// Dependents right of their dependencies.
      case rightToLeft

      /// The direction's code in both DOT (`rankdir`) and Mermaid: `TB`, `BT`, `LR` or `RL`.
      var layoutCode: String {
        switch self {
        case .topToBottom: "TB"
        case .bottomToTop: "BT"
        case .leftToRight: "LR"
        case .rightToLeft: "RL"
        }
      }
    }

    /// A title: the graph's name in DOT, the diagram title in Mermaid; none by default.
    public var title: String?
    /// The layout direction; `.topToBottom` by default.
    public var direction = Direction.topToBottom
    /// The text shown for a node; its `String(describing:)` by default.
    ///
    /// Applies to every drawn node, missing nodes included. Any text is escaped for each format.
    public var label: ((Node) -> String)?
    /// Extra Graphviz attributes for a node in DOT output, such as `["fillcolor": "gold"]`.
    ///
    /// Applies to every drawn node, missing nodes included, and overrides the attributes this
    /// type sets itself (`label`, and `color`, `fontcolor` and `style` for highlighting). Keys
    /// and values are quoted as needed.
    public var dotAttributes: ((Node) -> [String: String])?
    /// Extra Mermaid style properties for a node, such as `["fill": "#ffd"]`, written as a
    /// `style` statement.
    ///
    /// Applies to every drawn node, missing nodes included. Since Mermaid has no way to escape
    /// them, commas, semicolons and line breaks are removed from keys and values.
    public var mermaidStyle: ((Node) -> [String: String])?
    /// Whether nodes and edges on a cycle of direct dependencies are drawn in red; on by
    /// default.
    public var highlightsCycles = true
    /// Whether dangling references are drawn as edges to dashed "missing" nodes; on by default.
    public var showsDanglingReferences = true

    /// Creates the default options; set the properties to change them.
    public init() {}
  }
}
