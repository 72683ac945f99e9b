extension CompactDigraph {
  /// The nodes with every dependency before its dependents, or `nil` when the graph has a cycle.
  ///
  /// The order is Kahn's algorithm taking the smallest ready id first: among the nodes whose
  /// dependencies are all placed, the one with the smallest id is placed next. A self-loop is a
  /// cycle.
  ///
  /// - Returns: Every node id exactly once, or `nil` when a cycle (or self-loop) exists.
  /// - Complexity: O(*n* log *n* + *e*) for *n* nodes and *e* edges.
  package func topologicalOrder() -> [Int32]? {
    let order = kahnOrder()
    return order.count == nodeCount ? order : nil
  }

  /// Whether the graph has no cycle, self-loops included.
  ///
  /// - Complexity: O(*n* + *e*) for *n* nodes and *e* edges.
  package var isAcyclic: Bool {
    guard componentPartition().count == nodeCount else { return false }
    var node: Int32 = 0
    while Int(node) < nodeCount {
      if hasSelfLoop(node) { return false }
      node += 1
    }
    return true
  }

  /// Kahn's algorithm, always placing the smallest ready id next.
  ///
  /// - Returns: The placed nodes; fewer than `nodeCount` when a cycle (or a self-loop) blocks
  ///   the rest.
  func kahnOrder() -> [Int32] {
    let count = nodeCount
    // How many dependencies of each node are still unplaced, and the dependents of each node.
    let reversed = ReversedEdges(of: self)
    defer { reversed.deallocate() }
    let remaining = reversed.outDegrees
    let dependentOffsets = reversed.offsets
    let dependents = reversed.sources

    let ready = ReadySet(capacity: count)
    var node = 0
    while node < count {
      if remaining[node] == 0 { ready.insert(Int32(truncatingIfNeeded: node)) }
      node += 1
    }
    return [Int32](uninitializedCount: count) { order, placed in
      placed = 0
      while let next = ready.popMin() {
        order[placed] = next
        placed += 1
        var position = Int(dependentOffsets[Int(next)])
        let end = Int(dependentOffsets[Int(next) + 1])
        while position < end {
          let dependent = Int(dependents[position])
          remaining[dependent] -= 1
          if remaining[dependent] == 0 {
            ready.insert(Int32(truncatingIfNeeded: dependent))
          }
          position += 1
        }
      }
    }
  }
}
