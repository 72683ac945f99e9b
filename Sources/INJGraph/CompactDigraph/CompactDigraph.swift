/// A directed graph over the node ids `0..<nodeCount`, stored as compact adjacency arrays.
///
/// This is the non-generic core behind ``DependencyGraph``, shared with the other modules of the
/// package so that they can intern their own names to ids and run the same checks without generic
/// hashing. An edge `u → v` means "`u` depends on `v`".
///
/// The edges are kept in compressed sparse row form: the dependencies of `u` are
/// `targets[offsets[u]..<offsets[u + 1]]`, in ascending id order and without duplicates, so every
/// result of this type depends only on the set of edges, never on the order they were given in.
/// Every algorithm uses explicit stacks, so graphs of millions of nodes work on small thread
/// stacks.
@usableFromInline
package struct CompactDigraph: Sendable {
  /// The number of nodes; node ids are `0..<nodeCount`.
  package let nodeCount: Int

  /// Row starts: the dependencies of `u` are `targets[offsets[u]..<offsets[u + 1]]`.
  let offsets: [Int32]

  /// Dependency ids, row by row, ascending within a row and free of duplicates.
  let targets: [Int32]

  /// Creates a graph from a flat list of edges.
  ///
  /// Edge `i` says that `edgeSources[i]` depends on `edgeTargets[i]`. Duplicate edges are
  /// collapsed; a self-loop (`u` depends on `u`) is kept and makes the graph cyclic.
  ///
  /// - Parameters:
  ///   - nodeCount: The number of nodes, at most `Int32.max`.
  ///   - edgeSources: The dependent of each edge, each in `0..<nodeCount`.
  ///   - edgeTargets: The dependency of each edge, each in `0..<nodeCount`; as many as
  ///     `edgeSources`.
  ///   - rowsAreSorted: Whether the targets of each node's edges come in strictly ascending
  ///     order already, as when the graph is derived from another one: the rows are then
  ///     not sorted again.
  /// - Precondition: Both arrays have the same length and every id is in `0..<nodeCount`.
  /// - Complexity: O(*n* + *e*) for *n* nodes and *e* edges, plus sorting each node's row of
  ///   dependencies.
  package init(
    nodeCount: Int, edgeSources: [Int32], edgeTargets: consuming [Int32],
    rowsAreSorted: Bool = false
  ) {
    precondition(
      nodeCount >= 0 && nodeCount <= Int(Int32.max), "node count out of range: \(nodeCount)")
    precondition(
      edgeSources.count == edgeTargets.count,
      "\(edgeSources.count) edge sources but \(edgeTargets.count) edge targets")
    let bound = Int32(truncatingIfNeeded: nodeCount)
    // Counting sort of the edges by source gives the rows.
    var offsets = [Int32](repeating: 0, count: nodeCount + 1)
    var sourcesAscend = true
    var previous: Int32 = 0
    for source in edgeSources {
      precondition(source >= 0 && source < bound, "edge source \(source) out of range")
      offsets[Int(source) + 1] &+= 1
      sourcesAscend = sourcesAscend && source >= previous
      previous = source
    }
    for node in 0..<nodeCount {
      offsets[node + 1] &+= offsets[node]
    }
    // Edges listed dependent by dependent (as a container lists them) are rows already: the
    // targets are used in place.
    var targets = sourcesAscend ? edgeTargets : [Int32](repeating: 0, count: edgeSources.count)
    if !sourcesAscend {
      var cursor = offsets
      for edge in edgeSources.indices {
        let source = Int(edgeSources[edge])
        targets[Int(cursor[source])] = edgeTargets[edge]
        cursor[source] &+= 1
      }
    }
    precondition(targets.count < Int(Int32.max), "too many edges: \(targets.count)")
    for index in targets.indices {
      let target = targets[index]
      precondition(target >= 0 && target < bound, "edge target \(target) out of range")
    }
    if !rowsAreSorted {
      Self.sortAndDeduplicateRows(offsets: &offsets, targets: &targets)
    }
    self.nodeCount = nodeCount
    self.offsets = offsets
    self.targets = targets
  }

  /// The number of distinct edges.
  package var edgeCount: Int { targets.count }

  /// The dependencies of a node, in ascending id order.
  ///
  /// - Parameter node: A node id in `0..<nodeCount`.
  /// - Returns: The ids that `node` depends on.
  package func dependencies(of node: Int32) -> ArraySlice<Int32> {
    targets[Int(offsets[Int(node)])..<Int(offsets[Int(node) + 1])]
  }

  /// The graph with every edge turned around: in it, the dependencies of a node are the nodes
  /// that depend on it here.
  ///
  /// - Complexity: O(*n* + *e*) for *n* nodes and *e* edges.
  func reversed() -> CompactDigraph {
    var sources: [Int32] = []
    sources.reserveCapacity(targets.count)
    for node in 0..<nodeCount {
      let rowLength = Int(offsets[node + 1] - offsets[node])
      sources.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: node), count: rowLength))
    }
    return CompactDigraph(
      nodeCount: nodeCount, edgeSources: targets, edgeTargets: sources, rowsAreSorted: true)
  }

  /// Whether a node depends on itself directly.
  func hasSelfLoop(_ node: Int32) -> Bool {
    dependencies(of: node).contains(node)
  }

  /// Sorts every row ascending and removes duplicates, compacting `targets` in place.
  private static func sortAndDeduplicateRows(offsets: inout [Int32], targets: inout [Int32]) {
    let rowCount = offsets.count - 1
    guard rowCount > 0 else {
      targets.removeAll()
      return
    }
    var written = 0
    ScratchBuffer.withBuffer(over: &offsets) { offsets in
      ScratchBuffer.withBuffer(over: &targets) { targets in
        var rowStart = Int(offsets[0])
        offsets[0] = 0
        for row in 0..<rowCount {
          let rowEnd = Int(offsets[row + 1])
          let count = rowEnd - rowStart
          if count > 4 {
            targets.sort(rowStart..<rowEnd)
          } else if count > 1 {
            sortTiny(targets, from: rowStart, count: count)
          }
          var previous: Int32 = -1
          for index in rowStart..<rowEnd {
            let target = targets[index]
            if target != previous {
              targets[written] = target
              written += 1
              previous = target
            }
          }
          rowStart = rowEnd
          offsets[row + 1] = Int32(truncatingIfNeeded: written)
        }
      }
    }
    targets.removeLast(targets.count - written)
  }

  /// Sorts the row of two to four ids at `start` ascending with the optimal network for
  /// four, (0 1)(2 3), (0 2)(1 3), (1 2), without data-dependent branches: rows of random
  /// ids would make the branches of an insertion sort mispredict. A shorter row is
  /// padded with the largest id, which the network leaves at the end.
  private static func sortTiny(_ targets: ScratchBuffer<Int32>, from start: Int, count: Int) {
    var ids = SIMD4<Int32>(repeating: .max)
    for index in 0..<count { ids[index] = targets[start + index] }
    for (low, high) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
      (ids[low], ids[high]) = (min(ids[low], ids[high]), max(ids[low], ids[high]))
    }
    for index in 0..<count { targets[start + index] = ids[index] }
  }
}
