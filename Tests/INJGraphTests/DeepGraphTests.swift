import INJGraph
import TestUtilities
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A million-node chain and a million-node cycle, analysed on threads with a 512 KB stack: any
/// recursion per node would overflow such a stack.
@Suite struct DeepGraphTests {
  static let nodeCount = 1_000_000
  static let stackSize = 512 * 1024

  /// Node `i` depends on `i + 1`, so every depth-first search from node 0 is a million deep.
  static let chain = {
    var graph = DependencyGraph<Int>()
    for node in 0..<nodeCount {
      graph.addNode(node, dependencies: node + 1 < nodeCount ? [node + 1] : [])
    }
    return graph
  }()

  /// The chain, with the last node depending on node 0 too.
  static let cycle = {
    var graph = chain
    graph.addNode(nodeCount - 1, dependencies: [0])
    return graph
  }()

  /// The same graph for the package-level core.
  static func makeCore(closed: Bool) -> CompactDigraph {
    let count = Int32(nodeCount)
    let sources = Array(0..<(closed ? count : count - 1))
    return CompactDigraph(
      nodeCount: nodeCount, edgeSources: sources, edgeTargets: sources.map { ($0 + 1) % count })
  }

  /// Runs `body` on a thread with a 512 KB stack and returns its result.
  static func onSmallStack<Value: Sendable>(
    _ body: @escaping @Sendable () -> Value
  ) -> Value? {
    let result = ThreadResult<Value>()
    guard runOnThread(stackSize: stackSize, { result.value = body() }) else { return nil }
    return result.value
  }

  /// The number of line breaks in a text.
  static func lineCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      guard var position = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
      var remaining = bytes.count
      var count = 0
      while remaining > 0, let found = memchr(position, 0x0A, remaining) {
        let step = UnsafeRawPointer(found) - position + 1
        position += step
        remaining -= step
        count += 1
      }
      return count
    }
  }

  @Test func chainOrderComponentsAndCycles() {
    let count = Self.nodeCount
    let found = Self.onSmallStack { () -> [Int] in
      let graph = Self.chain
      let order = (try? graph.topologicalOrder()) ?? []
      let components = graph.stronglyConnectedComponents()
      let core = Self.makeCore(closed: false)
      return [
        order.count, order.first ?? -1, order.last ?? -1, components.count,
        components.allSatisfy { $0.count == 1 } ? 1 : 0, graph.cycles().count,
        core.topologicalOrder()?.count ?? -1, core.stronglyConnectedComponents().count,
        core.elementaryCycles(limit: 10).cycles.count,
      ]
    }
    #expect(found == [count, count - 1, 0, count, 1, 0, count, count, 0])
  }

  @Test func chainReachabilityAndDepth() {
    let count = Self.nodeCount
    let found = Self.onSmallStack { () -> [Int] in
      let graph = Self.chain
      return [
        graph.transitiveDependencies(of: 0).count,
        graph.transitiveDependencies(of: 0, includingDeferred: true).count,
        graph.transitiveDependents(of: count - 1).count,
        graph.unreachableNodes(from: [count / 2]).count,
        graph.depths()[0] ?? -1, (graph.depths().values.max() ?? 0),
      ]
    }
    #expect(found == [count - 1, count - 1, count - 1, count / 2, count - 1, count - 1])
  }

  @Test func chainDrawing() {
    let count = Self.nodeCount
    let found = Self.onSmallStack { () -> [Int] in
      let graph = Self.chain
      return [Self.lineCount(graph.dotText()), Self.lineCount(graph.mermaidText())]
    }
    // DOT: the header, two settings, the nodes, the edges and the closing brace.
    // Mermaid: the header, the nodes and the edges.
    #expect(found == [3 + count + (count - 1) + 1, 1 + count + (count - 1)])
  }

  @Test func cycleOrderComponentsAndCycles() {
    let count = Self.nodeCount
    let found = Self.onSmallStack { () -> [Int] in
      let graph = Self.cycle
      var orderCycles = -1
      do {
        _ = try graph.topologicalOrder()
      } catch let error as CycleError<Int> {
        orderCycles = error.cycles.count
      } catch {}
      let components = graph.stronglyConnectedComponents()
      let cycles = graph.cycles()
      // The graph's analyses run on the core; check its own entry point once more.
      let core = Self.makeCore(closed: true)
      return [
        orderCycles, components.count, components.first?.count ?? -1, cycles.count,
        cycles.first?.count ?? -1, cycles.first?.first ?? -1, cycles.first?.last ?? -1,
        graph.transitiveDependencies(of: 0).count, graph.depths()[0] ?? -1,
        core.stronglyConnectedComponents().count,
      ]
    }
    #expect(found == [1, 1, count, 1, count + 1, 0, 0, count, 0, 1])
  }
}
