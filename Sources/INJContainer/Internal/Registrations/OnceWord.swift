import INJPrimitives
import INJReflection

/// A reference that is set at most once, then read by any thread without a lock, kept
/// in an atomic word its owner provides: in the owner itself (``ObjectWords``), so that
/// the owner pays no allocation for it, or in a word of its own (an `AtomicReference`).
///
/// Invariant: the word changes once, from nil to a retained reference, through one
/// atomic compare-and-exchange (acquiring and releasing), and never again until its
/// owner goes, when the owner calls ``release()`` once. A reader that loads the
/// reference (acquiring) sees the object fully made, and since the owner keeps it alive
/// for its own lifetime, the object can be borrowed without retaining it while the
/// owner lives. `OnceWordTests` sets and reads them from many threads under
/// ThreadSanitizer.
struct OnceWord<Object: AnyObject>: @unchecked Sendable {
  // Sendable by the invariant above: the word is read and written only atomically, and
  // the object is shared only as its owner decided it may be.
  private let word: AtomicWord

  /// The reference in `word`, which holds nil or a reference this type stored.
  @inline(__always)
  init(_ word: AtomicWord) {
    self.word = word
  }

  /// Runs `body` with the object borrowed, without reference counting; nil before the
  /// object is set.
  @inline(__always)
  func withObject<Result>(_ body: (Object) -> Result) -> Result? {
    word.loadReference(ordering: .acquiring, as: Object.self)?.read(body)
  }

  /// Sets the object unless one is set already; returns the one set.
  func setIfEmpty(_ object: Object) -> Object {
    let stored = Unretained(Unmanaged.passRetained(object))
    let (exchanged, existing) = word.compareExchangeReference(
      expected: nil, desired: stored, ordering: .acquiringAndReleasing)
    guard !exchanged, let existing else { return object }
    stored.unmanaged.release()
    return existing.retained
  }

  /// Releases the object, if set. The owner calls it once, as it goes.
  func release() {
    word.loadReference(ordering: .acquiring, as: Object.self)?.unmanaged.release()
  }
}
