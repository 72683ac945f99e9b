extension EdgeStore {
  /// Checks that ranks and slots map to each other, that every edge is in range, and that the
  /// outgoing and incoming lists hold every edge exactly once; traps on the first violation.
  func checkInvariants() {
    var ranked = 0
    for (slot, rank) in rankOfSlot.enumerated() where rank >= 0 {
      precondition(Int(rank) < nodeCount, "slot \(slot) has a rank out of range")
      precondition(slotOfRank[Int(rank)] == Int32(slot), "slot \(slot) and its rank disagree")
      ranked += 1
    }
    precondition(ranked == nodeCount, "every rank belongs to one slot")
    let edgeCount = edgeSource.count
    precondition(
      [edgeTarget.count, edgeIsDeferred.count, previousOutgoing.count, previousIncoming.count]
        .allSatisfy { $0 == edgeCount }, "edge arrays of one length")
    precondition(edgeTargetRank.count == edgeCount, "a target rank per edge")
    for edge in 0..<edgeCount {
      precondition(
        edgeSource[edge] >= 0 && Int(edgeSource[edge]) < nodeCount, "edge \(edge) source")
      precondition(
        edgeTarget[edge] >= 0 && Int(edgeTarget[edge]) < slotCount, "edge \(edge) target")
      precondition(
        edgeTargetRank[edge] == rankOfSlot[Int(edgeTarget[edge])], "edge \(edge) target rank")
    }

    var seenOutgoing = [Bool](repeating: false, count: edgeCount)
    for rank in 0..<nodeCount {
      var edge = lastOutgoing[rank]
      while edge >= 0 {
        precondition(!seenOutgoing[Int(edge)], "edge \(edge) listed twice")
        precondition(edgeSource[Int(edge)] == Int32(rank), "edge \(edge) in the wrong list")
        seenOutgoing[Int(edge)] = true
        edge = previousOutgoing[Int(edge)]
      }
    }
    var seenIncoming = [Bool](repeating: false, count: edgeCount)
    for slot in 0..<slotCount {
      var edge = lastIncoming[slot]
      while edge >= 0 {
        precondition(!seenIncoming[Int(edge)], "edge \(edge) listed twice")
        precondition(edgeTarget[Int(edge)] == Int32(slot), "edge \(edge) in the wrong list")
        seenIncoming[Int(edge)] = true
        edge = previousIncoming[Int(edge)]
      }
    }
    precondition(seenOutgoing.allSatisfy { $0 }, "an edge missing from the outgoing lists")
    precondition(seenIncoming.allSatisfy { $0 }, "an edge missing from the incoming lists")
  }
}
