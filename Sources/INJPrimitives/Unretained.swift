/// A reference that does not keep its object alive, and whose object is read without
/// reference counting.
///
/// Threads resolving at once read the same containers, name slots, registrations and
/// providers. If every read retained and released them, every thread would write their
/// reference counts, and those writes would cost more than the rest of a warm resolution.
/// The atomics hand out references of this type, since a word holds no reference count.
///
/// Invariant: the object outlives every read of the reference. Whoever makes one from an
/// object says, next to that, what keeps the object alive for as long as the reference
/// is used: a container keeps its parent, and the name slots, registrations and providers
/// its registry made, until it is freed. `UnretainedTests` checks that reading borrows
/// and that identity compares addresses, under AddressSanitizer in CI.
@frozen
@usableFromInline
package struct Unretained<Object: AnyObject> {
  /// The reference, for the atomics that store it as a word.
  @usableFromInline package let unmanaged: Unmanaged<Object>

  /// A reference to `object`, which something else keeps alive.
  @inlinable
  @inline(__always)
  package init(_ object: Object) {
    unmanaged = .passUnretained(object)
  }

  /// The reference held by an atomic word.
  @inlinable
  @inline(__always)
  package init(_ unmanaged: Unmanaged<Object>) {
    self.unmanaged = unmanaged
  }

  /// Runs `body` with the object borrowed: no reference counting.
  @inlinable
  @inline(__always)
  package func read<Result, Failure: Error>(
    _ body: (Object) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    do {
      return try unmanaged._withUnsafeGuaranteedRef(body)
    } catch let error as Failure {
      throw error
    } catch {
      // `body` throws only `Failure`, and `_withUnsafeGuaranteedRef` only rethrows.
      preconditionFailure("unreachable: \(error)")
    }
  }

  /// The object, retained: for paths where the cost does not matter.
  @inlinable
  package var retained: Object { unmanaged.takeUnretainedValue() }

  /// Whether this is a reference to `object`: compares addresses, with no reference
  /// counting.
  @inlinable
  @inline(__always)
  package func refers(to object: Object) -> Bool {
    unmanaged.toOpaque() == Unmanaged.passUnretained(object).toOpaque()
  }
}
