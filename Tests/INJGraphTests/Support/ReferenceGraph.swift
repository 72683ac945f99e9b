import INJGraph

/// A small graph described by its `addNode` calls, with every answer worked out the slow, obvious
/// way: adjacency matrices, exhaustive path enumeration and repeated scans. Random tests compare
/// ``DependencyGraph`` with it.
struct ReferenceGraph {
  /// One call of `addNode`.
  struct Addition {
    var node: Int
    var dependencies: [Int]
    var deferredDependencies: [Int]
  }

  /// The calls, in order.
  let additions: [Addition]
  /// The nodes in insertion order.
  let nodes: [Int]
  /// `direct[u][v]`: node `u` depends directly on node `v` (by rank).
  let direct: [[Bool]]
  /// `deferred[u][v]`: node `u` has a deferred edge to node `v` and no direct one.
  let deferred: [[Bool]]
  /// The dangling references, in the documented order.
  let dangling: [DependencyGraph<Int>.DanglingReference]

  init(additions: [Addition]) {
    self.additions = additions
    var nodes: [Int] = []
    var mentionOrder: [Int] = []
    for addition in additions {
      for value in [addition.node] + addition.dependencies + addition.deferredDependencies
      where !mentionOrder.contains(value) {
        mentionOrder.append(value)
      }
      if !nodes.contains(addition.node) { nodes.append(addition.node) }
    }
    self.nodes = nodes
    let count = nodes.count
    var direct = [[Bool]](repeating: [Bool](repeating: false, count: count), count: count)
    var deferred = direct
    // For each dependent rank and missing value: nil (none), false (direct), true (deferred).
    var missing: [[Int: Bool]] = Array(repeating: [:], count: count)
    for addition in additions {
      let from = nodes.firstIndex(of: addition.node)!
      for value in addition.dependencies {
        if let to = nodes.firstIndex(of: value) {
          direct[from][to] = true
        } else {
          missing[from][value] = false
        }
      }
      for value in addition.deferredDependencies {
        if let to = nodes.firstIndex(of: value) {
          deferred[from][to] = true
        } else if missing[from][value] == nil {
          missing[from][value] = true
        }
      }
    }
    for from in 0..<count {
      for to in 0..<count where direct[from][to] {
        deferred[from][to] = false
      }
    }
    self.direct = direct
    self.deferred = deferred
    var dangling: [DependencyGraph<Int>.DanglingReference] = []
    for from in 0..<count {
      for value in mentionOrder {
        if let isDeferred = missing[from][value] {
          dangling.append(.init(dependent: nodes[from], missingNode: value, isDeferred: isDeferred))
        }
      }
    }
    self.dangling = dangling
  }

  /// The graph built by the same calls.
  func makeGraph() -> DependencyGraph<Int> {
    var graph = DependencyGraph<Int>()
    for addition in additions {
      graph.addNode(
        addition.node, dependencies: addition.dependencies,
        deferredDependencies: addition.deferredDependencies)
    }
    return graph
  }

  /// Whether `u` has an edge to `v` of a kind that counts.
  func hasEdge(_ from: Int, _ to: Int, includingDeferred: Bool) -> Bool {
    direct[from][to] || (includingDeferred && deferred[from][to])
  }

  /// `reach[u][v]`: a path of one or more edges leads from `u` to `v` (Warshall's algorithm).
  func reachability(includingDeferred: Bool) -> [[Bool]] {
    let count = nodes.count
    var reach = (0..<count).map { from in
      (0..<count).map { hasEdge(from, $0, includingDeferred: includingDeferred) }
    }
    for middle in 0..<count {
      for from in 0..<count where reach[from][middle] {
        for to in 0..<count where reach[middle][to] {
          reach[from][to] = true
        }
      }
    }
    return reach
  }

  /// Every elementary cycle over direct edges, by enumerating every simple path from each start
  /// through larger ranks only; closed, sorted position by position.
  func cycles() -> [[Int]] {
    var found: [[Int]] = []
    for start in nodes.indices {
      var paths: [[Int]] = [[start]]
      while let path = paths.popLast() {
        for next in nodes.indices where direct[path.last!][next] {
          if next == start {
            found.append(path)
          } else if next > start && !path.contains(next) {
            paths.append(path + [next])
          }
        }
      }
    }
    found.sort { $0.lexicographicallyPrecedes($1) }
    return found.map { cycle in cycle.map { nodes[$0] } + [nodes[cycle[0]]] }
  }

  /// The order by the documented rule, by repeated scans: the earliest-inserted node whose
  /// direct dependencies are all placed goes next; `nil` when none can go.
  func topologicalOrder() -> [Int]? {
    var placed = [Bool](repeating: false, count: nodes.count)
    var order: [Int] = []
    while order.count < nodes.count {
      guard
        let next = nodes.indices.first(where: { node in
          !placed[node] && nodes.indices.allSatisfy { !direct[node][$0] || placed[$0] }
        })
      else { return nil }
      placed[next] = true
      order.append(nodes[next])
    }
    return order
  }

  /// The component of each rank, as the sorted set of mutually reachable ranks.
  func componentMembers() -> [[Int]] {
    let reach = reachability(includingDeferred: false)
    return nodes.indices.map { node in
      nodes.indices.filter { $0 == node || (reach[node][$0] && reach[$0][node]) }
    }
  }

  /// The components in the documented order: a plain depth-first search (roots and
  /// dependencies in insertion order) records when each node finishes, and each component
  /// comes when its last member finishes.
  func stronglyConnectedComponents() -> [[Int]] {
    var finished: [Int] = []
    var visited = [Bool](repeating: false, count: nodes.count)
    for root in nodes.indices where !visited[root] {
      visited[root] = true
      // Each frame: a node and the next dependency to look at.
      var stack: [(node: Int, next: Int)] = [(root, 0)]
      while let (node, next) = stack.last {
        if let dependency = (next..<nodes.count).first(where: { direct[node][$0] }) {
          stack[stack.count - 1].next = dependency + 1
          if !visited[dependency] {
            visited[dependency] = true
            stack.append((dependency, 0))
          }
        } else {
          stack.removeLast()
          finished.append(node)
        }
      }
    }
    var components: [[Int]] = []
    for component in componentMembers() where !components.contains(component) {
      components.append(component)
    }
    let finish = { (node: Int) in finished.firstIndex(of: node)! }
    return components.sorted { first, second in
      first.map(finish).max()! < second.map(finish).max()!
    }.map { $0.map { nodes[$0] } }
  }

  /// The depth of each rank: longest chain of direct edges between components.
  func depths() -> [Int] {
    let members = componentMembers()
    var depth = [Int](repeating: 0, count: nodes.count)
    // A chain between components has at most `count - 1` steps, so `count` rounds settle it.
    for _ in 0...nodes.count {
      for from in nodes.indices {
        for to in nodes.indices where direct[from][to] && members[from] != members[to] {
          depth[from] = max(depth[from], depth[to] + 1)
        }
      }
      // Members of one component share the largest depth among them.
      for node in nodes.indices {
        depth[node] = members[node].map { depth[$0] }.max()!
      }
    }
    return depth
  }

  /// The distinct edges between nodes, in the documented order.
  func edges() -> [DependencyGraph<Int>.Edge] {
    var result: [DependencyGraph<Int>.Edge] = []
    for from in nodes.indices {
      for to in nodes.indices where direct[from][to] || deferred[from][to] {
        result.append(
          .init(dependent: nodes[from], dependency: nodes[to], isDeferred: !direct[from][to]))
      }
    }
    return result
  }
}
