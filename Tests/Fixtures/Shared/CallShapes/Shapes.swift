import Injineer

/// What one group of call shapes found: how many ran, and what went wrong.
nonisolated struct ShapeLog: Sendable {
  let group: String
  private(set) var count = 0
  private(set) var failures: [String] = []

  init(_ group: String) { self.group = group }

  /// Records one call shape, and a failure when `condition` is false.
  mutating func expect(_ condition: Bool, _ shape: String) {
    count += 1
    if !condition { failures.append(shape) }
  }

  var summary: String {
    failures.isEmpty
      ? "\(group): \(count) shapes"
      : "\(group): FAILED \(failures.joined(separator: "; "))"
  }
}
