extension DependencyGraph {
  /// The cycles found by ``DependencyGraph/cycles(limit:)``, and whether the search stopped
  /// at its limit.
  public struct CycleSearchResult: Hashable, Sendable {
    /// The cycles found, each a closed path `[a, b, ..., a]`, in the order described by
    /// ``DependencyGraph/cycles(limit:)``.
    public var cycles: [[Node]]
    /// Whether the graph has more cycles than were returned.
    public var isTruncated: Bool

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - cycles: The cycles found, each a closed path.
    ///   - isTruncated: Whether more cycles exist than `cycles` holds.
    public init(cycles: [[Node]], isTruncated: Bool) {
      self.cycles = cycles
      self.isTruncated = isTruncated
    }
  }
}
