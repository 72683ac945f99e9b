public import CINJAtomics

/// Words on the heap, each of which threads read and change atomically through its
/// ``AtomicWord``: an integer, or a reference to an object that it does not retain.
///
/// Invariant: `init` allocates every word at once and gives each its first value before
/// the words can reach another thread; they never move, are used only through their
/// ``AtomicWord`` views, at an index below `count` (checked in debug builds; the callers
/// keep it in range), and are freed by `deinit`, which runs once no thread can reach
/// them (the type is noncopyable: it has exactly one owner). Whoever stores a reference
/// keeps the object alive for as long as any thread may load it (each owner says how,
/// next to its use). `AtomicTests` counts, claims and publishes objects through them
/// from many threads under ThreadSanitizer.
@usableFromInline
package struct AtomicWords: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: every access to a word is atomic, and the objects
  // are shared as their owners decided they may be.
  @usableFromInline let start: UnsafeMutablePointer<inj_atomic_word>
  /// How many words there are.
  @usableFromInline let count: Int

  deinit {
    inj_atomic_words_destroy(start)
  }
}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension AtomicWords {
  /// `count` words, each holding `value` (nil, as a reference, when it is zero).
  @inlinable
  init(count: Int = 1, value: Int = 0) {
    precondition(count > 0, "atomic words are at least one")
    guard let start = inj_atomic_words_create(count, value) else {
      fatalError("out of memory for \(count) atomic words")
    }
    self.start = start
    self.count = count
  }

  /// The word at `index`.
  @inlinable
  @inline(__always)
  subscript(index: Int) -> AtomicWord {
    assert(index >= 0 && index < count, "an index within the words")
    return AtomicWord(at: start + index)
  }
}
