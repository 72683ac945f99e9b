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
    let partition = componentPartition()
    let count = nodeCount
    let componentCount = partition.count
    // Components are numbered dependencies first, so each component's depth is final before any
    // component that depends on it is reached. Group the nodes by component to visit them so.
    let grouping = ComponentGrouping(
      componentOfNode: partition.componentOfNode, componentCount: componentCount)
    let componentDepth = UnsafeMutableBufferPointer.allocate(count: componentCount, repeating: 0)
    defer { componentDepth.deallocate() }
    partition.componentOfNode.withUnsafeBufferPointer { componentOfNode in
      offsets.withUnsafeBufferPointer { offsets in
        targets.withUnsafeBufferPointer { targets in
          var component = 0
          while component < componentCount {
            var depth: Int32 = 0
            var index = Int(grouping.offsets[component])
            let end = Int(grouping.offsets[component + 1])
            while index < end {
              let member = Int(grouping.members[index])
              var position = Int(offsets[member])
              let rowEnd = Int(offsets[member + 1])
              while position < rowEnd {
                let other = Int(componentOfNode[Int(targets[position])])
                if other != component && componentDepth[other] + 1 > depth {
                  depth = componentDepth[other] + 1
                }
                position += 1
              }
              index += 1
            }
            componentDepth[component] = depth
            component += 1
          }
        }
      }
    }
    return [Int32](uninitializedCount: count) { depths, initialized in
      partition.componentOfNode.withUnsafeBufferPointer { componentOfNode in
        var node = 0
        while node < count {
          depths[node] = componentDepth[Int(componentOfNode[node])]
          node += 1
        }
      }
      initialized = count
    }
  }
}
