#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the resolver keeps per thread: the resolution in progress, so that a creator
/// calling back into a container continues it, and memory kept between resolutions
/// so that a resolution allocates little of its own.
///
/// One state per thread, found with one thread-specific read and changed in place,
/// so starting and ending a resolution costs no system call.
///
/// Invariant: a thread's state is made on its first use by that thread, reached only
/// by that thread (through `current`), and freed by the thread-specific key's
/// destructor when the thread ends. A pointer to it is therefore valid on its own
/// thread for as long as the thread runs; it is never handed to another thread.
struct ThreadState: ~Copyable {
  /// The resolution in progress on the thread, if any.
  var resolution: UnsafeMutablePointer<ResolutionState>?
  /// Frame storage kept between resolutions (see `ResolutionState.frames`).
  var spareFrames: ContiguousArray<ResolutionState.Frame> = []
  /// The hashes of names this thread looked up recently.
  var nameHashes = NameHashes()
  /// Emptied dependency storage of finished creations.
  var storageCache = StorageCache()
  /// The actor the thread runs right now, set only by `AsyncResolver` while
  /// an async resolution has hopped to that actor and resolves synchronously there,
  /// without suspending: creators isolated to it may run. (Where the main actor runs is
  /// told without it: see ``MainActorCheck``.)
  var runningActor: ObjectIdentifier?
  /// The module being installed on this thread, and the container it is installed in
  /// (see `Container.install(_:fileID:line:)`): the
  /// registrations it makes there are attributed to it, and get the module's default
  /// scope.
  var installing: (container: ObjectIdentifier, module: String, scope: ProviderOptions)?
  /// Whether this is the process's main thread: asked of the OS once per thread
  /// (a thread stays what it is), since the question costs two system calls on Linux.
  let isMainThread = MainActorCheck.isMainThreadAskingTheSystem

  /// This thread's state, made on first use and freed when the thread ends.
  @inline(__always)
  static var current: UnsafeMutablePointer<ThreadState> {
    if let raw = pthread_getspecific(key) {
      return raw.assumingMemoryBound(to: ThreadState.self)
    }
    return make()
  }

  /// Frees a thread's state when the thread ends.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    pthread_key_create(&key) { ThreadState.free($0) }
    #else
    pthread_key_create(&key) { $0.map(ThreadState.free) }
    #endif
    return key
  }()

  private static func make() -> UnsafeMutablePointer<ThreadState> {
    let state = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
    state.initialize(to: ThreadState())
    pthread_setspecific(key, state)
    return state
  }

  private static func free(_ pointer: UnsafeMutableRawPointer) {
    let state = pointer.assumingMemoryBound(to: ThreadState.self)
    state.deinitialize(count: 1)
    state.deallocate()
  }
}

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
  /// The two words of a name and its hash. An entry not used yet holds zeros: a name
  /// whose words were zeros would read the hash 0, a guess like any stale hash.
  struct Entry {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var hash = 0
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

  @inline(__always)
  private func hash(of name: String) -> Int {
    guard Self.canRemember else { return name.hashValue }
    let bits = Self.bits(of: name)
    let entry = entries + Self.index(of: bits)
    if entry.pointee.low == bits.0, entry.pointee.high == bits.1 {
      return entry.pointee.hash
    }
    let hash = name.hashValue
    entry.pointee = Entry(low: bits.0, high: bits.1, hash: hash)
    return hash
  }

  /// Remembers `hash` as the hash of `name` (a test makes a stale one with it).
  func remember(_ hash: Int, for name: String) {
    guard Self.canRemember else { return }
    let bits = Self.bits(of: name)
    entries[Self.index(of: bits)] = Entry(low: bits.0, high: bits.1, hash: hash)
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
