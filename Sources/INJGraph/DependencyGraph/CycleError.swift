/// The error thrown by ``DependencyGraph/topologicalOrder()`` when the direct dependencies
/// form a cycle, so that no order puts every dependency before its dependents.
///
/// It lists the cycles in the form and order of ``DependencyGraph/cycles(limit:)``, each a
/// closed path that follows the dependency edges, up to 1,000.
///
/// ```swift
/// do {
///   let order = try graph.topologicalOrder()
/// } catch let error as CycleError<String> {
///   print(error)
///   // Found 1 cycle among direct dependencies, so no order puts dependencies first:
///   //   a → b → a
///   // Break each cycle by removing one of its dependencies or making it deferred.
/// }
/// ```
public struct CycleError<Node: Hashable & Sendable>: Error, Hashable, CustomStringConvertible {
  /// The cycles, each a closed path `[a, b, ..., a]` in which every node depends on the next.
  public var cycles: [[Node]]
  /// Whether the graph has more cycles than `cycles` lists.
  public var isTruncated: Bool

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - cycles: The cycles, each a closed path.
  ///   - isTruncated: Whether the graph has more cycles than `cycles` lists.
  @usableFromInline
  package init(cycles: [[Node]], isTruncated: Bool = false) {
    self.cycles = cycles
    self.isTruncated = isTruncated
  }

  /// What happened, where, and how to fix it: one line per cycle, its nodes joined by arrows.
  public var description: String {
    let count = cycles.count
    let noun = count == 1 && !isTruncated ? "cycle" : "cycles"
    let counted = isTruncated ? "more than \(count) \(noun)" : "\(count) \(noun)"
    var text = "Found \(counted) among direct dependencies, so no order puts dependencies first:"
    for cycle in cycles {
      text += "\n  " + cycle.map { String(describing: $0) }.joined(separator: " → ")
    }
    if isTruncated {
      text += "\n  … and more, not listed"
    }
    text += "\nBreak each cycle by removing one of its dependencies or making it deferred."
    return text
  }
}
