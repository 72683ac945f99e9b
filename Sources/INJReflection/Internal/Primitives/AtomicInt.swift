// Public: the inlinable accessors of `Inject` read a box's state through `AtomicInt`,
// so code inlined into other modules calls the C functions. Nothing of the C module
// is re-exported.
public import CINJAtomics

/// An integer that threads read and change atomically, kept in a word of its own on
/// the heap.
///
/// Invariant: `init` allocates the word and gives it its first value before the
/// integer can reach another thread; the word never moves, is read and written only
/// through the C target's atomic functions (each names its memory ordering), and is
/// freed by `deinit`, which runs once no thread can reach the integer (it is
/// noncopyable: it has exactly one owner). `AtomicTests` counts, publishes and
/// claims with it from many threads under ThreadSanitizer.
@usableFromInline
package struct AtomicInt: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: every access to the word is atomic.
  @usableFromInline let word: UnsafeMutablePointer<inj_atomic_word>

  /// An integer holding `value`.
  @inlinable
  package init(_ value: Int) {
    word = .allocate(capacity: 1)
    inj_atomic_word_init(word, value)
  }

  deinit {
    word.deallocate()
  }

  /// The integer's value.
  @inlinable
  @inline(__always)
  package func load(ordering: AtomicLoadOrdering) -> Int {
    switch ordering {
    case .relaxed: inj_atomic_word_load_relaxed(word)
    case .acquiring: inj_atomic_word_load_acquire(word)
    }
  }

  /// Sets the integer's value.
  @inlinable
  @inline(__always)
  package func store(_ value: Int, ordering: AtomicStoreOrdering) {
    switch ordering {
    case .relaxed: inj_atomic_word_store_relaxed(word, value)
    case .releasing: inj_atomic_word_store_release(word, value)
    }
  }

  /// Adds `operand` (wrapping around on overflow), relaxed; returns the value before.
  @inlinable
  @inline(__always)
  package func wrappingAddRelaxed(_ operand: Int) -> Int {
    inj_atomic_word_fetch_add_relaxed(word, operand)
  }

  /// Sets the value to `desired` if it is `expected`; returns whether it did, and the
  /// value it found.
  @inlinable
  @inline(__always)
  package func compareExchange(
    expected: Int, desired: Int, ordering: AtomicUpdateOrdering
  ) -> (exchanged: Bool, original: Int) {
    var found = expected
    let exchanged =
      switch ordering {
      case .acquiring: inj_atomic_word_compare_exchange_acquire(word, &found, desired)
      case .acquiringAndReleasing: inj_atomic_word_compare_exchange_acq_rel(word, &found, desired)
      }
    return (exchanged, found)
  }
}
