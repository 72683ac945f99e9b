// Public: the inlinable accessors of `Inject` read a box's state through `AtomicWord`,
// so code inlined into other modules calls the C functions. Nothing of the C module is
// re-exported.
public import CINJAtomics

/// One word at a fixed address that threads read and change atomically: an integer,
/// or a reference to an object that it does not retain. The operations of every
/// atomic of the package; who owns the word is the owner's business (``AtomicWords``
/// owns heap words, ``ObjectWords`` lends words inside an object).
///
/// Invariant: the word stays at `address` and holds a value from before it was shared
/// for as long as any thread uses this view; from then on it is read and written only
/// through the C target's atomic functions, each naming its memory ordering. A
/// reference is held as the object's address (zero for nil); whoever stores one keeps
/// the object alive for as long as any thread may load it. `AtomicTests` counts,
/// publishes and claims through words from many threads under ThreadSanitizer.
@usableFromInline
package struct AtomicWord: @unchecked Sendable {
  // Sendable by the invariant above: every access to the word is atomic.
  @usableFromInline let address: UnsafeMutablePointer<inj_atomic_word>

  /// The word's bits for `reference`: the object's address, or zero for nil.
  @inlinable
  @inline(__always)
  static func bits<Object: AnyObject>(of reference: Unretained<Object>?) -> Int {
    Int(bitPattern: reference?.unmanaged.toOpaque())
  }

  /// The reference whose bits are `bits`.
  @inlinable
  @inline(__always)
  static func reference<Object: AnyObject>(from bits: Int) -> Unretained<Object>? {
    UnsafeRawPointer(bitPattern: bits).map { Unretained(.fromOpaque($0)) }
  }
}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension AtomicWord {
  /// The word at `address`, which must stay valid while the view is used.
  @inlinable
  @inline(__always)
  init(at address: UnsafeMutablePointer<inj_atomic_word>) {
    self.address = address
  }

  /// The word as an integer.
  @inlinable
  @inline(__always)
  func load(ordering: AtomicLoadOrdering) -> Int {
    let order = if case .relaxed = ordering { memory_order_relaxed } else { memory_order_acquire }
    return inj_atomic_word_load(address, order)
  }

  /// Sets the word to an integer.
  @inlinable
  @inline(__always)
  func store(_ value: Int, ordering: AtomicStoreOrdering) {
    let order = if case .relaxed = ordering { memory_order_relaxed } else { memory_order_release }
    inj_atomic_word_store(address, value, order)
  }

  /// Adds `operand` (wrapping around on overflow), relaxed; returns the value before.
  @inlinable
  @inline(__always)
  func wrappingAddRelaxed(_ operand: Int) -> Int {
    inj_atomic_word_fetch_add_relaxed(address, operand)
  }

  /// Sets the word to `desired` if it holds `expected`; returns whether it did, and the
  /// value it found.
  @inlinable
  @inline(__always)
  func compareExchange(
    expected: Int, desired: Int, ordering: AtomicUpdateOrdering
  ) -> (exchanged: Bool, original: Int) {
    var found = expected
    let order = if case .acquiring = ordering { memory_order_acquire } else { memory_order_acq_rel }
    let exchanged = inj_atomic_word_compare_exchange(address, &found, desired, order)
    return (exchanged, found)
  }

  /// The word as a reference.
  @inlinable
  @inline(__always)
  func loadReference<Object: AnyObject>(
    ordering: AtomicLoadOrdering, as type: Object.Type = Object.self
  ) -> Unretained<Object>? {
    Self.reference(from: load(ordering: ordering))
  }

  /// Sets the word to a reference, unretained.
  @inlinable
  @inline(__always)
  func storeReference<Object: AnyObject>(
    _ reference: Unretained<Object>?, ordering: AtomicStoreOrdering
  ) {
    store(Self.bits(of: reference), ordering: ordering)
  }

  /// Sets the word to `desired` if it holds `expected`; returns whether it did, and
  /// the reference it found.
  @inlinable
  @inline(__always)
  func compareExchangeReference<Object: AnyObject>(
    expected: Unretained<Object>?, desired: Unretained<Object>?, ordering: AtomicUpdateOrdering
  ) -> (exchanged: Bool, original: Unretained<Object>?) {
    let (exchanged, found) = compareExchange(
      expected: Self.bits(of: expected), desired: Self.bits(of: desired), ordering: ordering)
    return (exchanged, Self.reference(from: found))
  }
}
