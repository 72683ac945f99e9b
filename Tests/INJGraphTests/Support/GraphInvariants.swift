@testable import INJGraph

// What the tests check of the graphs' storage, and what they ask of the compact graph
// that the package itself does not.

extension CompactDigraph {
  /// Checks the storage invariants: `nodeCount + 1` ascending row starts covering every edge,
  /// and rows strictly ascending with every id in range.
  ///
  /// The check costs O(*n* + *e*); the tests run it on the graphs they build.
  func checkInvariants() {
    precondition(offsets.count == nodeCount + 1, "expected \(nodeCount + 1) row starts")
    precondition(offsets.first == 0, "the first row must start at 0")
    precondition(Int(offsets[nodeCount]) == targets.count, "the last row must end at the end")
    for node in 0..<nodeCount {
      let start = Int(offsets[node])
      let end = Int(offsets[node + 1])
      precondition(start <= end, "row \(node) ends before it starts")
      var previous: Int32 = -1
      for target in targets[start..<end] {
        precondition(target > previous, "row \(node) is not strictly ascending")
        precondition(Int(target) < nodeCount, "row \(node) has an id out of range: \(target)")
        previous = target
      }
    }
  }
}

extension DependencyGraph {
  /// Checks that the interning tables and the edge list agree, trapping on the first
  /// violation.
  ///
  /// Every mentioned value has exactly one slot, every node exactly one rank in the order of
  /// ``nodes``, and every edge goes from a rank to a slot. The check costs O(*n* + *e*), so it is
  /// left to tests and to debugging rather than run on every change.
  func checkInvariants() {
    precondition(mentionedValues.count == store.rankOfSlot.count, "a slot per mentioned value")
    precondition(slotOfValue.count == mentionedValues.count, "a distinct value per slot")
    for (slot, value) in mentionedValues.enumerated() {
      precondition(slotOfValue[value] == Int32(slot), "slot \(slot) is not its value's slot")
    }
    precondition(nodes.count == store.nodeCount, "a rank per node")
    precondition(store.rankOfSlot.count { $0 >= 0 } == nodes.count, "a slot per rank")
    for (rank, node) in nodes.enumerated() {
      guard let slot = slotOfValue[node] else {
        preconditionFailure("node \(rank) has no slot")
      }
      precondition(store.rankOfSlot[Int(slot)] == Int32(rank), "node \(rank) has another rank")
    }
    let edgeCount = store.sources.count
    precondition(store.targets.count == edgeCount && store.isDeferred.count == edgeCount)
    for edge in 0..<edgeCount {
      precondition((0..<Int32(nodes.count)).contains(store.sources[edge]), "edge \(edge) source")
      let target = store.targets[edge]
      precondition(
        target >= 0 ? Int(target) < nodes.count : Int(~target) < mentionedValues.count,
        "edge \(edge) target")
    }
    precondition(store.hasSlotTargets || !store.targets.contains { $0 < 0 }, "a slot target")
  }
}

extension CompactDigraph {
  /// The strongly connected components, in the order the package's searches find them.
  func stronglyConnectedComponents() -> [[Int32]] {
    let ordered = orderedComponents()
    return (0..<ordered.offsets.count - 1).map {
      Array(ordered.members[Int(ordered.offsets[$0])..<Int(ordered.offsets[$0 + 1])])
    }
  }

  /// Whether the graph has no cycle, a self-loop included.
  var isAcyclic: Bool {
    elementaryCycles(limit: 1).cycles.isEmpty
  }
}
