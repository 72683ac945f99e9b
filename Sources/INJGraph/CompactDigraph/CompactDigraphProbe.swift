/// Entry points through which the benchmark package times the package-level compact graph,
/// which is invisible outside this package.
///
/// Import it with `@_spi(Benchmarks) import INJGraph`. Each method runs one analysis and
/// returns a small summary of its result, so that the work cannot be optimized away.
@_spi(Benchmarks)
public struct CompactDigraphProbe: Sendable {
  /// The graph measured.
  private let graph: CompactDigraph

  /// Builds the compact graph from a flat edge list, as the container does.
  ///
  /// - Parameters:
  ///   - nodeCount: The number of nodes.
  ///   - edgeSources: The dependent of each edge, each in `0..<nodeCount`.
  ///   - edgeTargets: The dependency of each edge, each in `0..<nodeCount`.
  public init(nodeCount: Int, edgeSources: [Int32], edgeTargets: [Int32]) {
    graph = CompactDigraph(nodeCount: nodeCount, edgeSources: edgeSources, edgeTargets: edgeTargets)
  }

  /// The number of distinct edges.
  public var edgeCount: Int { graph.edgeCount }

  /// Finds the strongly connected components.
  ///
  /// - Returns: How many there are.
  public func componentCount() -> Int {
    graph.stronglyConnectedComponents().count
  }

  /// Searches the elementary cycles.
  ///
  /// - Parameter limit: The most cycles to collect.
  /// - Returns: How many were found.
  public func cycleCount(limit: Int) -> Int {
    graph.elementaryCycles(limit: limit).cycles.count
  }

  /// Orders the nodes, dependencies first.
  ///
  /// - Returns: The last node placed, or -1 when the graph is cyclic or empty.
  public func lastInOrder() -> Int {
    graph.topologicalOrder()?.last.map(Int.init) ?? -1
  }
}
