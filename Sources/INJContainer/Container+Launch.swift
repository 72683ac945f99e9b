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
    // The wave of each name: one more than the last wave it waits for.
    var wave: [String: Int] = [:]
    for node in order {
      var level = 0
      for dependency in graph.dependencies(of: node) {
        let below = wave[dependency] ?? 0
        level = max(level, targets.contains(dependency) ? below + 1 : below)
      }
      wave[node] = level
    }
    var waves: [[String]] = []
    var unplaced: [String] = []
    for name in names {
      guard let level = wave[name] else {
        unplaced.append(name)
        continue
      }
      while waves.count <= level { waves.append([]) }
      waves[level].append(name)
    }
    return waves.filter { !$0.isEmpty } + (unplaced.isEmpty ? [] : [unplaced])
  }
}
