/// The edges of a ``DependencyGraph`` over integers, as they were added: the input from which
/// every analysis builds the ``CompactDigraph`` it runs on. Only the dangling references are read
/// from the list itself.
///
/// Every value the graph has seen, as a node or as a dependency, has a *slot* (in order of first
/// mention). A value added as a node also has a *rank* (its position in `nodes`, in order of
/// addition); a value with a slot but no rank is a missing node, and edges to it are dangling
/// references. An edge goes from the rank of its dependent to its dependency: the dependency's
/// rank when it is a node already, else the complement `~slot` of its slot, which turns into an
/// edge between nodes as soon as the missing node is added. Adding a node or an edge appends to
/// flat arrays; duplicates are collapsed when a graph is built.
@usableFromInline
struct EdgeList: Sendable {
  /// The rank of each slot, or -1 while the slot's value is not a node.
  private(set) var rankOfSlot: [Int32] = []
  /// The dependent of each edge, as a rank.
  private(set) var sources: [Int32] = []
  /// The dependency of each edge: a rank, or the complement of a slot that had no rank yet.
  private(set) var targets: [Int32] = []
  /// Whether each edge is deferred.
  private(set) var isDeferred: [Bool] = []
  /// Whether some edge was added before its dependency was a node.
  private(set) var hasSlotTargets = false
  /// The number of nodes (values with a rank).
  private(set) var nodeCount = 0

  /// Creates an empty list.
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
  }

  /// Gives a slot the next rank, making its value a node.
  ///
  /// - Returns: The new rank.
  @usableFromInline
  mutating func addNode(slot: Int32) -> Int32 {
    let rank = Int32(truncatingIfNeeded: nodeCount)
    rankOfSlot[Int(slot)] = rank
    nodeCount += 1
    return rank
  }

  /// Adds an edge from a node to a value.
  @usableFromInline
  mutating func addEdge(from rank: Int32, to slot: Int32, isDeferred deferred: Bool) {
    precondition(sources.count < Int(Int32.max), "too many edges in one graph")
    sources.append(rank)
    let targetRank = rankOfSlot[Int(slot)]
    targets.append(targetRank >= 0 ? targetRank : ~slot)
    hasSlotTargets = hasSlotTargets || targetRank < 0
    isDeferred.append(deferred)
  }

  /// The rank of an edge's dependency, or -1 while it is not a node.
  func rank(ofTarget target: Int32) -> Int32 {
    target >= 0 ? target : rankOfSlot[Int(~target)]
  }

  /// The edges between nodes as a graph over ranks; dangling references are left out.
  ///
  /// - Parameter includingDeferred: Whether deferred edges are included.
  /// - Returns: The graph, with node ids equal to ranks.
  @usableFromInline
  func graph(includingDeferred: Bool) -> CompactDigraph {
    var from = sources
    var to = hasSlotTargets ? targets.map(rank(ofTarget:)) : targets
    if (hasSlotTargets && to.contains(-1)) || (!includingDeferred && isDeferred.contains(true)) {
      // Keep the edges to nodes, and deferred ones only when they are included.
      var kept = 0
      for edge in to.indices where to[edge] >= 0 && (includingDeferred || !isDeferred[edge]) {
        from[kept] = from[edge]
        to[kept] = to[edge]
        kept += 1
      }
      from.removeLast(from.count - kept)
      to.removeLast(to.count - kept)
    }
    return CompactDigraph(nodeCount: nodeCount, edgeSources: from, edgeTargets: to)
  }

  /// Every distinct dangling reference, ordered by dependent rank, then by the slot of the
  /// missing value; a direct reference wins over a deferred one to the same value.
  ///
  /// - Returns: The dependent's rank, the missing value's slot, and whether it is deferred.
  func danglingEdges() -> [(rank: Int32, slot: Int32, isDeferred: Bool)] {
    // A direct reference sorts first among equals, and the first of each is kept.
    let found = sources.indices.filter { rank(ofTarget: targets[$0]) < 0 }.map {
      (rank: sources[$0], slot: ~targets[$0], isDeferred: isDeferred[$0])
    }.sorted {
      ($0.rank, $0.slot, $0.isDeferred ? 1 : 0) < ($1.rank, $1.slot, $1.isDeferred ? 1 : 0)
    }
    var result: [(rank: Int32, slot: Int32, isDeferred: Bool)] = []
    for reference in found
    where result.last?.rank != reference.rank || result.last?.slot != reference.slot {
      result.append(reference)
    }
    return result
  }
}
