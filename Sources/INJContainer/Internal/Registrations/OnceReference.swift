import INJReflection

/// A reference that is set at most once, then read by any thread without a lock.
///
/// Invariant: the slot changes once, from nil to a retained reference, through one
/// atomic compare-and-exchange (acquiring and releasing), and never again until the
/// cell goes, when `deinit` releases it. A reader that loads the reference (acquiring) sees the object fully
/// made, and since the cell keeps it alive for its own lifetime, the object can be
/// borrowed without retaining it while the cell lives. `OnceReferenceTests` sets and
/// reads cells from many threads under ThreadSanitizer.
struct OnceReference<Object: AnyObject>: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: the slot is an `AtomicReference`, and the object
  // is shared only as its owner decided it may be.
  private let slot = AtomicReference<Object>()

  init() {}

  /// The object, once set.
  var object: Object? {
    slot.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// Runs `body` with the object borrowed, without reference counting; nil before the
  /// object is set.
  @inline(__always)
  func withObject<Result>(_ body: (Object) -> Result) -> Result? {
    guard let object = slot.load(ordering: .acquiring) else { return nil }
    return object._withUnsafeGuaranteedRef(body)
  }

  /// Sets the object unless one is set already; returns the one set.
  func setIfEmpty(_ object: Object) -> Object {
    let stored = Unmanaged.passRetained(object)
    let (exchanged, existing) = slot.compareExchange(
      expected: nil, desired: stored, ordering: .acquiringAndReleasing)
    guard !exchanged, let existing else { return object }
    stored.release()
    return existing.takeUnretainedValue()
  }

  deinit {
    slot.load(ordering: .acquiring)?.release()
  }
}
