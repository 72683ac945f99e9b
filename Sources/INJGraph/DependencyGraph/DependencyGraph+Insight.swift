extension DependencyGraph {
  /// The nodes that a node depends on directly, in insertion order.
  ///
  /// Dangling references are left out; see ``danglingReferences``.
  ///
  /// - Parameters:
  ///   - node: The node whose dependencies to list.
  ///   - includingDeferred: Whether deferred dependencies are listed too.
  /// - Returns: The distinct dependencies, or an empty array when `node` is not a node.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node.
  public func dependencies(of node: Node, includingDeferred: Bool = false) -> [Node] {
    neighbors(of: node, followingDependents: false, includingDeferred, transitively: false)
  }

  /// The nodes that depend directly on a node, in insertion order.
  ///
  /// - Parameters:
  ///   - node: The node whose dependents to list.
  ///   - includingDeferred: Whether deferred dependents are listed too.
  /// - Returns: The distinct dependents, or an empty array when `node` is not a node.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node.
  public func dependents(of node: Node, includingDeferred: Bool = false) -> [Node] {
    neighbors(of: node, followingDependents: true, includingDeferred, transitively: false)
  }

  /// Every node that a node depends on, directly or through other nodes, in insertion order.
  ///
  /// The node itself is included only when it lies on a cycle, since it then depends on
  /// itself.
  ///
  /// ```swift
  /// var graph = DependencyGraph<String>()
  /// graph.addNode("app", dependencies: ["api"], deferredDependencies: ["settings"])
  /// graph.addNode("api", dependencies: ["http"])
  /// graph.addNode("http")
  /// graph.addNode("settings")
  /// graph.transitiveDependencies(of: "app")  // ["api", "http"]
  /// graph.transitiveDependencies(of: "app", includingDeferred: true)
  /// // ["api", "http", "settings"]
  /// ```
  ///
  /// - Parameters:
  ///   - node: The node to start from.
  ///   - includingDeferred: Whether deferred edges are followed too.
  /// - Returns: The distinct nodes reached, or an empty array when `node` is not a node.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node.
  public func transitiveDependencies(of node: Node, includingDeferred: Bool = false) -> [Node] {
    neighbors(of: node, followingDependents: false, includingDeferred, transitively: true)
  }

  /// Every node that depends on a node, directly or through other nodes, in insertion order.
  ///
  /// The node itself is included only when it lies on a cycle.
  ///
  /// - Parameters:
  ///   - node: The node to start from.
  ///   - includingDeferred: Whether deferred edges are followed too.
  /// - Returns: The distinct nodes reached, or an empty array when `node` is not a node.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node.
  public func transitiveDependents(of node: Node, includingDeferred: Bool = false) -> [Node] {
    neighbors(of: node, followingDependents: true, includingDeferred, transitively: true)
  }

  /// The nodes that no root needs: those not reachable from any root by following direct and
  /// deferred dependencies.
  ///
  /// A root is reachable from itself. Values among `roots` that are not nodes are ignored.
  ///
  /// ```swift
  /// var graph = DependencyGraph<String>()
  /// graph.addNode("app", dependencies: ["api"])
  /// graph.addNode("api")
  /// graph.addNode("legacy")
  /// graph.unreachableNodes(from: ["app"])  // ["legacy"]
  /// ```
  ///
  /// - Parameter roots: The nodes the program starts from.
  /// - Returns: The unreachable nodes, in insertion order.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node.
  public func unreachableNodes(from roots: some Sequence<Node>) -> [Node] {
    let graph = store.graph(includingDeferred: true)
    let isReached = graph.reachability(from: roots.compactMap { rank(of: $0) })
    return nodes.indices.compactMap { isReached[$0] ? nil : nodes[$0] }
  }

  /// The depth of every node: the number of edges on the longest chain of direct
  /// dependencies that starts at it.
  ///
  /// A node without dependencies has depth 0. Depth is measured between strongly connected
  /// components, so a cycle counts as a single step and never makes a depth infinite: for
  /// `a → b → a` and `b → c`, `c` has depth 0 and both `a` and `b` have depth 1. Deferred edges
  /// and dangling references do not count. The depth of the graph is the largest of them:
  /// `depths().values.max() ?? 0`.
  ///
  /// - Returns: The depth of each node.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node.
  public func depths() -> [Node: Int] {
    let depths = store.graph(includingDeferred: false).depths()
    return Dictionary(uniqueKeysWithValues: zip(nodes, depths.lazy.map { Int($0) }))
  }

  /// The distinct nodes one edge from `node` (its dependencies, or its dependents when
  /// `followingDependents`), or every node reached in one or more steps when `transitively`,
  /// in insertion order; `node` itself is reached only when it lies on a cycle.
  private func neighbors(
    of node: Node, followingDependents: Bool, _ includingDeferred: Bool, transitively: Bool
  ) -> [Node] {
    guard let rank = rank(of: node) else { return [] }
    let forward = store.graph(includingDeferred: includingDeferred)
    let graph = followingDependents ? forward.reversed() : forward
    guard transitively else { return nodes(atRanks: graph.dependencies(of: rank)) }
    let isReached = graph.reachability(from: graph.dependencies(of: rank))
    return nodes.indices.compactMap { isReached[$0] ? nodes[$0] : nil }
  }
}
