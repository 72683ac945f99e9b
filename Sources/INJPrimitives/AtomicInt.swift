import CINJAtomics

/// An integer that threads read and change atomically, kept in a word of its own on
/// the heap.
///
/// Invariant: `init` allocates the word and gives it its first value before the
/// integer can reach another thread; the word never moves, is used only through its
/// ``AtomicWord`` view, and is freed by `deinit`, which runs once no thread can reach
/// the integer (it is noncopyable: it has exactly one owner). `AtomicTests` counts and
/// claims with it from many threads under ThreadSanitizer.
@usableFromInline
package struct AtomicInt: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: every access to the word is atomic.
  @usableFromInline package let word: AtomicWord

  deinit {
    inj_atomic_words_destroy(word.address)
  }
}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension AtomicInt {
  /// An integer holding `value`.
  @inlinable
  init(_ value: Int) {
    word = AtomicWord(at: AtomicWord.allocate(count: 1, value: value))
  }

  /// The integer's value.
  @inlinable
  @inline(__always)
  func load(ordering: AtomicLoadOrdering) -> Int {
    word.load(ordering: ordering)
  }

  /// Sets the integer's value.
  @inlinable
  @inline(__always)
  func store(_ value: Int, ordering: AtomicStoreOrdering) {
    word.store(value, ordering: ordering)
  }

  /// Adds `operand` (wrapping around on overflow), relaxed; returns the value before.
  @inlinable
  @inline(__always)
  func wrappingAddRelaxed(_ operand: Int) -> Int {
    word.wrappingAddRelaxed(operand)
  }

  /// Sets the value to `desired` if it is `expected`; returns whether it did, and the
  /// value it found.
  @inlinable
  @inline(__always)
  func compareExchange(
    expected: Int, desired: Int, ordering: AtomicUpdateOrdering
  ) -> (exchanged: Bool, original: Int) {
    word.compareExchange(expected: expected, desired: desired, ordering: ordering)
  }
}
