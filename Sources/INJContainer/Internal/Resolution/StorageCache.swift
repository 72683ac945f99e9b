/// Emptied dependency storage of finished creations, kept per thread for the next
/// creations of the same providers: most resolutions then allocate nothing but
/// their products.
///
/// Each entry serves the providers whose identity falls on it; a storage is reused
/// only by a provider it ``ResolvedValues/Storage/fits(_:)``, so a collision costs an
/// allocation, never a wrong value. Each thread owns one cache (in its
/// ``ThreadState``); its entries live in memory it allocates and frees itself.
struct StorageCache: ~Copyable {
  /// The number of storages a thread keeps: a power of two.
  static let entryCount = 32

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
    let entry = entries + Self.index(of: provider)
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
    entries[Self.index(of: provider)] = consume storage
  }

  /// The entry for a provider: bits of its address above the allocator's alignment.
  @inline(__always)
  private static func index(of provider: Provider) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(provider)) >> 4)
      & (entryCount - 1)
  }
}
