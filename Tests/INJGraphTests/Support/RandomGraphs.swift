import TestUtilities

/// Random small graphs for property tests, each reproducible from its seed.
enum RandomGraphs {
  /// The seeds of the graphs every property test checks.
  static let seeds: [UInt64] = (0..<1500).map { 0x5EED_0000 + $0 }

  /// The `addNode` calls of a random graph of at most 8 nodes over the values `0..<10`.
  ///
  /// The values that are not chosen as nodes are only ever dependencies, so they make dangling
  /// references. Calls may repeat a node to add more edges, and lists may repeat a dependency,
  /// name the node itself, or name a node that is added only later.
  static func additions(seed: UInt64) -> [ReferenceGraph.Addition] {
    var random = SplitMix64(seed: seed)
    let values = Array(0..<10).shuffled(using: &random)
    let nodeCount = Int.random(in: 0...8, using: &random)
    let chosen = Array(values.prefix(nodeCount))
    let density = Double.random(in: 0.02...0.45, using: &random)
    let deferredDensity = Double.random(in: 0...0.3, using: &random)
    let danglingDensity = Double.random(in: 0...0.15, using: &random)
    let selfLoopChance = Double.random(in: 0...0.12, using: &random)

    var calls = chosen
    for _ in 0..<Int.random(in: 0...3, using: &random) where !chosen.isEmpty {
      calls.append(chosen.randomElement(using: &random)!)
    }
    calls.shuffle(using: &random)

    func pick(_ probability: Double, _ node: Int) -> [Int] {
      var picked: [Int] = []
      for value in values {
        let chance =
          value == node
          ? selfLoopChance : chosen.contains(value) ? probability : danglingDensity
        if Double.random(in: 0..<1, using: &random) < chance {
          picked.append(value)
          if Double.random(in: 0..<1, using: &random) < 0.1 { picked.append(value) }
        }
      }
      return picked.shuffled(using: &random)
    }
    return calls.map { node in
      ReferenceGraph.Addition(
        node: node, dependencies: pick(density, node),
        deferredDependencies: pick(deferredDensity, node))
    }
  }
}
