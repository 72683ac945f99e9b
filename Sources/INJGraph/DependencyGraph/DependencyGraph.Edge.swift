extension DependencyGraph {
  /// An edge between two nodes: `dependent` depends on `dependency`.
  public struct Edge: Hashable, Sendable {
    /// The node that depends on the other.
    public var dependent: Node
    /// The node depended on.
    public var dependency: Node
    /// Whether the dependency is deferred (reached only later, such as through a provider
    /// closure) rather than direct.
    public var isDeferred: Bool

    /// Creates an edge.
    ///
    /// - Parameters:
    ///   - dependent: The node that depends on the other.
    ///   - dependency: The node depended on.
    ///   - isDeferred: Whether the dependency is deferred rather than direct.
    package init(dependent: Node, dependency: Node, isDeferred: Bool = false) {
      self.dependent = dependent
      self.dependency = dependency
      self.isDeferred = isDeferred
    }
  }
}
