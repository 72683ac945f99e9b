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
