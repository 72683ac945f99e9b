import INJContainer
import INJPrimitives
import Testing

/// Tasks resolving a graph of synchronous and async providers while another task
/// registers: run under ThreadSanitizer in CI.
@Suite("Async load")
struct AsyncLoadTests {
  final class Node: Sendable {
    let name: String
    let children: [Node]
    init(_ name: String, _ children: [Node]) {
      self.name = name
      self.children = children
    }

    /// The nodes under this one (itself included) named `name`.
    func all(named name: String) -> [Node] {
      var found: [Node] = []
      var stack = [self]
      while let node = stack.popLast() {
        if node.name == name { found.append(node) }
        stack.append(contentsOf: node.children)
      }
      return found
    }
  }

  /// Creations per name.
  final class Counts: Sendable {
    private let counts = Locked([String: Int]())
    func made(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
    subscript(name: String) -> Int { counts.withLock { $0[name, default: 0] } }
  }

  @Test func eightTasksResolveAMixedGraphWhileAnotherRegisters() async throws {
    let container = Container()
    let counts = Counts()
    @Sendable func node(_ name: String, _ values: ResolvedValues) throws -> Node {
      counts.made(name)
      return Node(name, try values.names.map { try values.value(forName: $0, as: Node.self) })
    }
    container.addInstance(Node("config", []), forName: "config")
    container.addProvider(forName: "syncShared", dependencies: ["config"], options: .singleton) {
      try node("syncShared", $0)
    }
    container.addProvider(forName: "syncTransient", dependencies: ["config", "syncShared"]) {
      try node("syncTransient", $0)
    }
    container.addAsyncProvider(
      forName: "asyncShared", dependencies: ["syncShared"], options: .singleton
    ) { values in
      await Task.yield()
      return try node("asyncShared", values)
    }
    container.addAsyncProvider(forName: "asyncGraph", options: .objectGraph) { values in
      await Task.yield()
      return try node("asyncGraph", values)
    }
    for side in ["left", "right"] {
      container.addAsyncProvider(
        forName: side, dependencies: ["asyncShared", "syncTransient", "asyncGraph"]
      ) { values in
        await Task.yield()
        return try node(side, values)
      }
    }
    container.addAsyncProvider(
      forName: "root", dependencies: ["left", "right", "asyncShared", "config"]
    ) { values in try node("root", values) }

    let rounds = 150
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for index in 0..<rounds {
          container.addProvider(forName: "extra\(index)", dependencies: ["config"]) {
            try node("extra", $0)
          }
          container.addAsyncProvider(forName: "asyncExtra\(index)", dependencies: ["extra\(index)"])
          {
            try node("asyncExtra", $0)
          }
        }
      }
      for _ in 0..<8 {
        group.addTask {
          for index in 0..<rounds {
            let root = try await container.asyncValue(forName: "root", as: Node.self)
            // One shared product of each singleton; one object-graph product per request.
            #expect(Set(root.all(named: "asyncShared").map(ObjectIdentifier.init)).count == 1)
            #expect(Set(root.all(named: "syncShared").map(ObjectIdentifier.init)).count == 1)
            #expect(Set(root.all(named: "asyncGraph").map(ObjectIdentifier.init)).count == 1)
            #expect(root.all(named: "syncTransient").count == 2)
            if index % 10 == 0 {
              _ = try? await container.asyncValue(forName: "asyncExtra\(index)", as: Node.self)
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(counts["asyncShared"] == 1)
    #expect(counts["syncShared"] == 1)
    #expect(counts["root"] == 8 * rounds)
    #expect(counts["asyncGraph"] == 8 * rounds)
  }
}
