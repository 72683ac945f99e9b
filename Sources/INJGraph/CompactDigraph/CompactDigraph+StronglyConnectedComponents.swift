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
    let count = ordered.offsets.count - 1
    return [[Int32]](uninitializedCount: count) { components, initialized in
      var component = 0
      while component < count {
        let start = Int(ordered.offsets[component])
        let end = Int(ordered.offsets[component + 1])
        components.initializeElement(
          at: component,
          to: end - start == 1 ? [ordered.members[start]] : Array(ordered.members[start..<end]))
        component += 1
      }
      initialized = count
    }
  }

  /// The components of ``stronglyConnectedComponents()`` as flat arrays: component `k` is
  /// `members[offsets[k]..<offsets[k + 1]]`.
  func orderedComponents() -> (members: [Int32], offsets: [Int32]) {
    let count = nodeCount
    let partition = componentPartition()
    guard partition.count == count else {
      let grouping = ComponentGrouping(
        componentOfNode: partition.componentOfNode, componentCount: partition.count)
      return (grouping.members, grouping.offsets)
    }
    // Every component is a single node: place each at its component's position.
    let members = [Int32](uninitializedCount: count) { members, initialized in
      partition.componentOfNode.withUnsafeBufferPointer { componentOf in
        var node = 0
        while node < count {
          members[Int(componentOf[node])] = Int32(truncatingIfNeeded: node)
          node += 1
        }
      }
      initialized = count
    }
    let offsets = [Int32](uninitializedCount: count + 1) { offsets, initialized in
      var index = 0
      while index <= count {
        offsets[index] = Int32(truncatingIfNeeded: index)
        index += 1
      }
      initialized = count + 1
    }
    return (members, offsets)
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
