/// What a drawing of a graph shows, worked out once for both DOT and Mermaid output, and for
/// the list of ``DependencyGraph/edges``.
///
/// Boxes are the nodes (`n0`, `n1`, … by insertion order) followed by the missing nodes of
/// dangling references (`m0`, `m1`, … in order of first appearance). Lines are the edges between
/// nodes, ordered by dependent then dependency, followed by the dangling references in the
/// order of ``DependencyGraph/danglingReferences``.
struct DrawingPlan {
  /// One arrow from a dependent to a dependency.
  struct Line {
    /// The dependent's rank.
    var from: Int32
    /// The dependency: a rank, or the complement `~index` of an index into `missingSlots`.
    var to: Int32
    /// Whether the edge is deferred.
    var isDeferred: Bool
    /// Whether the edge lies on a cycle of direct edges.
    var isOnCycle = false

    /// The identifier of the dependency's box: `n` and its rank, or `m` and its index.
    var target: String { to >= 0 ? "n" + String(to) : "m" + String(~to) }
  }

  /// For each rank, whether the node lies on a cycle of direct edges.
  private(set) var isOnCycle: [Bool]
  /// The slots of the missing nodes drawn.
  private(set) var missingSlots: [Int32] = []
  /// The arrows, in drawing order.
  private(set) var lines: [Line] = []

  init(store: EdgeList, highlightsCycles: Bool, showsDanglingReferences: Bool) {
    let count = store.nodeCount
    let all = store.graph(includingDeferred: true)
    let direct = store.graph(includingDeferred: false)
    var componentOf: [Int32] = []
    var isOnCycle = [Bool](repeating: false, count: count)
    if highlightsCycles {
      // A node is on a cycle when its component has two or more members or it depends on
      // itself; a direct edge is on a cycle when both ends are in one component.
      let components = direct.orderedComponents()
      componentOf = components.componentOfNode
      isOnCycle = componentOf.map {
        components.offsets[Int($0) + 1] - components.offsets[Int($0)] > 1
      }
    }

    var lines: [Line] = []
    lines.reserveCapacity(all.edgeCount)
    for rank in 0..<Int32(truncatingIfNeeded: count) {
      // The direct row is part of the row of all edges, and both are ascending.
      var directRow = direct.dependencies(of: rank)
      for target in all.dependencies(of: rank) {
        let isDeferred = directRow.first != target
        if !isDeferred { directRow.removeFirst() }
        let onCycle =
          highlightsCycles && !isDeferred && componentOf[Int(rank)] == componentOf[Int(target)]
        // A direct self-loop puts its node on a cycle of its own.
        if onCycle && rank == target { isOnCycle[Int(rank)] = true }
        lines.append(Line(from: rank, to: target, isDeferred: isDeferred, isOnCycle: onCycle))
      }
    }
    self.isOnCycle = isOnCycle
    if showsDanglingReferences {
      var missingIndex: [Int32: Int32] = [:]
      for reference in store.danglingEdges() {
        let next = Int32(truncatingIfNeeded: missingSlots.count)
        let index = missingIndex[reference.slot, default: next]
        if index == missingSlots.count {
          missingIndex[reference.slot] = index
          missingSlots.append(reference.slot)
        }
        lines.append(Line(from: reference.rank, to: ~index, isDeferred: reference.isDeferred))
      }
    }
    self.lines = lines
  }

  /// Every box, nodes first, then missing nodes: its identifier (`n0`, `n1`, … by rank, then
  /// `m0`, `m1`, …) and the value it shows.
  ///
  /// - Parameters:
  ///   - nodes: The graph's nodes, by rank.
  ///   - mentionedValues: The graph's values, by slot.
  /// - Returns: The boxes in drawing order.
  func boxes<Node>(nodes: [Node], mentionedValues: [Node]) -> [(id: String, node: Node)] {
    nodes.indices.map { ("n" + String($0), nodes[$0]) }
      + missingSlots.indices.map { ("m" + String($0), mentionedValues[Int(missingSlots[$0])]) }
  }
}
