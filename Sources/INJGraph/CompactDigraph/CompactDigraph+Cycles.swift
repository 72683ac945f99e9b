extension CompactDigraph {
  /// Every elementary cycle, up to a limit, by Johnson's algorithm.
  ///
  /// An elementary cycle visits each of its nodes once. Each cycle is given as its members in
  /// edge order — each depends on the next, and the last depends on the first — without
  /// repeating the first node, rotated to start at its smallest id. A self-loop is the cycle
  /// `[u]`. The list is sorted by comparing the ids position by position, a cycle that is a prefix
  /// of another coming first; the search produces them in this order, so a truncated list holds
  /// exactly the first `limit` cycles of the full list.
  ///
  /// The search runs only inside strongly connected components with a cycle, so an acyclic
  /// graph costs a single linear pass. The number of cycles can grow exponentially with the
  /// number of nodes, hence the limit.
  ///
  /// - Parameter limit: The largest number of cycles to return; a negative limit counts as zero.
  /// - Returns: The cycles, and whether more cycles exist than were returned.
  /// - Complexity: O((*n* + *e*)(*c* + 1)) for *n* nodes, *e* edges and *c* returned cycles.
  @usableFromInline
  package func elementaryCycles(limit: Int) -> (cycles: [[Int32]], isTruncated: Bool) {
    let partition = componentPartition()
    // A cycle is a component of two or more nodes, or a self-loop.
    let hasCycle =
      partition.count < nodeCount
      || (0..<nodeCount).contains { hasSelfLoop(Int32(truncatingIfNeeded: $0)) }
    guard hasCycle else { return ([], false) }
    let search = CycleSearch(graph: self, limit: max(0, limit))
    search.run(partition: partition)
    return (search.cycles, search.isTruncated)
  }
}
