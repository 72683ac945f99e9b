// A package import: the words are the C module's type, and the inlinable methods,
// inlined into the package's modules that use them, call its functions.
package import CINJAtomics

/// A reference to an object, or nil, that threads read and change atomically, kept in
/// a word of its own on the heap. It does not retain the object.
///
/// Invariant: as for ``AtomicInt``, the word is allocated and given its first value
/// by `init` before the reference can reach another thread, never moves, is read and
/// written only through the C target's atomic functions, and is freed by `deinit`
/// once no thread can reach it. The word holds the object's address, or zero for nil;
/// whoever stores a reference keeps the object alive for as long as any thread may
/// load it (each owner says how, next to its use). `AtomicTests` publishes objects
/// through it from many threads under ThreadSanitizer.
package struct AtomicReference<Object: AnyObject>: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: every access to the word is atomic, and the
  // objects are shared as their owners decided they may be.
  @usableFromInline let word: UnsafeMutablePointer<inj_atomic_word>

  /// A reference holding `initial`.
  @inlinable
  package init(_ initial: Unmanaged<Object>? = nil) {
    word = .allocate(capacity: 1)
    inj_atomic_word_init(word, AtomicReferenceBits.bits(of: initial))
  }

  deinit {
    word.deallocate()
  }

  /// The reference held.
  @inlinable
  @inline(__always)
  package func load(ordering: AtomicLoadOrdering) -> Unmanaged<Object>? {
    let bits =
      switch ordering {
      case .relaxed: inj_atomic_word_load_relaxed(word)
      case .acquiring: inj_atomic_word_load_acquire(word)
      }
    return AtomicReferenceBits.reference(from: bits)
  }

  /// Holds `reference` from now on.
  @inlinable
  @inline(__always)
  package func store(_ reference: Unmanaged<Object>?, ordering: AtomicStoreOrdering) {
    let bits = AtomicReferenceBits.bits(of: reference)
    switch ordering {
    case .relaxed: inj_atomic_word_store_relaxed(word, bits)
    case .releasing: inj_atomic_word_store_release(word, bits)
    }
  }

  /// Holds `desired` if it holds `expected`; returns whether it did, and the
  /// reference it found.
  @inlinable
  @inline(__always)
  package func compareExchange(
    expected: Unmanaged<Object>?, desired: Unmanaged<Object>?, ordering: AtomicUpdateOrdering
  ) -> (exchanged: Bool, original: Unmanaged<Object>?) {
    var found = AtomicReferenceBits.bits(of: expected)
    let bits = AtomicReferenceBits.bits(of: desired)
    let exchanged =
      switch ordering {
      case .acquiring: inj_atomic_word_compare_exchange_acquire(word, &found, bits)
      case .acquiringAndReleasing: inj_atomic_word_compare_exchange_acq_rel(word, &found, bits)
      }
    return (exchanged, AtomicReferenceBits.reference(from: found))
  }
}

/// How an atomic word holds a reference: the object's address, or zero for nil.
@usableFromInline
enum AtomicReferenceBits {
  /// The word's bits for `reference`.
  @inlinable
  @inline(__always)
  static func bits<Object: AnyObject>(of reference: Unmanaged<Object>?) -> Int {
    Int(bitPattern: reference?.toOpaque())
  }

  /// The reference whose bits are `bits`.
  @inlinable
  @inline(__always)
  static func reference<Object: AnyObject>(from bits: Int) -> Unmanaged<Object>? {
    UnsafeRawPointer(bitPattern: bits).map { Unmanaged.fromOpaque($0) }
  }
}
