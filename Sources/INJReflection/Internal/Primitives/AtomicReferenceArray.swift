// A package import: the words are the C module's type, and the inlinable methods,
// inlined into the package's modules that use them, call its functions.
package import CINJAtomics

/// A fixed number of references to objects, or nils, each of which threads read and
/// change atomically, kept in words of their own on the heap. It does not retain
/// the objects.
///
/// Invariant: as for ``AtomicReference``, for each of its words: `init` allocates all
/// of them at once and sets each to nil before the array can reach another thread;
/// they never move, are read and written only through the C target's atomic
/// functions, and are freed by `deinit` once no thread can reach the array. An index
/// is checked against the count in debug builds; the callers keep it in range.
/// `AtomicTests` publishes objects through it from many threads under
/// ThreadSanitizer.
package struct AtomicReferenceArray<Object: AnyObject>: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: every access to a word is atomic, and the
  // objects are shared as their owners decided they may be.
  @usableFromInline let words: UnsafeMutablePointer<inj_atomic_word>
  /// How many references the array holds.
  package let count: Int

  /// An array of `count` nil references.
  @inlinable
  package init(count: Int) {
    precondition(count > 0, "an atomic array holds at least one reference")
    self.count = count
    words = .allocate(capacity: count)
    for index in 0..<count {
      inj_atomic_word_init(words + index, 0)
    }
  }

  deinit {
    words.deallocate()
  }

  /// The reference at `index`.
  @inlinable
  @inline(__always)
  package func load(at index: Int, ordering: AtomicLoadOrdering) -> Unmanaged<Object>? {
    assert(index >= 0 && index < count, "an index within the array")
    let bits =
      switch ordering {
      case .relaxed: inj_atomic_word_load_relaxed(words + index)
      case .acquiring: inj_atomic_word_load_acquire(words + index)
      }
    return AtomicReferenceBits.reference(from: bits)
  }

  /// Holds `reference` at `index` from now on.
  @inlinable
  @inline(__always)
  package func store(
    _ reference: Unmanaged<Object>?, at index: Int, ordering: AtomicStoreOrdering
  ) {
    assert(index >= 0 && index < count, "an index within the array")
    let bits = AtomicReferenceBits.bits(of: reference)
    switch ordering {
    case .relaxed: inj_atomic_word_store_relaxed(words + index, bits)
    case .releasing: inj_atomic_word_store_release(words + index, bits)
    }
  }
}
