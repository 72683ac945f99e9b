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
      let next = Int(store.sources[edge]) + 1
      precondition(
        !store.isByNode
          || (store.firstEdge[next - 1] <= edge
            && (next == nodes.count || edge < store.firstEdge[next])),
        "edge \(edge) out of its run")
    }
    precondition(store.firstEdge == store.firstEdge.sorted(), "first edges in order")
    precondition(store.hasSlotTargets || !store.targets.contains { $0 < 0 }, "a slot target")
  }
}
