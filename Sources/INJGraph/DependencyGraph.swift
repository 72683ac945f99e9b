/// A directed graph of nodes and the nodes they depend on.
///
/// Each node lists its dependencies. A direct dependency must exist before its
/// dependent; a deferred dependency (a provider closure in a container) is only
/// reached later, so it counts for reachability and drawing but never for order
/// or cycles.
public struct DependencyGraph<Node: Hashable & Sendable>: Sendable {
  /// Every node that was added, in the order it was first added.
  public private(set) var nodes: [Node] = []
  private var indexOfNode: [Node: Int] = [:]

  /// Creates an empty graph.
  public init() {}

  /// Adds a node, or adds dependencies to a node that already exists.
  ///
  /// - Parameters:
  ///   - node: The node to add.
  ///   - dependencies: Nodes that `node` needs directly.
  ///   - deferredDependencies: Nodes that `node` reaches only later.
  public mutating func addNode(
    _ node: Node, dependencies: [Node] = [], deferredDependencies: [Node] = []
  ) {
    if indexOfNode[node] == nil {
      indexOfNode[node] = nodes.count
      nodes.append(node)
    }
  }
}
