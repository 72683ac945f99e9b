extension CompactDigraph {
  /// Which nodes can be reached from the given nodes by following dependency edges.
  ///
  /// A start node is reachable from itself.
  ///
  /// - Parameter starts: The ids to start from, each in `0..<nodeCount`.
  /// - Returns: For each node id, whether it is reachable.
  /// - Complexity: O(*n* + *e*) for *n* nodes and *e* edges.
  package func reachability(from starts: some Sequence<Int32>) -> [Bool] {
    var isReached = [Bool](repeating: false, count: nodeCount)
    var work: [Int32] = []
    for start in starts where !isReached[Int(start)] {
      isReached[Int(start)] = true
      work.append(start)
    }
    while let node = work.popLast() {
      for target in dependencies(of: node) where !isReached[Int(target)] {
        isReached[Int(target)] = true
        work.append(target)
      }
    }
    return isReached
  }
}
