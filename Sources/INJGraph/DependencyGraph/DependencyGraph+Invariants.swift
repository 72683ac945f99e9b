extension DependencyGraph {
  /// Checks that the interning tables and the edge store agree, trapping on the first
  /// violation.
  ///
  /// Every mentioned value has exactly one slot, every node exactly one rank in the order of
  /// ``nodes``, and the edge store is consistent. The check costs O(*n* + *e*), so it is left to
  /// tests and to debugging rather than run on every change.
  func checkInvariants() {
    precondition(mentionedValues.count == store.slotCount, "a slot per mentioned value")
    precondition(slotOfValue.count == mentionedValues.count, "a distinct value per slot")
    for (slot, value) in mentionedValues.enumerated() {
      precondition(slotOfValue[value] == Int32(slot), "slot \(slot) is not its value's slot")
    }
    precondition(nodes.count == store.nodeCount, "a rank per node")
    for (rank, node) in nodes.enumerated() {
      guard let slot = slotOfValue[node] else {
        preconditionFailure("node \(rank) has no slot")
      }
      precondition(store.rankOfSlot[Int(slot)] == Int32(rank), "node \(rank) has another rank")
    }
    store.checkInvariants()
  }
}
