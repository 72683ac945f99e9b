public import CINJAtomics

/// A fixed number of references to objects, or nils, each of which threads read and
/// change atomically, kept in words of their own on the heap. It does not retain
/// the objects.
///
/// Invariant: as for ``AtomicReference``, for each of its words: `init` allocates all
/// of them at once and sets each to nil before the array can reach another thread;
/// they never move, are used only through their ``AtomicWord`` views, and are freed by
/// `deinit` once no thread can reach the array. An index is checked against the count
/// in debug builds; the callers keep it in range. `AtomicTests` publishes objects
/// through it from many threads under ThreadSanitizer.
@usableFromInline
package struct AtomicReferenceArray<Object: AnyObject>: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: every access to a word is atomic, and the
  // objects are shared as their owners decided they may be.
  @usableFromInline let words: UnsafeMutablePointer<inj_atomic_word>
  /// How many references the array holds.
  @usableFromInline package let count: Int

  deinit {
    inj_atomic_words_destroy(words)
  }
}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension AtomicReferenceArray {
  /// An array of `count` nil references.
  @inlinable
  init(count: Int) {
    precondition(count > 0, "an atomic array holds at least one reference")
    self.count = count
    words = AtomicWord.allocate(count: count, value: 0)
  }

  /// The reference at `index`.
  @inlinable
  @inline(__always)
  func load(at index: Int, ordering: AtomicLoadOrdering) -> Unretained<Object>? {
    assert(index >= 0 && index < count, "an index within the array")
    return AtomicWord(at: words + index).loadReference(ordering: ordering)
  }

  /// Holds `reference` at `index` from now on.
  @inlinable
  @inline(__always)
  func store(
    _ reference: Unretained<Object>?, at index: Int, ordering: AtomicStoreOrdering
  ) {
    assert(index >= 0 && index < count, "an index within the array")
    AtomicWord(at: words + index).storeReference(reference, ordering: ordering)
  }
}
