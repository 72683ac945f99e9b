extension DependencyGraph {
  /// The most cycles that ``cycles()`` and the error of ``topologicalOrder()`` list: 1,000.
  ///
  /// A graph can have exponentially many elementary cycles; use ``cycles(limit:)`` to choose
  /// another limit.
  @usableFromInline
  package static var cycleListLimit: Int { 1000 }

  /// Dependencies before their dependents; deterministic. Throws when a cycle exists.
  ///
  /// The order follows direct dependencies only; deferred dependencies and dangling references
  /// do not constrain it. Ties are broken by insertion order: among the nodes whose
  /// dependencies are all placed, the earliest-inserted is always placed next (Kahn's algorithm
  /// with a priority queue on insertion order). So independent nodes keep their insertion
  /// order, and a node comes as early as its dependencies allow.
  ///
  /// ```swift
  /// var graph = DependencyGraph<String>()
  /// graph.addNode("app", dependencies: ["log", "db"])
  /// graph.addNode("db", dependencies: ["log"])
  /// graph.addNode("log")
  /// try graph.topologicalOrder()  // ["log", "db", "app"]
  /// ```
  ///
  /// - Returns: Every node exactly once, each after all of its direct dependencies.
  /// - Throws: ``CycleError`` listing the cycles among direct dependencies (up to
  ///   1,000) when they make an order impossible; a self-loop is such a cycle.
  /// - Complexity: O(*n* log *n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges
  ///   per node, plus the cycle search when the graph is cyclic.
  @inlinable
  public func topologicalOrder() throws -> [Node] {
    let graph = store.graph(includingDeferred: false)
    guard let order = graph.topologicalOrder() else {
      let found = graph.elementaryCycles(limit: Self.cycleListLimit)
      throw CycleError(cycles: closedPaths(found.cycles), isTruncated: found.isTruncated)
    }
    return nodes(atRanks: order)
  }

  /// Every elementary cycle over direct edges, each a closed path [a, b, ..., a].
  ///
  /// The same as ``cycles(limit:)`` with a limit of 1,000. For `a → b`, `b → c`, `b → a` and
  /// `c → b`, the cycles are `[a, b, a]` and `[b, c, b]`.
  ///
  /// - Returns: At most 1,000 cycles, in the order of ``cycles(limit:)``.
  /// - Complexity: O((*n* + *e*)(*c* + 1)) for *n* nodes, *e* edges and *c* cycles returned,
  ///   and a single linear pass on an acyclic graph.
  @inlinable
  public func cycles() -> [[Node]] {
    cycles(limit: Self.cycleListLimit)
  }

  /// Every elementary cycle over direct edges, up to a limit.
  ///
  /// An elementary cycle visits each of its nodes once. Each is an exact closed path of its
  /// own members, `[a, b, c, a]`, in which every node depends directly on the next; it starts
  /// at its earliest-inserted member. A self-loop is `[a, a]`. Deferred edges and dangling
  /// references never form cycles.
  ///
  /// Cycles are ordered by comparing the insertion order of their members position by position,
  /// so cycles through the earliest-inserted nodes come first, and a cycle comes before a longer
  /// one that starts with the same nodes. When the graph has more than `limit` cycles, the list
  /// holds exactly the first `limit` of that order; to tell whether there are more than you
  /// need, ask for one more.
  ///
  /// The search is Johnson's algorithm, run without recursion and only inside strongly
  /// connected components that hold a cycle, so an acyclic graph costs linear time.
  ///
  /// ```swift
  /// let found = graph.cycles(limit: 11)
  /// if found.count > 10 { print("more than 10 cycles") }
  /// ```
  ///
  /// - Parameter limit: The most cycles to return; zero or less returns none.
  /// - Returns: The first `limit` cycles, or all of them when there are fewer.
  /// - Complexity: O((*n* + *e*)(*c* + 1)) for *n* nodes, *e* edges and *c* cycles returned.
  @inlinable
  public func cycles(limit: Int) -> [[Node]] {
    closedPaths(store.graph(includingDeferred: false).elementaryCycles(limit: limit).cycles)
  }

  /// The strongly connected components of the direct edges.
  ///
  /// Two nodes are in one component when each depends on the other, directly or through other
  /// nodes; every node is in exactly one component, on its own when it is on no cycle. Members
  /// are in insertion order. Components come in dependency order, each after every component
  /// it depends on: they are listed in the order in which a depth-first search completes them
  /// (Tarjan's algorithm), starting from each unvisited node in insertion order and following
  /// dependencies in insertion order, a component being complete once the search has finished
  /// every node it reaches. Deferred edges and dangling references are ignored.
  ///
  /// ```swift
  /// var graph = DependencyGraph<String>()
  /// graph.addNode("a", dependencies: ["b"])
  /// graph.addNode("b", dependencies: ["a", "c"])
  /// graph.addNode("c")
  /// graph.stronglyConnectedComponents()  // [["c"], ["a", "b"]]
  /// ```
  ///
  /// - Returns: The components, each non-empty.
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per
  ///   node.
  @inlinable
  public func stronglyConnectedComponents() -> [[Node]] {
    let ordered = store.graph(includingDeferred: false).orderedComponents()
    return (0..<ordered.offsets.count - 1).map { component in
      let start = Int(ordered.offsets[component])
      let end = Int(ordered.offsets[component + 1])
      return end - start == 1
        ? [addedNodes[Int(ordered.members[start])]]
        : nodes(atRanks: ordered.members[start..<end])
    }
  }

  /// Cycles of ranks as closed paths of nodes: `[a, b]` becomes `[a, b, a]`.
  @inlinable
  func closedPaths(_ cycles: [[Int32]]) -> [[Node]] {
    cycles.map { cycle in
      var path = nodes(atRanks: cycle)
      path.append(addedNodes[Int(cycle[0])])
      return path
    }
  }
}
