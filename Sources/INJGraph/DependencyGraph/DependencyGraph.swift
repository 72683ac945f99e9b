/// A directed graph of nodes and the nodes they depend on.
///
/// Build a graph by adding each node with the nodes it depends on, then ask it for an order,
/// its cycles, its strongly connected components, its dangling references, insight such as
/// depth and fan-in, or a picture in DOT or Mermaid.
///
/// ```swift
/// var graph = DependencyGraph<String>()
/// graph.addNode("app", dependencies: ["api", "store"])
/// graph.addNode("api", dependencies: ["http"])
/// graph.addNode("store")
/// graph.addNode("http")
/// let order = try graph.topologicalOrder()  // ["store", "http", "api", "app"]
/// ```
///
/// An edge from `u` to `v` means "`u` depends on `v`". There are two kinds:
///
/// - A *direct* dependency must exist before its dependent. Direct edges decide the
///   ``topologicalOrder()``, the ``cycles()`` and the ``stronglyConnectedComponents()``.
/// - A *deferred* dependency (in a container, a provider closure) is reached only later, so it
///   never creates a cycle or constrains the order; it counts for reachability, such as
///   ``unreachableNodes(from:)``, and is drawn dashed.
///
/// An edge that is added twice counts once, and an edge that is both direct and deferred counts
/// as direct. A node that depends on itself forms the cycle `[a, a]`.
///
/// Only values passed to ``addNode(_:dependencies:deferredDependencies:)`` as the node are
/// nodes. A dependency on a value that was never added is a *dangling reference*: it is listed
/// by ``danglingReferences``, and ignored by every other query, never a crash. Adding the
/// missing node later turns the reference into an ordinary edge.
///
/// Nodes keep the order in which they were first added, their *insertion order*; every result is
/// deterministic and breaks ties by it, so equal graphs built in the same order give equal
/// answers. Internally each node is interned to an integer and the algorithms run over compact
/// integer arrays without recursion, so graphs of millions of nodes work on small thread stacks.
public struct DependencyGraph<Node: Hashable & Sendable>: Sendable {
  /// Every node that was added, in the order it was first added.
  ///
  /// A dependency on a value that was never added as a node does not appear here; it is a
  /// dangling reference, listed by ``danglingReferences``.
  public var nodes: [Node] { addedNodes }

  // Interning is the one generic step, so the few members it uses are inlinable: a client
  // specializes them for its node type, and hashing runs without generic dispatch.

  /// The nodes in insertion order; a node's position is its *rank*.
  @usableFromInline var addedNodes: [Node] = []

  /// Every value mentioned as a node or a dependency, indexed by *slot*.
  @usableFromInline var mentionedValues: [Node] = []

  /// The slot of every mentioned value.
  @usableFromInline var slotOfValue: [Node: Int32] = [:]

  /// The nodes and edges as integers.
  @usableFromInline var store = EdgeList()

  /// Creates an empty graph.
  public init() {}

  /// Adds a node, or adds edges to an existing one. Deferred edges (provider
  /// closures) count for reachability and drawing, never for cycles or order.
  ///
  /// Adding a node that already exists keeps its place in ``nodes`` and adds the new edges to it.
  /// A dependency that is not (yet) a node becomes a dangling reference until it is added.
  ///
  /// ```swift
  /// var graph = DependencyGraph<String>()
  /// graph.addNode("list", dependencies: ["store"], deferredDependencies: ["detail"])
  /// graph.addNode("detail", dependencies: ["list"])  // no cycle: list reaches detail later
  /// graph.addNode("store")
  /// ```
  ///
  /// - Parameters:
  ///   - node: The node to add.
  ///   - dependencies: Nodes that `node` needs before it can exist.
  ///   - deferredDependencies: Nodes that `node` reaches only later, such as through a provider
  ///     closure.
  /// - Complexity: O(*d*) on average for *d* dependencies.
  @inlinable
  public mutating func addNode(
    _ node: Node, dependencies: [Node] = [], deferredDependencies: [Node] = []
  ) {
    let slot = slot(for: node)
    var rank = store.rank(ofSlot: slot)
    if rank < 0 {
      rank = store.addNode(slot: slot)
      addedNodes.append(node)
    }
    for dependency in dependencies {
      store.addEdge(from: rank, to: self.slot(for: dependency), isDeferred: false)
    }
    for dependency in deferredDependencies {
      store.addEdge(from: rank, to: self.slot(for: dependency), isDeferred: true)
    }
  }

  /// Whether a value was added as a node.
  ///
  /// - Parameter node: The value to look for.
  /// - Returns: `true` if `node` is in ``nodes``; `false` for a value that was never added, even
  ///   when other nodes depend on it.
  /// - Complexity: O(1) on average.
  @inlinable
  public func contains(_ node: Node) -> Bool {
    rank(of: node) != nil
  }

  /// Every edge between two nodes, each once.
  ///
  /// Edges are ordered by the insertion order of their dependent, then of their dependency. An
  /// edge added both directly and deferred is listed once, as direct. Dangling references are
  /// not edges; see ``danglingReferences``.
  ///
  /// - Complexity: O(*n* + *e* log *d*) for *n* nodes, *e* edges and at most *d* edges per node.
  public var edges: [Edge] {
    DrawingPlan(store: store, highlightsCycles: false, showsDanglingReferences: false).lines.map {
      Edge(dependent: nodes[Int($0.from)], dependency: nodes[Int($0.to)], isDeferred: $0.isDeferred)
    }
  }

  /// Every dependency on a value that was never added as a node.
  ///
  /// References are ordered by the insertion order of their dependent, then by the order in
  /// which the missing nodes were first mentioned. A reference made both directly and deferred
  /// is listed once, as direct. Adding the missing node removes its references from this list.
  ///
  /// ```swift
  /// var graph = DependencyGraph<String>()
  /// graph.addNode("app", dependencies: ["netwrok"])
  /// graph.danglingReferences
  /// // [DanglingReference(dependent: "app", missingNode: "netwrok", isDeferred: false)]
  /// ```
  ///
  /// - Complexity: O(*e* + *k* log *k*) for *e* edges and *k* dangling references.
  public var danglingReferences: [DanglingReference] {
    store.danglingEdges().map {
      DanglingReference(
        dependent: nodes[Int($0.rank)], missingNode: mentionedValues[Int($0.slot)],
        isDeferred: $0.isDeferred)
    }
  }

  /// The rank of a node: its position in `nodes`, or `nil` when it is not a node.
  @inlinable
  func rank(of node: Node) -> Int32? {
    guard let slot = slotOfValue[node] else { return nil }
    let rank = store.rank(ofSlot: slot)
    return rank >= 0 ? rank : nil
  }

  /// The nodes at the given ranks.
  @inlinable
  func nodes(atRanks ranks: some Collection<Int32>) -> [Node] {
    ranks.map { addedNodes[Int($0)] }
  }

  /// The slot of a value, giving it a new slot when it is mentioned for the first time.
  @inlinable
  mutating func slot(for value: Node) -> Int32 {
    let newSlot = Int32(truncatingIfNeeded: mentionedValues.count)
    let slot = Self.assign(&slotOfValue[value, default: -1], ifUnset: newSlot)
    if slot == newSlot {
      mentionedValues.append(value)
      store.addSlot()
    }
    return slot
  }

  /// Sets a slot that is still -1, in place, so that interning hashes the value once.
  @inlinable
  static func assign(_ slot: inout Int32, ifUnset newSlot: Int32) -> Int32 {
    if slot < 0 { slot = newSlot }
    return slot
  }
}
