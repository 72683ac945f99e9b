/// The non-generic storage behind ``DependencyGraph``: its nodes and edges as integers.
///
/// Every value the graph has seen, as a node or as a dependency, has a *slot* (in order of first
/// mention). A value added as a node also has a *rank* (its position in `nodes`, in order of
/// addition); a value with a slot but no rank is a missing node, and edges to it are dangling
/// references. An edge goes from the rank of its dependent to the slot of its dependency, so an
/// edge turns into an edge between nodes as soon as its missing node is added.
///
/// Edges are kept in flat arrays, in the order they were added, with duplicates; each node's
/// outgoing edges and each slot's incoming edges are linked lists threaded through the edge
/// arrays, so adding an edge costs O(1) and a node's edges are found without a scan.
/// Duplicates are collapsed when edges are read.
@usableFromInline
struct EdgeStore: Sendable {
  /// The rank of each slot, or -1 while the slot's value is not a node.
  private(set) var rankOfSlot: [Int32] = []
  /// The slot of each rank.
  private(set) var slotOfRank: [Int32] = []
  /// The dependent of each edge, as a rank.
  private(set) var edgeSource: [Int32] = []
  /// The dependency of each edge, as a slot.
  private(set) var edgeTarget: [Int32] = []
  /// The dependency of each edge as a rank, or -1 while it is a missing node; kept up to date
  /// so that reading the edges needs no lookup per edge.
  private(set) var edgeTargetRank: [Int32] = []
  /// Whether each edge is deferred.
  private(set) var edgeIsDeferred: [Bool] = []
  /// The last edge added from each rank, or -1.
  private(set) var lastOutgoing: [Int32] = []
  /// The edge added before each edge from the same rank, or -1.
  private(set) var previousOutgoing: [Int32] = []
  /// The last edge added to each slot, or -1.
  private(set) var lastIncoming: [Int32] = []
  /// The edge added before each edge to the same slot, or -1.
  private(set) var previousIncoming: [Int32] = []

  /// The number of nodes (values with a rank).
  var nodeCount: Int { slotOfRank.count }

  /// The number of slots.
  var slotCount: Int { rankOfSlot.count }

  /// The number of stored edges, duplicates included.
  var storedEdgeCount: Int { edgeSource.count }

  /// Creates an empty store.
  @usableFromInline
  init() {}

  /// The rank of a slot, or -1 while its value is not a node.
  @usableFromInline
  func rank(ofSlot slot: Int32) -> Int32 {
    rankOfSlot[Int(slot)]
  }

  /// Adds a slot for a newly mentioned value.
  @usableFromInline
  mutating func addSlot() {
    precondition(rankOfSlot.count < Int(Int32.max), "too many values in one graph")
    rankOfSlot.append(-1)
    lastIncoming.append(-1)
  }

  /// Gives a slot the next rank, making its value a node.
  ///
  /// - Returns: The new rank.
  @usableFromInline
  mutating func addNode(slot: Int32) -> Int32 {
    let rank = Int32(truncatingIfNeeded: slotOfRank.count)
    rankOfSlot[Int(slot)] = rank
    slotOfRank.append(slot)
    lastOutgoing.append(-1)
    // Dangling references to the value become edges to the new node.
    var edge = lastIncoming[Int(slot)]
    while edge >= 0 {
      edgeTargetRank[Int(edge)] = rank
      edge = previousIncoming[Int(edge)]
    }
    return rank
  }

  /// Adds an edge from a node to a value.
  @usableFromInline
  mutating func addEdge(from rank: Int32, to slot: Int32, isDeferred: Bool) {
    precondition(edgeSource.count < Int(Int32.max), "too many edges in one graph")
    let edge = Int32(truncatingIfNeeded: edgeSource.count)
    edgeSource.append(rank)
    edgeTarget.append(slot)
    edgeTargetRank.append(rankOfSlot[Int(slot)])
    edgeIsDeferred.append(isDeferred)
    previousOutgoing.append(lastOutgoing[Int(rank)])
    lastOutgoing[Int(rank)] = edge
    previousIncoming.append(lastIncoming[Int(slot)])
    lastIncoming[Int(slot)] = edge
  }

  // MARK: - Reading every edge

  /// Every distinct edge between nodes, in one pass: the graph of all edges and the graph of
  /// direct edges, both over ranks. An edge of `all` that is missing from `direct` is deferred.
  func nodeEdgeGraphs() -> (all: CompactDigraph, direct: CompactDigraph) {
    (compactDigraph(includingDeferred: true), compactDigraph(includingDeferred: false))
  }

