import INJPrimitives
import INJReflection

extension ResolvedValues {
  /// The resolved dependencies of one creation, in the order the provider lists
  /// them: what a ``ResolvedValues`` wraps.
  ///
  /// The resolver fills it while it holds the only reference, hands it to the
  /// creator inside a `ResolvedValues`, and afterwards keeps it for the provider's
  /// next creation on the same thread (see ``StorageCache``) unless the creator
  /// kept a copy of its values; such a copy then owns the storage, which is never
  /// written again. Keeping it saves an allocation and, because the names and the
  /// values share one object, a reference count per creation.
  @usableFromInline
  final class Storage {
    @usableFromInline let names: [String]
    @usableFromInline let providerName: String
    /// Room for one value per name; the first `count` are initialized, all of them
    /// while a creator runs.
    @usableFromInline let items: UnsafeMutablePointer<Resolved>
    // Written only by the resolver while it holds the only reference, so the
    // run-time exclusivity check would only cost time.
    @exclusivity(unchecked) private(set) var count = 0

    init(names: [String], providerName: String) {
      self.names = names
      self.providerName = providerName
      // Storage for no values allocates nothing: every provider without dependencies
      // has one (see `Provider.valuesWithoutDependencies`).
      items = names.isEmpty ? Self.noItems : .allocate(capacity: names.count)
    }

    deinit {
      items.deinitialize(count: count)
      if items != Self.noItems {
        items.deallocate()
      }
    }

    /// Where storage for no values points: never read, written or freed, only
    /// compared, so sharing it between threads is safe.
    nonisolated(unsafe) private static let noItems = UnsafeMutablePointer<Resolved>.allocate(
      capacity: 1)

    /// Adds the value of the next dependency.
    @inline(__always)
    func append(_ value: consuming Resolved) {
      (items + count).initialize(to: value)
      count += 1
    }

    /// Releases the values, keeping the room for the next creation.
    @inline(__always)
    func removeAll() {
      items.deinitialize(count: count)
      count = 0
    }

    /// Whether the storage holds `provider`'s names, so that it can serve its
    /// creations. Compares the names' storage, which this object keeps alive (so no
    /// other array can have it), not their contents.
    @inline(__always)
    func fits(_ provider: Provider) -> Bool {
      names.withUnsafeBufferPointer { $0.baseAddress }
        == provider.dependencies.withUnsafeBufferPointer { $0.baseAddress }
        && names.count == provider.dependencies.count
        && providerName == provider.name
    }
  }
}

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
  private static let nextEntry = AtomicWords()

  /// The entry of a provider being made: the next in turn.
  static func entryForNewProvider() -> Int {
    nextEntry[0].wrappingAddRelaxed(1) & (entryCount - 1)
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
