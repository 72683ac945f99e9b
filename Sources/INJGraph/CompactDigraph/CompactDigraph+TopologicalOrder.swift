extension CompactDigraph {
  /// The nodes with every dependency before its dependents, or `nil` when the graph has a cycle.
  ///
  /// The order is Kahn's algorithm taking the smallest ready id first: among the nodes whose
  /// dependencies are all placed, the one with the smallest id is placed next. A self-loop is a
  /// cycle.
  ///
  /// - Returns: Every node id exactly once, or `nil` when a cycle (or self-loop) exists.
  /// - Complexity: O(*n* log *n* + *e*) for *n* nodes and *e* edges.
  @usableFromInline
  package func topologicalOrder() -> [Int32]? {
    let dependents = reversed()
    // How many dependencies of each node are still unplaced.
    var remaining = (0..<nodeCount).map { offsets[$0 + 1] - offsets[$0] }
    let ready = ReadySet(capacity: nodeCount)
    for node in 0..<nodeCount where remaining[node] == 0 {
      ready.insert(Int32(truncatingIfNeeded: node))
    }
    var order: [Int32] = []
    order.reserveCapacity(nodeCount)
    while let next = ready.popMin() {
      order.append(next)
      for dependent in dependents.dependencies(of: next) {
        remaining[Int(dependent)] -= 1
        if remaining[Int(dependent)] == 0 { ready.insert(dependent) }
      }
    }
    return order.count == nodeCount ? order : nil
  }
}
