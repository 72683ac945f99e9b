import INJGraph
import Testing

@Suite struct TopologicalOrderTests {
  @Test func dependenciesComeFirst() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("app", dependencies: ["log", "db"])
    graph.addNode("db", dependencies: ["log"])
    graph.addNode("log")
    #expect(try graph.topologicalOrder() == ["log", "db", "app"])
  }

  @Test func tiesGoToTheEarliestInsertedReadyNode() throws {
    // Ready at first: c and d (c first by insertion). Placing c makes b ready; b was inserted
    // before d, so b goes next even though d was ready longer.
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b", "d"])
    graph.addNode("b", dependencies: ["c"])
    graph.addNode("c")
    graph.addNode("d")
    #expect(try graph.topologicalOrder() == ["c", "b", "d", "a"])
  }

  @Test func independentNodesKeepInsertionOrder() throws {
    var graph = DependencyGraph<Int>()
    for node in [5, 3, 9, 1] { graph.addNode(node) }
    #expect(try graph.topologicalOrder() == [5, 3, 9, 1])
  }

  @Test func deferredEdgesNeverConstrainTheOrder() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("list", deferredDependencies: ["detail"])
    graph.addNode("detail", dependencies: ["list"])
    #expect(try graph.topologicalOrder() == ["list", "detail"])
  }

  @Test func aSelfLoopIsACycle() {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["a"])
    #expect(throws: CycleError(cycles: [["a", "a"]])) { try graph.topologicalOrder() }
  }

  @Test func cycleErrorListsEveryCycleInReadableText() throws {
    var graph = DependencyGraph<String>()
    graph.addNode("a", dependencies: ["b"])
    graph.addNode("b", dependencies: ["c", "a"])
    graph.addNode("c", dependencies: ["b"])
    graph.addNode("d")
    do {
      _ = try graph.topologicalOrder()
      Issue.record("expected a cycle error")
    } catch let error as CycleError<String> {
      #expect(error.cycles == [["a", "b", "a"], ["b", "c", "b"]])
      #expect(!error.isTruncated)
      #expect(
        error.description == """
          Found 2 cycles among direct dependencies, so no order puts dependencies first:
            a → b → a
            b → c → b
          Break each cycle by removing one of its dependencies or making it deferred.
          """)
    }
  }

  @Test func cycleErrorTextForOneCycleAndForATruncatedList() {
    let one = CycleError<String>(cycles: [["a", "a"]])
    #expect(
      one.description == """
        Found 1 cycle among direct dependencies, so no order puts dependencies first:
          a → a
        Break each cycle by removing one of its dependencies or making it deferred.
        """)
    let cut = CycleError<Int>(cycles: [[1, 2, 1]], isTruncated: true)
    #expect(
      cut.description == """
        Found more than 1 cycles among direct dependencies, so no order puts dependencies first:
          1 → 2 → 1
          … and more, not listed
        Break each cycle by removing one of its dependencies or making it deferred.
        """)
  }

  @Test func theErrorStopsAtTheDefaultLimit() {
    // A complete graph on 7 nodes has 2,365 elementary cycles: the sum over k of C(7, k)(k - 1)!.
    var graph = DependencyGraph<Int>()
    for node in 0..<7 {
      graph.addNode(node, dependencies: (0..<7).filter { $0 != node })
    }
    #expect(graph.cycles(limit: .max).count == 2365)
    do {
      _ = try graph.topologicalOrder()
      Issue.record("expected a cycle error")
    } catch let error as CycleError<Int> {
      #expect(error.cycles.count == DependencyGraph<Int>.cycleListLimit)
      #expect(error.isTruncated)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}
