/// Elementary cycles as ranks, each without repeating its first node, and whether the search
/// stopped at its limit; also the error of a failed topological order.
@usableFromInline
struct CycleRanks: Error {
  /// The cycles.
  @usableFromInline let cycles: [[Int32]]
  /// Whether more cycles exist.
  @usableFromInline let isTruncated: Bool
}
