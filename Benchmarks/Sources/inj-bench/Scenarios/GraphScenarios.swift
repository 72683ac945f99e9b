import INJGraph

/// The `graph` group: building and analysing random dependency graphs of 1k to 1M nodes.
///
/// Each graph is acyclic: node `i` depends on 4 nodes drawn uniformly at random from the nodes
/// before it (`0..<i`; node 0 has none, and duplicate draws collapse), so every analysis runs
/// its full course without a cycle to stop it. Nodes are `Int`s added in order `0, 1, 2, …`.
/// Every benchmark reports nanoseconds per node.
enum GraphScenarios {
  /// The graph sizes, and whether `--quick` runs them.
  static let sizes: [(label: String, nodeCount: Int, isQuick: Bool)] = [
    ("1k", 1_000, true), ("10k", 10_000, true), ("100k", 100_000, false),
    ("1M", 1_000_000, false),
  ]

  /// Dependencies drawn for each node.
  static let edgesPerNode = 4

  /// Every benchmark of the group.
  static var benchmarks: [Benchmark] {
    sizes.flatMap { size in
      benchmarks(label: size.label, nodeCount: size.nodeCount, isQuick: size.isQuick)
    }
  }

  /// The benchmarks for one graph size.
  static func benchmarks(label: String, nodeCount: Int, isQuick: Bool) -> [Benchmark] {
    let baseline = "graph/baseline/\(label)"
    var orderTargets: [BenchmarkTarget] = [.flatAcrossSeries("graph/order+scc", within: 2)]
    if nodeCount == 1_000_000 {
      orderTargets.append(.timePerIteration(atMost: .milliseconds(1500)))
    }

    return [
      // The floor: one pass over the same edges in flat arrays, reading a value of each edge's
      // target, as every traversal must.
      Benchmark(
        name: baseline, group: "graph", unit: "node", unitsPerIteration: nodeCount,
        isQuick: isQuick
      ) {
        let edges = RandomGraph(nodeCount: nodeCount)
        let weights = (0..<Int32(nodeCount)).map { $0 & 0xFF }
        return { iterations in
          var sum = 0
          for _ in 0..<iterations {
            edges.targets.withUnsafeBufferPointer { targets in
              weights.withUnsafeBufferPointer { weights in
                for target in targets {
                  sum &+= Int(weights[Int(target)])
                }
              }
            }
          }
          return sum
        }
      },

      // Interning every node and recording its edges with `addNode`.
      Benchmark(
        name: "graph/build/\(label)", group: "graph", unit: "node", unitsPerIteration: nodeCount,
        baseline: baseline, isQuick: isQuick
      ) {
        let dependencies = RandomGraph(nodeCount: nodeCount).dependencyLists()
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            var graph = DependencyGraph<Int>()
            for (node, list) in dependencies.enumerated() {
              graph.addNode(node, dependencies: list)
            }
            checksum &+= graph.nodes.count
          }
          return checksum
        }
      },

      // The topological order and the strongly connected components of the built graph.
      Benchmark(
        name: "graph/order+scc/\(label)", group: "graph", unit: "node",
        unitsPerIteration: nodeCount, baseline: baseline, targets: orderTargets,
        isQuick: isQuick
      ) {
        let graph = built(nodeCount: nodeCount)
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            let order = (try? graph.topologicalOrder()) ?? []
            let components = graph.stronglyConnectedComponents()
            checksum &+= (order.last ?? -1) &+ components.count
          }
          return checksum
        }
      },

      // The elementary-cycle search on the built graph: linear on an acyclic graph (its
      // components, then nothing more). No target: the time per node grows with the
      // cache misses of random edges, as the baseline's does.
      Benchmark(
        name: "graph/cycles/\(label)", group: "graph", unit: "node",
        unitsPerIteration: nodeCount, baseline: baseline, isQuick: isQuick
      ) {
        let graph = built(nodeCount: nodeCount)
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= graph.cycles().count &+ graph.nodes.count
          }
          return checksum
        }
      },
    ]
  }
}

/// The random graph of `nodeCount` nodes as a `DependencyGraph`.
private func built(nodeCount: Int) -> DependencyGraph<Int> {
  var graph = DependencyGraph<Int>()
  for (node, list) in RandomGraph(nodeCount: nodeCount).dependencyLists().enumerated() {
    graph.addNode(node, dependencies: list)
  }
  return graph
}

/// A random acyclic graph as flat edge lists: node `i` depends on `edgesPerNode` nodes drawn
/// uniformly from `0..<i`.
struct RandomGraph {
  /// The dependent of each edge.
  let sources: [Int32]
  /// The dependency of each edge.
  let targets: [Int32]
  /// The number of nodes.
  let nodeCount: Int

  init(nodeCount: Int, seed: UInt64 = 0x1D_6A_2024) {
    var random = SplitMix64(seed: seed ^ UInt64(nodeCount))
    var sources: [Int32] = []
    var targets: [Int32] = []
    sources.reserveCapacity(nodeCount * GraphScenarios.edgesPerNode)
    targets.reserveCapacity(nodeCount * GraphScenarios.edgesPerNode)
    for node in 1..<max(nodeCount, 1) {
      for _ in 0..<GraphScenarios.edgesPerNode {
        sources.append(Int32(node))
        targets.append(Int32(Int.random(in: 0..<node, using: &random)))
      }
    }
    self.sources = sources
    self.targets = targets
    self.nodeCount = nodeCount
  }

  /// The dependencies of each node, as `addNode` takes them.
  func dependencyLists() -> [[Int]] {
    var lists = [[Int]](repeating: [], count: nodeCount)
    for (source, target) in zip(sources, targets) {
      lists[Int(source)].append(Int(target))
    }
    return lists
  }
}
