/// The working state of Johnson's elementary-cycle search over a ``CompactDigraph``.
///
/// Start nodes are taken in ascending order. Each is the smallest node of a pending strongly
/// connected component; the search collects the cycles through it inside that component, then
/// removes it and splits the rest of the component into its strongly connected components,
/// which become pending in turn. Every traversal uses explicit stacks, and the per-node state
/// lives in flat buffers allocated once.
final class CycleSearch {
  /// The graph searched.
  private let graph: CompactDigraph
  /// How many cycles to collect before stopping.
  private let limit: Int
  /// The cycles found, in order.
  private(set) var cycles: [[Int32]] = []
  /// Whether a cycle beyond `limit` was found.
  private(set) var isTruncated = false

  /// For each node, the smallest member of the pending component it is in, or -1; a node that
  /// is its own tag starts a pending component.
  private let tag: ScratchBuffer<Int32>
  /// The members of each pending component, ascending, keyed by its smallest member.
  private var pendingMembers: [Int32: [Int32]] = [:]
  /// Johnson's blocked flags: 1 when blocked.
  private let blocked: ScratchBuffer<Int32>
  /// Johnson's `B` lists: for each node, the blocked nodes that wait for it to be unblocked.
  private var waiting: [[Int32]]
  /// The next edge position to follow from each node on the search path.
  private let cursor: ScratchBuffer<Int32>
  /// The search path.
  private let path: ScratchBuffer<Int32>
  /// For each node on the search path, 1 when a cycle was found beyond it.
  private let foundCycle: ScratchBuffer<Int32>
  /// The work list of ``unblock(_:)``.
  private var unblockWork: [Int32] = []
  /// The scratch state for splitting components.
  private let components: ComponentSearch

  /// Prepares a search.
  ///
  /// - Parameters:
  ///   - graph: The graph to search.
  ///   - limit: How many cycles to collect before stopping.
  init(graph: CompactDigraph, limit: Int) {
    self.graph = graph
    self.limit = limit
    let count = graph.nodeCount
    tag = ScratchBuffer(count: count, repeating: -1)
    blocked = ScratchBuffer(count: count, repeating: 0)
    waiting = Array(repeating: [], count: count)
    cursor = ScratchBuffer(count: count, repeating: 0)
    path = ScratchBuffer(count: count, repeating: 0)
    foundCycle = ScratchBuffer(count: count, repeating: 0)
    components = ComponentSearch(nodeCount: count)
  }

  deinit {
    for buffer in [tag, blocked, cursor, path, foundCycle] {
      buffer.deallocate()
    }
  }

  /// Runs the whole search.
  ///
  /// - Parameter partition: The strongly connected components of the whole graph.
  func run(partition: (componentOfNode: [Int32], count: Int)) {
    ScratchBuffer.withView(of: partition.componentOfNode) { componentOf in
      addPending(
        nodes: 0..<Int32(truncatingIfNeeded: graph.nodeCount), componentOf: componentOf,
        componentCount: partition.count)
    }

    // A split leaves components of nodes after the start, so one pass meets every start.
    for start in 0..<Int32(truncatingIfNeeded: graph.nodeCount) where tag[Int(start)] == start {
      let members = pendingMembers.removeValue(forKey: start) ?? []
      searchCycles(through: start)
      for member in members {
        blocked[Int(member)] = 0
        waiting[Int(member)].removeAll()
      }
      if isTruncated { return }

      // Remove the start and split what is left into strongly connected components.
      tag[Int(start)] = -1
      let rest = members.dropFirst()
      let found = components.run(in: graph, roots: rest, restrictedTo: (tag.view, start))
      addPending(nodes: rest, componentOf: components.component.view, componentCount: found)
      components.reset(rest)
    }
  }

  /// Makes every component with a cycle among `nodes` pending, and untags the other nodes.
  ///
  /// - Parameters:
  ///   - nodes: The nodes to group, ascending.
  ///   - componentOf: The component number of each node, in `0..<componentCount`.
  ///   - componentCount: The number of components.
  private func addPending(
    nodes: some Collection<Int32>, componentOf: ScratchBuffer<Int32>.View, componentCount: Int
  ) {
    var sizes = [Int32](repeating: 0, count: componentCount)
    for member in nodes {
      sizes[Int(componentOf[Int(member)])] += 1
    }
    // The first member met of each component with a cycle is its smallest.
    var smallest = [Int32](repeating: -1, count: componentCount)
    for member in nodes {
      let component = Int(componentOf[Int(member)])
      guard sizes[component] > 1 || graph.hasSelfLoop(member) else {
        tag[Int(member)] = -1
        continue
      }
      if smallest[component] < 0 { smallest[component] = member }
      tag[Int(member)] = smallest[component]
      pendingMembers[smallest[component], default: []].append(member)
    }
  }

  /// Collects the cycles through `start` inside its pending component: Johnson's `CIRCUIT`
  /// procedure, with an explicit path in place of recursion.
  private func searchCycles(through start: Int32) {
    if graph.hasSelfLoop(start) {
      guard record(path: [start]) else { return }
    }
    let startIndex = Int(start)
    var depth = 1
    path[0] = start
    foundCycle[0] = 0
    blocked[startIndex] = 1
    cursor[startIndex] = graph.offsets[startIndex]
    let tag = self.tag
    let blocked = self.blocked
    let cursor = self.cursor
    let path = self.path
    let foundCycle = self.foundCycle
    ScratchBuffer.withView(of: graph.offsets) { offsets in
      ScratchBuffer.withView(of: graph.targets) { targets in
        while depth > 0 {
          let node = Int(path[depth - 1])
          let position = Int(cursor[node])
          if position < offsets[node + 1] {
            cursor[node] += 1
            let next = Int(targets[position])
            guard tag[next] == start else { continue }
            if next == startIndex {
              if node == startIndex { continue }  // The self-loop, recorded above.
              guard record(path: path.elements(upTo: depth)) else { return }
              foundCycle[depth - 1] = 1
            } else if blocked[next] == 0 {
              blocked[next] = 1
              cursor[next] = offsets[next]
              path[depth] = Int32(truncatingIfNeeded: next)
              foundCycle[depth] = 0
              depth += 1
            }
          } else {
            depth -= 1
            if foundCycle[depth] != 0 {
              unblock(Int32(truncatingIfNeeded: node))
              if depth > 0 { foundCycle[depth - 1] = 1 }
            } else {
              // No cycle beyond this node yet: it stays blocked until one of its
              // dependencies is unblocked.
              var position = Int(offsets[node])
              let end = Int(offsets[node + 1])
              while position < end {
                let next = Int(targets[position])
                if tag[next] == start { waiting[next].append(Int32(truncatingIfNeeded: node)) }
                position += 1
              }
            }
          }
        }
      }
    }
  }

  /// Unblocks a node and, transitively, the nodes waiting on it.
  private func unblock(_ node: Int32) {
    blocked[Int(node)] = 0
    unblockWork.append(node)
    while let current = unblockWork.popLast() {
      for next in waiting[Int(current)] where blocked[Int(next)] != 0 {
        blocked[Int(next)] = 0
        unblockWork.append(next)
      }
      waiting[Int(current)].removeAll()
    }
  }

  /// Records a cycle, or notes the truncation when the limit is reached.
  ///
  /// - Returns: Whether the search may go on.
  private func record(path cycle: [Int32]) -> Bool {
    guard cycles.count < limit else {
      isTruncated = true
      return false
    }
    cycles.append(cycle)
    return true
  }
}
