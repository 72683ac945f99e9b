extension CompactDigraph {
  /// The strongly connected components, dependencies first.
  ///
  /// Every node is in exactly one component; a node on no cycle is a component of its own.
  /// Members of a component are in ascending id order. Components are listed in dependency
  /// order: a component comes after every component it depends on, and among the components
  /// whose dependencies are all listed, the one with the smallest member id comes next (the
  /// rule of ``topologicalOrder()``, applied to the graph of components). On an acyclic graph
  /// the components are therefore the nodes of ``topologicalOrder()``, one by one.
  ///
  /// - Returns: The components, each a non-empty array of node ids.
  /// - Complexity: O(*n* log *n* + *e*) for *n* nodes and *e* edges.
  package func stronglyConnectedComponents() -> [[Int32]] {
    let ordered = orderedComponents()
    let count = ordered.offsets.count - 1
    return [[Int32]](unsafeUninitializedCapacity: count) { components, initialized in
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
    // When the graph without its self-loops is acyclic, every component is a single node, the
    // graph of components is that graph, and its order is the components' order.
    let order = kahnOrder(skippingSelfLoops: true)
    if order.count == count {
      let offsets = [Int32](unsafeUninitializedCapacity: count + 1) { offsets, initialized in
        var index = 0
        while index <= count {
          offsets[index] = Int32(truncatingIfNeeded: index)
          index += 1
        }
        initialized = count + 1
      }
      return (order, offsets)
    }
    let partition = componentPartition()

    // Renumber the components by their smallest member, so that the smallest-id rule of
    // `kahnOrder` on the graph of components breaks ties by smallest member.
    var renumbered = [Int32](repeating: -1, count: partition.count)
    var nextNumber: Int32 = 0
    var componentOfNode = partition.componentOfNode
    for node in 0..<count {
      let component = Int(componentOfNode[node])
      if renumbered[component] < 0 {
        renumbered[component] = nextNumber
        nextNumber += 1
      }
      componentOfNode[node] = renumbered[component]
    }

    // The graph of components, with an edge wherever an edge crosses two components.
    var sources: [Int32] = []
    var dependencies: [Int32] = []
    for node in 0..<count {
      let from = componentOfNode[node]
      for target in self.dependencies(of: Int32(truncatingIfNeeded: node)) {
        let to = componentOfNode[Int(target)]
        if from != to {
          sources.append(from)
          dependencies.append(to)
        }
      }
    }
    let condensation = CompactDigraph(
      nodeCount: partition.count, edgeSources: sources, edgeTargets: dependencies)
    let componentOrder = condensation.kahnOrder(skippingSelfLoops: true)

    // Lay the members out component by component, in that order.
    let grouping = ComponentGrouping(
      componentOfNode: componentOfNode, componentCount: partition.count)
    var members: [Int32] = []
    members.reserveCapacity(count)
    var offsets: [Int32] = [0]
    offsets.reserveCapacity(partition.count + 1)
    for component in componentOrder {
      let start = Int(grouping.offsets[Int(component)])
      let end = Int(grouping.offsets[Int(component) + 1])
      members.append(contentsOf: grouping.members[start..<end])
      offsets.append(Int32(truncatingIfNeeded: members.count))
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
