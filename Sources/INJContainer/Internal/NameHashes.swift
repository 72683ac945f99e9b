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
enum NameHashes {
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

  /// The hash of `name`: remembered on this thread, or computed and remembered.
  /// Possibly stale for a string with heap storage (see the type's summary).
  @inline(__always)
  static func rememberedHash(of name: String) -> Int {
    guard let entry = entry(for: name) else { return name.hashValue }
    let bits = unsafeBitCast(name, to: (UInt64, UInt64).self)
    if entry.pointee.isSet, entry.pointee.low == bits.0, entry.pointee.high == bits.1 {
      return entry.pointee.hash
    }
    let hash = name.hashValue
    remember(hash, for: name)
    return hash
  }

  /// Remembers `hash` as the hash of `name` on this thread.
  static func remember(_ hash: Int, for name: String) {
    guard let entry = entry(for: name) else { return }
    let bits = unsafeBitCast(name, to: (UInt64, UInt64).self)
    entry.pointee = Entry(low: bits.0, high: bits.1, hash: hash, isSet: true)
  }

  /// This thread's entry for the bits of `name`, or nil where the bits of a
  /// `String` are not two 64-bit words.
  @inline(__always)
  private static func entry(for name: String) -> UnsafeMutablePointer<Entry>? {
    guard canRemember else { return nil }
    // Reading the bits copies them and takes no ownership of the storage.
    let bits = unsafeBitCast(name, to: (UInt64, UInt64).self)
    let mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    let index = Int(truncatingIfNeeded: mixed >> 58) & (entryCount - 1)
    return CurrentResolution.cell.pointee.nameHashes + index
  }
}