  /// Calls `body` with every distinct edge between nodes, ordered by dependent, then by
  /// dependency, each with whether it is deferred.
  ///
  /// - Parameters:
  ///   - all: The graph of all edges, from ``nodeEdgeGraphs()``.
  ///   - direct: The graph of direct edges, from ``nodeEdgeGraphs()``.
  ///   - body: Receives the dependent's rank, the dependency's rank and whether it is deferred.
  static func forEachNodeEdge(
    all: CompactDigraph, direct: CompactDigraph, _ body: (Int32, Int32, Bool) -> Void
  ) {
    var rank = 0
    while rank < all.nodeCount {
      // Both rows are ascending, so one walk finds which edges of `all` are direct.
      var position = Int(all.offsets[rank])
      let end = Int(all.offsets[rank + 1])
      var directPosition = Int(direct.offsets[rank])
      let directEnd = Int(direct.offsets[rank + 1])
      while position < end {
        let target = all.targets[position]
        while directPosition < directEnd && direct.targets[directPosition] < target {
          directPosition += 1
        }
        let isDirect = directPosition < directEnd && direct.targets[directPosition] == target
        body(Int32(truncatingIfNeeded: rank), target, !isDirect)
        position += 1
      }
      rank += 1
    }
  }

  /// Every distinct edge between nodes, in the order of ``forEachNodeEdge(all:direct:_:)``, as
  /// parallel arrays of dependent ranks, dependency ranks and deferred flags.
  func nodeEdgeList() -> (from: [Int32], to: [Int32], isDeferred: [Bool]) {
    let graphs = nodeEdgeGraphs()
    var from: [Int32] = []
    var to: [Int32] = []
    var isDeferred: [Bool] = []
    from.reserveCapacity(graphs.all.edgeCount)
    to.reserveCapacity(graphs.all.edgeCount)
    isDeferred.reserveCapacity(graphs.all.edgeCount)
    Self.forEachNodeEdge(all: graphs.all, direct: graphs.direct) { source, target, deferred in
      from.append(source)
      to.append(target)
      isDeferred.append(deferred)
    }
    return (from, to, isDeferred)
  }

  /// Every distinct dangling reference, ordered by dependent rank, then by the slot of the
  /// missing value; a direct reference wins over a deferred one to the same value.
  ///
  /// - Returns: The dependent's rank, the missing value's slot, and whether it is deferred.
  func danglingEdges() -> [(rank: Int32, slot: Int32, isDeferred: Bool)] {
    // Key each reference as (rank << 32 | slot << 1 | deferred bit), so that sorting orders
    // them as documented with a direct reference first among equals.
    var keys: [UInt64] = []
    var edge = 0
    let edgeCount = edgeSource.count
    while edge < edgeCount {
      let slot = edgeTarget[edge]
      if edgeTargetRank[edge] < 0 {
        let rank = UInt64(UInt32(bitPattern: edgeSource[edge]))
        let bit: UInt64 = edgeIsDeferred[edge] ? 1 : 0
        keys.append(rank << 32 | UInt64(UInt32(bitPattern: slot)) << 1 | bit)
      }
      edge += 1
    }
    keys.sort()
    var result: [(rank: Int32, slot: Int32, isDeferred: Bool)] = []
    var previous = UInt64.max
    for key in keys where key >> 1 != previous {
      previous = key >> 1
      result.append(
        (
          Int32(truncatingIfNeeded: key >> 32),
          Int32(truncatingIfNeeded: (key & 0xFFFF_FFFF) >> 1), key & 1 == 1
        ))
    }
    return result
  }

  /// The distinct nodes a node depends on directly, ascending by rank.
  ///
  /// - Parameters:
  ///   - rank: The node.
  ///   - includingDeferred: Whether deferred edges count.
  /// - Returns: The ranks of the dependencies.
  func dependencyRanks(of rank: Int32, includingDeferred: Bool) -> [Int32] {
    var ranks: [Int32] = []
    var edge = lastOutgoing[Int(rank)]
    while edge >= 0 {
      if includingDeferred || !edgeIsDeferred[Int(edge)] {
        let targetRank = edgeTargetRank[Int(edge)]
        if targetRank >= 0 { ranks.append(targetRank) }
      }
      edge = previousOutgoing[Int(edge)]
    }
    return Self.sortedDistinct(ranks)
  }

  /// The distinct nodes that depend directly on a node, ascending by rank.
  ///
  /// - Parameters:
  ///   - rank: The node.
  ///   - includingDeferred: Whether deferred edges count.
  /// - Returns: The ranks of the dependents.
  func dependentRanks(of rank: Int32, includingDeferred: Bool) -> [Int32] {
    var ranks: [Int32] = []
    var edge = lastIncoming[Int(slotOfRank[Int(rank)])]
    while edge >= 0 {
      if includingDeferred || !edgeIsDeferred[Int(edge)] {
        ranks.append(edgeSource[Int(edge)])
      }
      edge = previousIncoming[Int(edge)]
    }
    return Self.sortedDistinct(ranks)
  }

  // MARK: - Traversals

