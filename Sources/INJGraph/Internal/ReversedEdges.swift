/// The edges of a ``CompactDigraph`` reversed: for each node, the nodes that depend on it, in
/// compact rows (`sources[offsets[v]..<offsets[v + 1]]`, ascending), plus each node's number of
/// dependencies. The buffers belong to the caller, who calls ``deallocate()``.
struct ReversedEdges {
  /// Row starts, `nodeCount + 1` of them.
  let offsets: UnsafeMutableBufferPointer<Int32>
  /// The dependents, row by row.
  let sources: UnsafeMutableBufferPointer<Int32>
  /// The number of dependencies of each node.
  let outDegrees: UnsafeMutableBufferPointer<Int32>

  /// Reverses the edges of a graph by a counting sort on the target.
  ///
  /// - Parameter graph: The graph.
  init(of graph: CompactDigraph) {
    let count = graph.nodeCount
    let offsets = UnsafeMutableBufferPointer.allocate(count: count + 1, repeating: 0)
    let outDegrees = UnsafeMutableBufferPointer.allocate(count: count, repeating: 0)
    // Every position of `sources` is written before it is read.
    let sources = UnsafeMutableBufferPointer<Int32>.allocate(
      capacity: Swift.max(graph.targets.count, 1))
    graph.offsets.withUnsafeBufferPointer { rowStarts in
      graph.targets.withUnsafeBufferPointer { targets in
        // Count the edges at `offsets[target]`; running sums make them row ends.
        var node = 0
        while node < count {
          var position = Int(rowStarts[node])
          let end = Int(rowStarts[node + 1])
          outDegrees[node] = Int32(truncatingIfNeeded: end - position)
          while position < end {
            offsets[Int(targets[position])] += 1
            position += 1
          }
          node += 1
        }
        var running: Int32 = 0
        node = 0
        while node < count {
          running += offsets[node]
          offsets[node] = running
          node += 1
        }
        offsets[count] = running
        // Fill from the last edge back, turning each row end into its row start.
        node = count - 1
        while node >= 0 {
          let start = Int(rowStarts[node])
          var position = Int(rowStarts[node + 1]) - 1
          while position >= start {
            let target = Int(targets[position])
            offsets[target] -= 1
            sources[Int(offsets[target])] = Int32(truncatingIfNeeded: node)
            position -= 1
          }
          node -= 1
        }
      }
    }
    self.offsets = offsets
    self.sources = sources
    self.outDegrees = outDegrees
  }

  /// Frees the buffers.
  func deallocate() {
    offsets.deallocate()
    sources.deallocate()
    outDegrees.deallocate()
  }
}
