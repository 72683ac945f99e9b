extension CompactDigraph {
  /// The strongly connected components, dependencies first.
  ///
  /// Every node is in exactly one component; a node on no cycle is a component of its own.
  /// Members of a component are in ascending id order. Components are listed in the order in
  /// which Tarjan's depth-first search completes them: the search starts from each unvisited
  /// node in ascending id order and follows dependencies in ascending id order, and a
  /// component is complete once the search has finished every node it reaches. So every
  /// component comes after all the components it depends on.
  ///
  /// - Returns: The components, each a non-empty array of node ids.
  /// - Complexity: O(*n* + *e*) for *n* nodes and *e* edges.
  package func stronglyConnectedComponents() -> [[Int32]] {
    let ordered = orderedComponents()
    return (0..<ordered.offsets.count - 1).map {
      Array(ordered.members[Int(ordered.offsets[$0])..<Int(ordered.offsets[$0 + 1])])
    }
  }

  /// The components of ``stronglyConnectedComponents()`` as flat arrays: component `k` is
  /// `members[offsets[k]..<offsets[k + 1]]`; and the component of each node.
  func orderedComponents() -> (members: [Int32], offsets: [Int32], componentOfNode: [Int32]) {
    let partition = componentPartition()
    // Grouping the nodes by component is building the graph in which component `k` has an
    // edge to each of its members.
    let grouping = CompactDigraph(
      nodeCount: nodeCount, edgeSources: partition.componentOfNode,
      edgeTargets: Array(0..<Int32(truncatingIfNeeded: nodeCount)), rowsAreSorted: true)
    return (
      grouping.targets, Array(grouping.offsets[0...partition.count]), partition.componentOfNode
    )
  }

  /// Which component each node is in, by Tarjan's algorithm over the whole graph.
  ///
  /// Components are numbered in the order they are completed, which puts a component after
  /// every component it depends on.
  func componentPartition() -> (componentOfNode: [Int32], count: Int) {
    let search = ComponentSearch(nodeCount: nodeCount)
    let count = search.run(
      in: self, roots: 0..<Int32(truncatingIfNeeded: nodeCount), restrictedTo: nil,
      firstComponent: 0)
    return (Array(search.component), count)
  }
}
