/// The hashes of the names a thread looked up recently, so that resolving a name
/// again skips hashing it (the standard library's hash of a string costs more than
/// the rest of resolving an existing singleton).
///
/// An entry is keyed by the bits of the `String` value itself. For a string stored
/// inline (up to 15 UTF-8 bytes on 64-bit platforms) equal bits mean equal
/// contents, so the remembered hash is the name's hash. For a string with heap
/// storage the bits include the storage's address, which a later string may reuse:
/// the remembered hash is then only a guess. That is why a lookup by a remembered
/// hash that finds nothing is repeated with the real hash (see
/// `Container.resolve(_:)`). A wrong hash can cause a miss but never a wrong match:
/// the name table compares whole names.
///
/// Each thread owns one table (in its ``ThreadState``); its entries live in memory
/// it allocates and frees itself.
struct NameHashes: ~Copyable {
  struct Entry {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var hash = 0
    var isSet = false
  }

  /// Entries per thread: a power of two.
  static let entryCount = 64

  /// Whether the bits of a `String` can key an entry: two 64-bit words.
  static let canRemember = MemoryLayout<String>.size == 16

  private let entries: UnsafeMutablePointer<Entry>

  init() {
    entries = .allocate(capacity: Self.entryCount)
    entries.initialize(repeating: Entry(), count: Self.entryCount)
  }

  deinit {
    entries.deallocate()
  }

  /// The hash of `name`: remembered on this thread, or computed and remembered.
  /// Possibly stale for a string with heap storage (see the type's summary).
  @inline(__always)
  static func rememberedHash(of name: String) -> Int {
    ThreadState.current.pointee.nameHashes.hash(of: name)
  }

  /// Remembers `hash` as the hash of `name` on this thread.
  static func remember(_ hash: Int, for name: String) {
    ThreadState.current.pointee.nameHashes.remember(hash, for: name)
  }

  @inline(__always)
  private func hash(of name: String) -> Int {
    guard Self.canRemember else { return name.hashValue }
    let bits = Self.bits(of: name)
    let entry = entries + Self.index(of: bits)
    if entry.pointee.isSet, entry.pointee.low == bits.0, entry.pointee.high == bits.1 {
      return entry.pointee.hash
    }
    let hash = name.hashValue
    entry.pointee = Entry(low: bits.0, high: bits.1, hash: hash, isSet: true)
    return hash
  }

  private func remember(_ hash: Int, for name: String) {
    guard Self.canRemember else { return }
    let bits = Self.bits(of: name)
    entries[Self.index(of: bits)] = Entry(low: bits.0, high: bits.1, hash: hash, isSet: true)
  }

  /// The two words of a `String` value. Reading them copies them and takes no
  /// ownership of the string's storage.
  @inline(__always)
  private static func bits(of name: String) -> (UInt64, UInt64) {
    unsafeBitCast(name, to: (UInt64, UInt64).self)
  }

  @inline(__always)
  private static func index(of bits: (UInt64, UInt64)) -> Int {
    let mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> 58) & (entryCount - 1)
  }
}
