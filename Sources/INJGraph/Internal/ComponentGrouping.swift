/// The nodes grouped by component: the members of component `k` are
/// `members[offsets[k]..<offsets[k + 1]]`, in ascending id order (a counting sort).
struct ComponentGrouping {
  /// The nodes, component by component.
  let members: [Int32]
  /// The start of each component's members, and the end of the last.
  let offsets: [Int32]

  /// Groups the nodes.
  ///
  /// - Parameters:
  ///   - componentOfNode: The component of each node, in `0..<componentCount`.
  ///   - componentCount: The number of components.
  init(componentOfNode: [Int32], componentCount: Int) {
    let count = componentOfNode.count
    var offsets = [Int32](repeating: 0, count: componentCount + 1)
    let members = [Int32](uninitializedCount: count) { members, initialized in
      componentOfNode.withUnsafeBufferPointer { componentOfNode in
        offsets.withUnsafeMutableBufferPointer { offsets in
          var node = 0
          while node < count {
            offsets[Int(componentOfNode[node]) + 1] += 1
            node += 1
          }
          var component = 0
          while component < componentCount {
            offsets[component + 1] += offsets[component]
            component += 1
          }
          let cursor = UnsafeMutableBufferPointer.allocate(count: componentCount, repeating: 0)
          defer { cursor.deallocate() }
          _ = cursor.update(fromContentsOf: offsets[0..<componentCount])
          node = 0
          while node < count {
            let component = Int(componentOfNode[node])
            members[Int(cursor[component])] = Int32(truncatingIfNeeded: node)
            cursor[component] += 1
            node += 1
          }
        }
      }
      initialized = count
    }
    self.members = members
    self.offsets = offsets
  }
}
