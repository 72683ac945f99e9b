import INJGraph

extension Container {
  /// `names` in waves: each name after the names among them it depends on, directly
  /// or through names outside them (provider closures aside), in the order given
  /// within a wave; names nothing registers come last. When the graph has a cycle, every
  /// name comes in one wave, where resolving the cycle throws it.
  package func launchWaves(of names: [String]) -> [[String]] {
    let graph = dependencyGraph()
    guard names.count > 1, let order = try? graph.topologicalOrder() else {
      return names.isEmpty ? [] : [names]
    }
    let targets = Set(names)
    // Every name's direct dependencies at once: asking the graph name by name would build
    // it once per name.
    var dependencies: [String: [String]] = [:]
    for edge in graph.edges where !edge.isDeferred {
      dependencies[edge.dependent, default: []].append(edge.dependency)
    }
    // The wave of each name: one more than the last wave it waits for.
    var wave: [String: Int] = [:]
    for node in order {
      wave[node] =
        dependencies[node, default: []].map { (wave[$0] ?? 0) + (targets.contains($0) ? 1 : 0) }
        .max() ?? 0
    }
    // Each wave in order, its names in the order given; names not in the graph last.
    let waves = Dictionary(grouping: names.filter { wave[$0] != nil }) { wave[$0]! }
    let unplaced = names.filter { wave[$0] == nil }
    return waves.sorted { $0.key < $1.key }.map(\.value) + (unplaced.isEmpty ? [] : [unplaced])
  }
}
