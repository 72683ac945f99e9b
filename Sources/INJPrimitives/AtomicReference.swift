import CINJAtomics

/// A reference to an object, or nil, that threads read and change atomically, kept in
/// a word of its own on the heap. It does not retain the object.
///
/// Invariant: as for ``AtomicInt``, the word is allocated and given its first value
/// by `init` before the reference can reach another thread, never moves, is used only
/// through its ``AtomicWord`` view, and is freed by `deinit` once no thread can reach
/// it. Whoever stores a reference keeps the object alive for as long as any thread may
/// load it (each owner says how, next to its use). `AtomicTests` publishes objects
/// through it from many threads under ThreadSanitizer.
@usableFromInline
package struct AtomicReference<Object: AnyObject>: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: every access to the word is atomic, and the
  // objects are shared as their owners decided they may be.
  @usableFromInline package let word: AtomicWord

  deinit {
    inj_atomic_words_destroy(word.address)
  }
}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension AtomicReference {
  /// A reference holding `initial`.
  @inlinable
  init(_ initial: Unretained<Object>? = nil) {
    word = AtomicWord(at: AtomicWord.allocate(count: 1, value: AtomicWord.bits(of: initial)))
  }

  /// The reference held.
  @inlinable
  @inline(__always)
  func load(ordering: AtomicLoadOrdering) -> Unretained<Object>? {
    word.loadReference(ordering: ordering)
  }

  /// Holds `reference` from now on.
  @inlinable
  @inline(__always)
  func store(_ reference: Unretained<Object>?, ordering: AtomicStoreOrdering) {
    word.storeReference(reference, ordering: ordering)
  }

  /// Holds `desired` if it holds `expected`; returns whether it did, and the
  /// reference it found.
  @inlinable
  @inline(__always)
  func compareExchange(
    expected: Unretained<Object>?, desired: Unretained<Object>?, ordering: AtomicUpdateOrdering
  ) -> (exchanged: Bool, original: Unretained<Object>?) {
    word.compareExchangeReference(expected: expected, desired: desired, ordering: ordering)
  }
}
