import Dispatch
import INJGraph
import Testing

/// Graph work on several threads at once, as a user's parallel test suite does: every
/// analysis of every kind of graph, empty ones included, each on a graph of its own.
/// ThreadSanitizer (`Scripts/sanitizers.sh thread`) reports any memory two of them
/// write, such as storage the standard library shares between all empty arrays.
@Suite struct ParallelTests {
  /// The graphs each thread analyses: empty, one node, a chain, a cycle with a
  /// dangling reference and a deferred edge, and random ones.
  static func graphs(seed: UInt64) -> [DependencyGraph<Int>] {
    var graphs = [DependencyGraph<Int>()]
    var single = DependencyGraph<Int>()
    single.addNode(0)
    graphs.append(single)
    var chain = DependencyGraph<Int>()
    for node in 0..<5 {
      chain.addNode(node, dependencies: node == 0 ? [] : [node - 1])
    }
    graphs.append(chain)
    var cyclic = DependencyGraph<Int>()
    cyclic.addNode(0, dependencies: [1, 9], deferredDependencies: [2])
    cyclic.addNode(1, dependencies: [0])
    cyclic.addNode(2)
    graphs.append(cyclic)
    for offset in 0..<4 {
      var graph = DependencyGraph<Int>()
      for addition in RandomGraphs.additions(seed: seed &+ UInt64(offset)) {
        graph.addNode(
          addition.node, dependencies: addition.dependencies,
          deferredDependencies: addition.deferredDependencies)
      }
      graphs.append(graph)
    }
    return graphs
  }

  /// Runs every analysis of `graph`; returns a number that depends on every result,
  /// so that none is optimized away.
  static func analyse(_ graph: DependencyGraph<Int>) -> Int {
    var checksum = graph.nodes.count + graph.edges.count + graph.danglingReferences.count
    checksum += (try? graph.topologicalOrder().count) ?? -1
    checksum += graph.cycles().count + graph.cycles(limit: 1).count
    checksum += graph.stronglyConnectedComponents().count
    checksum += graph.depths().count + (graph.depths().values.max() ?? 0)
    checksum += graph.unreachableNodes(from: graph.nodes.prefix(1)).count
    for node in graph.nodes + [99] {
      checksum += graph.dependencies(of: node).count + graph.dependents(of: node).count
      checksum += graph.dependencies(of: node, includingDeferred: true).count
      checksum += graph.transitiveDependencies(of: node).count
      checksum += graph.transitiveDependents(of: node, includingDeferred: true).count
      checksum +=
        (graph.depths()[node] ?? -1) + graph.dependents(of: node).count
        + graph.dependencies(of: node).count
    }
    checksum += graph.dotText().count + graph.mermaidText().count
    return checksum
  }

  @Test func analysesOnManyThreadsAtOnceAgreeWithOneThread() {
    let expected = (0..<8).map { seed in
      Self.graphs(seed: UInt64(seed)).map(Self.analyse)
    }
    let results = ResultsByIndex(count: 8)
    DispatchQueue.concurrentPerform(iterations: 8) { seed in
      var rounds: [[Int]] = []
      for _ in 0..<20 {
        rounds.append(Self.graphs(seed: UInt64(seed)).map(Self.analyse))
      }
      results.store(rounds, at: seed)
    }
    for seed in 0..<8 {
      #expect(results.value(at: seed).allSatisfy { $0 == expected[seed] }, "seed \(seed)")
    }
  }
}

/// Each thread's results, stored by index.
final class ResultsByIndex: @unchecked Sendable {
  // Guarded by `lock`.
  private var values: [[[Int]]]
  private let lock = DispatchSemaphore(value: 1)

  init(count: Int) {
    values = Array(repeating: [], count: count)
  }

  func store(_ value: [[Int]], at index: Int) {
    lock.wait()
    defer { lock.signal() }
    values[index] = value
  }

  func value(at index: Int) -> [[Int]] {
    lock.wait()
    defer { lock.signal() }
    return values[index]
  }
}
