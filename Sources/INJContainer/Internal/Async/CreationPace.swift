import Synchronization

/// Whether an async provider's most recent creation was quick: what decides whether
/// its next creation, as one of several dependencies that need `await`, gets a child
/// task of its own or is made by the requesting task.
///
/// Starting a child task and waking a thread for it costs microseconds; a creation
/// that took less than ``quick`` gains less from running beside its siblings than
/// the task costs. A provider with no finished creation yet counts as slow, so the
/// first creation of every async dependency runs concurrently, and so does any
/// creation after a slow one.
///
/// Invariant: the cell holds whether the creation that recorded last was quick, or
/// false before any did. It is a hint: loads and stores are relaxed, a racing store
/// may win over a later one, and whatever value is read only chooses where a
/// creation runs, never what it makes or whether it is shared. `CreationPaceTests`
/// checks the rule, and records and reads from many tasks under ThreadSanitizer.
struct CreationPace: ~Copyable, Sendable {
  /// Below this, a creation is made by the requesting task.
  static let quick: Duration = .microseconds(5)

  private let wasQuick = Atomic<Bool>(false)

  init() {}

  /// Whether the most recent creation took less than ``quick``.
  var isQuick: Bool {
    wasQuick.load(ordering: .relaxed)
  }

  /// Records a creation that started at `start` and has just ended.
  func record(since start: ContinuousClock.Instant) {
    record(start.duration(to: .now))
  }

  /// Records how long a creation took.
  func record(_ duration: Duration) {
    wasQuick.store(duration < Self.quick, ordering: .relaxed)
  }
}