  /// The nodes reachable from a node in one or more steps, ascending by rank.
  ///
  /// The node itself is included only when it lies on a cycle.
  ///
  /// - Parameters:
  ///   - rank: The node to start from.
  ///   - followingDependents: Whether to follow edges backwards, from dependency to dependent.
  ///   - includingDeferred: Whether deferred edges count.
  /// - Returns: The ranks reached.
  func transitiveRanks(
    from rank: Int32, followingDependents: Bool, includingDeferred: Bool
  ) -> [Int32] {
    var isReached = [Bool](repeating: false, count: nodeCount)
    var reached: [Int32] = []
    var work: [Int32] = [rank]
    while let current = work.popLast() {
      var edge =
        followingDependents
        ? lastIncoming[Int(slotOfRank[Int(current)])] : lastOutgoing[Int(current)]
      while edge >= 0 {
        let next: Int32
        if followingDependents {
          next = edgeSource[Int(edge)]
        } else {
          next = edgeTargetRank[Int(edge)]
        }
        let isFollowed = includingDeferred || !edgeIsDeferred[Int(edge)]
        edge = followingDependents ? previousIncoming[Int(edge)] : previousOutgoing[Int(edge)]
        if isFollowed && next >= 0 && !isReached[Int(next)] {
          isReached[Int(next)] = true
          reached.append(next)
          work.append(next)
        }
      }
    }
    reached.sort()
    return reached
  }

  /// The edges between nodes as a compact graph over ranks.
  ///
  /// Dangling references are left out; duplicates are collapsed.
  ///
  /// - Parameter includingDeferred: Whether deferred edges are included.
  /// - Returns: The graph, with node ids equal to ranks.
  func compactDigraph(includingDeferred: Bool) -> CompactDigraph {
    let count = nodeCount
    var offsets = [Int32](repeating: 0, count: count + 1)
    let targets = [Int32](uninitializedCount: edgeSource.count) { targets, written in
      written = 0
      offsets.withUnsafeMutableBufferPointer { offsets in
        lastOutgoing.withUnsafeBufferPointer { lastOutgoing in
          previousOutgoing.withUnsafeBufferPointer { previousOutgoing in
            edgeTargetRank.withUnsafeBufferPointer { edgeTargetRank in
              edgeIsDeferred.withUnsafeBufferPointer { edgeIsDeferred in
                var rank = 0
                while rank < count {
                  var edge = Int(lastOutgoing[rank])
                  while edge >= 0 {
                    let target = edgeTargetRank[edge]
                    if target >= 0 && (includingDeferred || !edgeIsDeferred[edge]) {
                      targets[written] = target
                      written += 1
                    }
                    edge = Int(previousOutgoing[edge])
                  }
                  offsets[rank + 1] = Int32(truncatingIfNeeded: written)
                  rank += 1
                }
              }
            }
          }
        }
      }
    }
    return CompactDigraph(nodeCount: count, rowOffsets: offsets, unsortedTargets: targets)
  }

  // MARK: - Analyses over ranks, for the inlinable shells of `DependencyGraph`

  /// The topological order of the direct edges, or the cycles that prevent one.
  ///
  /// - Parameter cycleLimit: The most cycles to report.
  /// - Returns: The ranks in order, or the cycles (not closed) and whether there are more.
  @usableFromInline
  func topologicalRanks(cycleLimit: Int) -> Result<[Int32], CycleRanks> {
    let graph = compactDigraph(includingDeferred: false)
    let order = graph.kahnOrder()
    guard order.count == graph.nodeCount else {
      let found = graph.elementaryCycles(limit: cycleLimit)
      return .failure(CycleRanks(cycles: found.cycles, isTruncated: found.isTruncated))
    }
    return .success(order)
  }

  /// The elementary cycles of the direct edges, not closed.
  @usableFromInline
  func cycleRanks(limit: Int) -> CycleRanks {
    let found = compactDigraph(includingDeferred: false).elementaryCycles(limit: limit)
    return CycleRanks(cycles: found.cycles, isTruncated: found.isTruncated)
  }

  /// The strongly connected components of the direct edges, in order, as flat arrays:
  /// component `k` is `members[offsets[k]..<offsets[k + 1]]`.
  @usableFromInline
  func componentRanks() -> (members: [Int32], offsets: [Int32]) {
    compactDigraph(includingDeferred: false).orderedComponents()
  }

  // MARK: - Helpers

  /// Sorts ids ascending and removes duplicates.
  private static func sortedDistinct(_ ids: [Int32]) -> [Int32] {
    guard ids.count > 1 else { return ids }
    var result = ids.sorted()
    var written = 1
    for index in 1..<result.count where result[index] != result[written - 1] {
      result[written] = result[index]
      written += 1
    }
    result.removeLast(result.count - written)
    return result
  }
}
