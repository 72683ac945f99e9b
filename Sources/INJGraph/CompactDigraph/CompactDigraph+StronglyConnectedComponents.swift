extension CompactDigraph {
  /// The strongly connected components as flat arrays: component `k` is
  /// `members[offsets[k]..<offsets[k + 1]]`; and the component of each node.
  @usableFromInline
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
      in: self, roots: 0..<Int32(truncatingIfNeeded: nodeCount), restrictedTo: nil)
    return (search.component.elements(upTo: nodeCount), count)
  }
}
