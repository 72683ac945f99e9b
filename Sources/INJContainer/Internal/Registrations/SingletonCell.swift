import INJReflection
import Synchronization

/// The product of a singleton: stored once, then read by any thread without a lock.
///
/// Invariant: `box` changes once, from nil to a retained ``Box``, by the one thread
/// that claimed the creation (see ``Claims``), and then stays until the cell goes,
/// when `deinit` releases it. A reader that loads the box (acquiring) sees its value
/// fully made (the store is releasing), and since the cell keeps the box alive for
/// its own lifetime, the value can be read borrowed, without retaining the box,
/// while the cell lives. The concurrency tests read singletons on
/// many threads while they are created, under ThreadSanitizer, as does
/// `SingletonCellTests`.
struct SingletonCell: ~Copyable, @unchecked Sendable {
  // Sendable by the invariant above: `box` is an `Atomic`, and the box it points at
  // is never written after it is published. The product inside is shared as the
  // registering code decided it may be.
  private let box = Atomic<Unmanaged<Box>?>(nil)

  /// A product kept by a singleton.
  private final class Box {
    let value: Resolved
    init(_ value: Resolved) { self.value = value }
  }

  /// The product, once stored.
  @inline(__always)
  var value: Resolved? {
    guard let box = box.load(ordering: .acquiring) else { return nil }
    return box._withUnsafeGuaranteedRef { $0.value }
  }

  /// Stores the product. Call once, from the thread that claimed the creation.
  func store(_ value: Resolved) {
    let stored = box.compareExchange(
      expected: nil, desired: Unmanaged.passRetained(Box(value)), ordering: .releasing)
    precondition(stored.exchanged, "a singleton's product is stored once")
  }

  deinit {
    box.load(ordering: .acquiring)?.release()
  }
}

/// The product of a weak singleton, held weakly: shared while something else holds
/// it, made again after it goes.
///
/// Loading and storing a weak reference are not atomic, so the reference is read and
/// written only with its lock held.
struct WeakSingletonCell: Sendable {
  private let reference = Locked(WeakReference())

  // Guarded by the `Locked` that holds it; the object itself is shared as any
  // product is.
  private struct WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
  }

  /// The product, if something still holds it.
  var value: Resolved? {
    reference.withLock { $0.object }.map { Resolved(object: $0) }
  }

  /// Keeps `object` weakly.
  func store(_ object: AnyObject) {
    reference.withLock { $0.object = object }
  }
}
