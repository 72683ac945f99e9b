extension CompactDigraph {
  /// The depth of every node: the number of edges on the longest chain of dependencies that
  /// starts at it, measured between strongly connected components.
  ///
  /// A node without dependencies has depth 0. The members of a cycle share one depth, so a cycle
  /// never makes a depth infinite: for `a → b → a` and `b → c`, `c` has depth 0 and both `a` and
  /// `b` have depth 1.
  ///
  /// - Returns: The depth of each node, indexed by node id.
  /// - Complexity: O(*n* + *e*) for *n* nodes and *e* edges.
  package func depths() -> [Int32] {
    // Components come dependencies first, so each component's depth is final before any
    // component that depends on it is reached.
    let ordered = orderedComponents()
    let componentOf = ordered.componentOfNode
    var componentDepth = [Int32](repeating: 0, count: ordered.offsets.count - 1)
    for component in componentDepth.indices {
      var depth: Int32 = 0
      let start = Int(ordered.offsets[component])
      for member in ordered.members[start..<Int(ordered.offsets[component + 1])] {
        for target in dependencies(of: member) {
          let other = Int(componentOf[Int(target)])
          if other != component { depth = max(depth, componentDepth[other] + 1) }
        }
      }
      componentDepth[component] = depth
    }
    return componentOf.map { componentDepth[Int($0)] }
  }
}
