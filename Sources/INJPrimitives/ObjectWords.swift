public import CINJAtomics

/// Atomic words kept inside an object instead of in heap memory of their own: the
/// first stored properties of a class without a superclass, which live as long as the
/// object and never move, at no allocation of their own.
///
/// A class that keeps its atomics this way declares them first, as `Int`s with their
/// first values (`private var words = (0, 0)` or single `Int`s), and reads them only
/// through ``word(_:of:)``.
///
/// Invariant: the class has no superclass and declares the words before any other
/// stored property, so they start where the runtime places an instance's stored
/// properties (`_getUnsafePointerToStoredProperties`), one `Int` each, in order, as
/// words of the C target's layout (`inj_atomic_word` is an `intptr_t`). Swift writes
/// them only while initialising the object, before it can be shared, and never reads
/// them; from then on they are used only through ``AtomicWord``, at an index below
/// the number the class declares, while the object lives. `AtomicTests` checks the
/// placement against the runtime's field offsets for every class that uses it.
@usableFromInline
package enum ObjectWords {}

// swift-format-ignore: NoAccessLevelOnExtensionDeclaration
package extension ObjectWords {
  /// The word at `index` among the first stored properties of `object`.
  @inlinable
  @inline(__always)
  static func word(_ index: Int, of object: AnyObject) -> AtomicWord {
    let start = _getUnsafePointerToStoredProperties(object)
    return AtomicWord(
      at: (start + index * MemoryLayout<inj_atomic_word>.stride).assumingMemoryBound(
        to: inj_atomic_word.self))
  }
}
