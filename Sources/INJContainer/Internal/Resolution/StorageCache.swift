import INJPrimitives
import INJReflection

/// Emptied dependency storage of finished creations, kept per thread for the next
/// creations of the same providers: most resolutions then allocate nothing but
/// their products.
///
/// Each provider is given an entry when it is made (``entryForNewProvider()``), in
/// turn, so that providers registered together, as the providers of one graph
/// usually are, do not share one. A storage is reused only by a provider it
/// ``ResolvedValues/Storage/fits(_:)``, so a shared entry costs an allocation, never a
/// wrong value. Each thread owns one cache (in its ``ThreadState``); its entries live
/// in memory it allocates and frees itself.
struct StorageCache: ~Copyable {
  /// The number of storages a thread keeps: a power of two.
  static let entryCount = 64

  /// The entry the next provider gets.
  private static let nextEntry = AtomicInt(0)

  /// The entry of a provider being made: the next in turn.
  static func entryForNewProvider() -> Int {
    nextEntry.wrappingAddRelaxed(1) & (entryCount - 1)
  }

  private let entries: UnsafeMutablePointer<ResolvedValues.Storage?>

  init() {
    entries = .allocate(capacity: Self.entryCount)
    entries.initialize(repeating: nil, count: Self.entryCount)
  }

  deinit {
    entries.deinitialize(count: Self.entryCount)
    entries.deallocate()
  }

  /// Empty storage for the values of `provider`'s dependencies: the one a finished
  /// creation of it left on this thread, or a new one.
  @inline(__always)
  func take(for provider: Provider) -> ResolvedValues.Storage {
    let entry = entries + provider.storageCacheEntry
    if let kept = entry.pointee.take(), kept.fits(provider) {
      return kept
    }
    return ResolvedValues.Storage(names: provider.dependencies, providerName: provider.name)
  }

  /// Keeps the storage of a finished creation of `provider` for a later one, unless
  /// the creator kept a copy of its values, which then owns it.
  @inline(__always)
  func keep(_ storage: consuming ResolvedValues.Storage, of provider: Provider) {
    guard isKnownUniquelyReferenced(&storage) else { return }
    storage.removeAll()
    entries[provider.storageCacheEntry] = consume storage
  }
}
