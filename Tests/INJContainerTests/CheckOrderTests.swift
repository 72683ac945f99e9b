import INJContainer
import INJGraph
import TestUtilities
import Testing

/// `checkForErrors()` builds its graph faster when names are registered in the order they
/// are first mentioned; these tests hold it to the same answers in any order.
@Suite struct CheckOrderTests {
  /// A cycle as a set member: rotated to its smallest name, without the closing name.
  private static func normalized(_ cycle: [String]) -> [String] {
    let open = cycle.count > 1 && cycle.first == cycle.last ? Array(cycle.dropLast()) : cycle
    guard let start = open.indices.min(by: { open[$0] < open[$1] }) else { return open }
    return Array(open[start...] + open[..<start])
  }

  @Test func cyclesAreTheReferenceCyclesInAnyRegistrationOrder() {
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      let names = (0..<6).map { "n\($0)" }
      // Dependencies among the names, and on one name nobody registers.
      let dependencies = names.map { _ in
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
          "n\(Int.random(in: 0...6, using: &random))"
        }
      }
      var reference = DependencyGraph<String>()
      for (name, list) in zip(names, dependencies) {
        reference.addNode(name, dependencies: list)
      }
      let expected = Set(reference.cycles().map(Self.normalized))

      let container = Container()
      for index in names.indices.shuffled(using: &random) {
        container.addProvider(forName: names[index], dependencies: dependencies[index]) { _ in
          0
        }
      }
      let found = container.validate().problems.compactMap { problem -> [String]? in
        if case .cycle(let cycle, _, _) = problem { return Self.normalized(cycle) }
        return nil
      }
      #expect(Set(found) == expected, "seed \(seed)")
      #expect(found.count == expected.count, "seed \(seed): a cycle reported twice")
    }
  }
}
