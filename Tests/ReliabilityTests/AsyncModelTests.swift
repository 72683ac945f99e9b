import INJContainer
import TestUtilities
import Testing

/// Random graphs of synchronous and async providers, resolved asynchronously (several
/// requests, some at the same time), checked against a reference model: the shape
/// of every product, how many times each creator ran, and which products are
/// shared. Seeded, so a failure names the seed that reproduces it.
@Suite("Async model")
struct AsyncModelTests {
  enum Scope: CaseIterable { case transient, singleton, objectGraph }

  struct Spec {
    let name: String
    let isAsync: Bool
    let scope: Scope
    let dependencies: [Int]
  }

  final class Made: Sendable {
    let name: String
    let children: [Made]
    init(_ name: String, _ children: [Made]) {
      self.name = name
      self.children = children
    }
  }

  /// A random graph: node `i` depends on up to three nodes before it. A synchronous
  /// node depends only on synchronous ones (a synchronous provider cannot depend on an
  /// async one).
  static func graph(seed: UInt64) -> [Spec] {
    var random = SplitMix64(seed: seed)
    let count = Int.random(in: 3...12, using: &random)
    var specs: [Spec] = []
    for index in 0..<count {
      let isAsync = index == count - 1 || Bool.random(using: &random)
      let candidates = (0..<index).filter { isAsync || !specs[$0].isAsync }
      let dependencies = Array(
        candidates.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
      ).sorted()
      specs.append(
        Spec(
          name: "n\(index)", isAsync: isAsync, scope: Scope.allCases.randomElement(using: &random)!,
          dependencies: dependencies))
    }
    return specs
  }

  /// How many times each creator runs for `requests` requests of the last node: a
  /// singleton once in all, an object-graph node once per request, a transient once
  /// per dependent made.
  static func expectedCreations(_ specs: [Spec], requests: Int) -> [Int] {
    var creations = [Int](repeating: 0, count: specs.count)
    var singletonsMade = Set<Int>()
    for _ in 0..<requests {
      var graphMade = Set<Int>()
      var pending = [specs.count - 1]
      while let index = pending.popLast() {
        switch specs[index].scope {
        case .singleton:
          guard singletonsMade.insert(index).inserted else { continue }
        case .objectGraph:
          guard graphMade.insert(index).inserted else { continue }
        case .transient:
          break
        }
        creations[index] += 1
        pending.append(contentsOf: specs[index].dependencies)
      }
    }
    return creations
  }

  /// Whether `made` has the shape the specs give the node `index`.
  static func hasShape(_ made: Made, of index: Int, in specs: [Spec]) -> Bool {
    var pending = [(made, index)]
    while let (node, index) = pending.popLast() {
      let spec = specs[index]
      guard node.name == spec.name, node.children.count == spec.dependencies.count else {
        return false
      }
      pending.append(contentsOf: zip(node.children, spec.dependencies).map { ($0, $1) })
    }
    return true
  }

  /// The products named `name` under `made`, by identity, not looking inside the
  /// names in `opaque` (a singleton keeps what it was made with in an earlier
  /// request).
  static func products(
    named name: String, in made: Made, notInside opaque: Set<String> = []
  ) -> Set<ObjectIdentifier> {
    var found = Set<ObjectIdentifier>()
    var pending = [made]
    while let node = pending.popLast() {
      if node.name == name { found.insert(ObjectIdentifier(node)) }
      if !opaque.contains(node.name) {
        pending.append(contentsOf: node.children)
      }
    }
    return found
  }

  @Test(arguments: 0..<150)
  func asyncResolutionAgreesWithTheModel(seed: UInt64) async throws {
    let specs = Self.graph(seed: seed)
    let container = Container()
    let creations = Locked([Int](repeating: 0, count: specs.count))
    for (index, spec) in specs.enumerated() {
      let names = spec.dependencies.map { specs[$0].name }
      let options: ProviderOptions.For<Made> =
        switch spec.scope {
        case .transient: []
        case .singleton: .singleton
        case .objectGraph: .objectGraph
        }
      let make: @Sendable (ResolvedValues) throws -> Made = { values in
        creations.withLock { $0[index] += 1 }
        return Made(spec.name, try names.map { try values.value(forName: $0, as: Made.self) })
      }
      if spec.isAsync {
        container.addAsyncProvider(forName: spec.name, dependencies: names, options: options) {
          values in
          await Task.yield()
          return try make(values)
        }
      } else {
        container.addProvider(
          forName: spec.name, dependencies: names, options: options, creator: make)
      }
    }
    try container.checkForErrors()
    let root = specs.count - 1
    let rootName = specs[root].name

    // Two requests one after the other, then three at the same time.
    var made = [try await container.asyncValue(forName: rootName, as: Made.self)]
    made.append(try await container.asyncValue(forName: rootName, as: Made.self))
    made += try await withThrowingTaskGroup(of: Made.self) { group in
      for _ in 0..<3 {
        group.addTask { try await container.asyncValue(forName: rootName, as: Made.self) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(
      creations.withLock { $0 } == Self.expectedCreations(specs, requests: made.count),
      "seed \(seed)")
    for product in made {
      #expect(Self.hasShape(product, of: root, in: specs), "seed \(seed)")
    }
    let singletons = Set(specs.filter { $0.scope == .singleton }.map(\.name))
    for spec in specs where spec.scope != .transient {
      // Within one request, one product per shared name (an object-graph product kept
      // by a singleton from an earlier request aside); a singleton's in all requests.
      let perRequest = made.map {
        Self.products(named: spec.name, in: $0, notInside: singletons.subtracting([spec.name]))
      }
      #expect(perRequest.allSatisfy { $0.count <= 1 }, "seed \(seed): \(spec.name)")
      if spec.scope == .singleton {
        #expect(Set(perRequest.flatMap { $0 }).count <= 1, "seed \(seed): \(spec.name)")
      }
    }
  }
}
