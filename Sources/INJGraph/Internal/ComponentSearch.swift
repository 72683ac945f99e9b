/// The working state of Tarjan's strongly-connected-components algorithm, kept in flat buffers
/// with explicit stacks, so that it can be run many times over parts of one graph.
///
/// The buffers are allocated once, for every node of the graph; a run touches only the nodes
/// it visits, and ``reset(_:)`` forgets them again. Loops index the buffers directly, which also
/// keeps unoptimized (debug) builds fast on large graphs.
final class ComponentSearch {
  /// The visit number of each node, or -1 while unvisited.
  private let visitIndex: ScratchBuffer<Int32>
  /// The smallest visit number reachable from each node's subtree.
  private let lowLink: ScratchBuffer<Int32>
  /// The component of each node, or -1 while unassigned.
  let component: ScratchBuffer<Int32>
  /// The next edge position to follow from each node on the depth-first path.
  private let cursor: ScratchBuffer<Int32>
  /// Tarjan's stack of visited nodes without a component yet.
  private let pending: ScratchBuffer<Int32>
  /// The depth-first path, standing in for the call stack.
  private let path: ScratchBuffer<Int32>

  /// Allocates the state for the nodes `0..<nodeCount`, none of them visited.
  init(nodeCount: Int) {
    visitIndex = ScratchBuffer(count: nodeCount, repeating: -1)
    lowLink = ScratchBuffer(count: nodeCount, repeating: 0)
    component = ScratchBuffer(count: nodeCount, repeating: -1)
    cursor = ScratchBuffer(count: nodeCount, repeating: 0)
    pending = ScratchBuffer(stackCount: nodeCount)
    path = ScratchBuffer(stackCount: nodeCount)
  }

  deinit {
    for buffer in [visitIndex, lowLink, component, cursor, pending, path] {
      buffer.deallocate()
    }
  }

  /// Finds the components of the nodes reachable from `roots`.
  ///
  /// - Parameters:
  ///   - graph: The graph to search.
  ///   - roots: Where to start; already visited roots are skipped.
  ///   - restriction: When given, only nodes `w` with `restriction.tags[w] == restriction.tag`
  ///     are followed.
  /// - Returns: The number of components found; ``component`` holds each visited node's.
  func run(
    in graph: CompactDigraph, roots: some Sequence<Int32>,
    restrictedTo restriction: (tags: ScratchBuffer<Int32>.View, tag: Int32)?
  ) -> Int {
    var nextIndex: Int32 = 0
    var nextComponent: Int32 = 0
    var pendingCount = 0
    var pathCount = 0
    ScratchBuffer.withView(of: graph.offsets) { offsets in
      ScratchBuffer.withView(of: graph.targets) { targets in
        for root in roots where visitIndex[Int(root)] < 0 {
          visitIndex[Int(root)] = nextIndex
          lowLink[Int(root)] = nextIndex
          nextIndex += 1
          cursor[Int(root)] = offsets[Int(root)]
          pending[pendingCount] = root
          pendingCount += 1
          path[0] = root
          pathCount = 1
          while pathCount > 0 {
            let node = Int(path[pathCount - 1])
            let position = Int(cursor[node])
            if position < offsets[node + 1] {
              cursor[node] += 1
              let next = Int(targets[position])
              if let restriction, restriction.tags[next] != restriction.tag { continue }
              if visitIndex[next] < 0 {
                visitIndex[next] = nextIndex
                lowLink[next] = nextIndex
                nextIndex += 1
                cursor[next] = offsets[next]
                pending[pendingCount] = Int32(truncatingIfNeeded: next)
                pendingCount += 1
                path[pathCount] = Int32(truncatingIfNeeded: next)
                pathCount += 1
              } else if component[next] < 0 && visitIndex[next] < lowLink[node] {
                // Visited and still pending: on the stack, so in the current search tree.
                lowLink[node] = visitIndex[next]
              }
            } else {
              pathCount -= 1
              if lowLink[node] == visitIndex[node] {
                // The node is the root of a component: pop its members.
                var member = -1
                while member != node {
                  pendingCount -= 1
                  member = Int(pending[pendingCount])
                  component[member] = nextComponent
                }
                nextComponent += 1
              }
              if pathCount > 0 {
                let parent = Int(path[pathCount - 1])
                if lowLink[node] < lowLink[parent] { lowLink[parent] = lowLink[node] }
              }
            }
          }
        }
      }
    }
    return Int(nextComponent)
  }

  /// Forgets the given nodes' visits, so that a later run can visit them again.
  func reset(_ nodes: some Sequence<Int32>) {
    for node in nodes {
      visitIndex[Int(node)] = -1
      component[Int(node)] = -1
    }
  }
}
