extension DependencyGraph {
  /// A dependency on a value that was never added as a node, usually a typo.
  ///
  /// A dangling reference is not an edge: the missing node is not in ``DependencyGraph/nodes``,
  /// and order, cycles, components, reachability and depth all ignore the reference. Adding
  /// the missing node turns it into an ordinary edge.
  public struct DanglingReference: Hashable, Sendable {
    /// The node that depends on the missing one.
    public var dependent: Node
    /// The value depended on, which was never added as a node.
    public var missingNode: Node
    /// Whether the dependency is deferred rather than direct.
    public var isDeferred: Bool

    /// Creates a dangling reference.
    ///
    /// - Parameters:
    ///   - dependent: The node that depends on the missing one.
    ///   - missingNode: The value depended on.
    ///   - isDeferred: Whether the dependency is deferred rather than direct.
    package init(dependent: Node, missingNode: Node, isDeferred: Bool = false) {
      self.dependent = dependent
      self.missingNode = missingNode
      self.isDeferred = isDeferred
    }
  }
}
