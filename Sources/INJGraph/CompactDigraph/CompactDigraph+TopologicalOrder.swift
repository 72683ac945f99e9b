extension CompactDigraph {
  /// The nodes with every dependency before its dependents, or `nil` when the graph has a cycle.
  ///
  /// The order is Kahn's algorithm with a min-heap: among the nodes whose dependencies are all
  /// placed, the one with the smallest id is placed next. A self-loop is a cycle.
  ///
  /// - Returns: Every node id exactly once, or `nil` when a cycle (or self-loop) exists.
  /// - Complexity: O(*n* log *n* + *e*) for *n* nodes and *e* edges.
  package func topologicalOrder() -> [Int32]? {
    let order = kahnOrder(skippingSelfLoops: false)
    return order.count == nodeCount ? order : nil
  }

  /// Whether the graph has no cycle, self-loops included.
  ///
  /// - Complexity: O(*n* log *n* + *e*) for *n* nodes and *e* edges.
  package var isAcyclic: Bool {
    kahnOrder(skippingSelfLoops: false).count == nodeCount
  }

  /// Kahn's algorithm with a min-heap on the node id.
  ///
  /// - Parameter skippingSelfLoops: Whether a self-loop is ignored rather than blocking its node.
  /// - Returns: The placed nodes; fewer than `nodeCount` when a cycle blocks the rest.
  func kahnOrder(skippingSelfLoops: Bool) -> [Int32] {
    let count = nodeCount
    // How many dependencies of each node are still unplaced, and the dependents of each node
    // (the edges reversed) in compact rows.
    let remaining = UnsafeMutableBufferPointer.allocate(count: count, repeating: 0)
    let dependentOffsets = UnsafeMutableBufferPointer.allocate(count: count + 1, repeating: 0)
    let cursor = UnsafeMutableBufferPointer.allocate(count: count, repeating: 0)
    let dependents = UnsafeMutableBufferPointer.allocate(count: targets.count, repeating: 0)
    defer {
      for buffer in [remaining, dependentOffsets, cursor, dependents] { buffer.deallocate() }
    }
    offsets.withUnsafeBufferPointer { offsets in
      targets.withUnsafeBufferPointer { targets in
        var node = 0
        while node < count {
          var position = Int(offsets[node])
          let end = Int(offsets[node + 1])
          while position < end {
            let target = Int(targets[position])
            if !skippingSelfLoops || target != node {
              remaining[node] += 1
              dependentOffsets[target + 1] += 1
            }
            position += 1
          }
          node += 1
        }
        node = 0
        while node < count {
          dependentOffsets[node + 1] += dependentOffsets[node]
          cursor[node] = dependentOffsets[node]
          node += 1
        }
        node = 0
        while node < count {
          var position = Int(offsets[node])
          let end = Int(offsets[node + 1])
          while position < end {
            let target = Int(targets[position])
            if !skippingSelfLoops || target != node {
              dependents[Int(cursor[target])] = Int32(truncatingIfNeeded: node)
              cursor[target] += 1
            }
            position += 1
          }
          node += 1
        }
      }
    }

    var ready = MinHeap(capacity: count)
    var node = 0
    while node < count {
      if remaining[node] == 0 { ready.insert(Int32(truncatingIfNeeded: node)) }
      node += 1
    }
    return [Int32](unsafeUninitializedCapacity: count) { order, placed in
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
