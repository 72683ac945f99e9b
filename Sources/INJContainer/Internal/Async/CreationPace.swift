import Dispatch
import INJPrimitives
import INJReflection

/// Whether an async provider's most recent timed creation was quick: what decides
/// whether its next creation, as one of several dependencies that need `await`, gets
/// a child task of its own or is made by the requesting task.
///
/// Starting a child task and waking a thread for it costs microseconds; a creation
/// that took less than ``quick`` gains less from running beside its siblings than
/// the task costs. A provider with no finished creation yet counts as slow, so the
/// first creation of every async dependency runs concurrently, and so does any
/// creation after a slow one.
///
/// Reading the clock twice costs about as much as a quick creation itself, so while a
/// provider counts as quick only one creation in ``sampling`` is timed
/// (``timesNextCreation``); while it counts as slow, every one is, failed ones included.
/// A provider that turns slow is found within ``sampling`` creations when one task at a
/// time creates it; tasks creating it at once may each put back a countdown another
/// one had used up, delaying that by up to ``sampling`` creations per such task.
///
/// Invariant: the cell holds 0 while the provider counts as slow (before any timed
/// creation, or after a slow one), and otherwise, from ``sampling`` down to 1, how
/// many creations there are until the next timed one, that one included. It is a
/// hint: loads and stores are relaxed, a racing store may win over a later one, and
/// whatever value is read only chooses where a creation runs and whether it is timed,
/// never what it makes or whether it is shared. The cell is a word its provider keeps
/// (``ObjectWords``). `CreationPaceTests` checks the rule, and records and reads from
/// many tasks under ThreadSanitizer.
///
/// Times are read from Dispatch's monotonic clock, in nanoseconds: `ContinuousClock`
/// and `Duration` need iOS 16 and macOS 13.
struct CreationPace: Sendable {
  /// Below this many nanoseconds, a creation is made by the requesting task.
  static let quick: UInt64 = 5_000
  /// While the provider counts as quick, one creation in this many is timed.
  static let sampling = 16

  /// The monotonic clock now: nanoseconds since an arbitrary start.
  static var now: UInt64 {
    DispatchTime.now().uptimeNanoseconds
  }

  private let state: AtomicWord

  /// The pace kept in `word`, which holds 0 at first.
  @inline(__always)
  init(_ word: AtomicWord) {
    state = word
  }

  /// Whether the most recent timed creation took less than ``quick``.
  var isQuick: Bool {
    state.load(ordering: .relaxed) > 0
  }

  /// Whether to time the creation that starts now; counts the creations that are
  /// not timed.
  func timesNextCreation() -> Bool {
    let countdown = state.load(ordering: .relaxed)
    guard countdown > 1 else { return true }
    state.store(countdown - 1, ordering: .relaxed)
    return false
  }

  /// Records how long a timed creation took, in nanoseconds.
  func record(nanoseconds: UInt64) {
    state.store(nanoseconds < Self.quick ? Self.sampling : 0, ordering: .relaxed)
  }
}

extension Provider {
  /// Whether the provider, needed with others by an async provider, is made in a child
  /// task of its own: its creator is async, its product is not ready, and its latest
  /// timed creation was slower than starting a task.
  var isMadeInATaskOfItsOwn: Bool {
    asyncCreator != nil && !asyncPace.isQuick && sharedValue() == nil
  }
}
