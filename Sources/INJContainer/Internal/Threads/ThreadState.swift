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
  /// The actor (other than the main actor) the thread runs right now, set only by
  /// ``withRunningActor(_:_:)`` while an async resolution has hopped to that actor and
  /// resolves synchronously there, without suspending: creators isolated to it may
  /// run.
  var runningActor: ObjectIdentifier?
  /// The module being installed on this thread, and the container it is installed in
  /// (see `Container.install(_:fileID:line:)`): the
  /// registrations it makes there are attributed to it, and are overrides when a test
  /// container overrides the module.
  var installing: (container: ObjectIdentifier, module: String, asOverride: Bool)?
  /// The arguments of the provider closures being called on this thread, innermost
  /// last, each with the token of the provider it is for (see ``ArgumentRecipe``).
  var arguments: [(token: ObjectIdentifier, value: Any)] = []
  /// Whether this is the process's main thread: asked of the OS once per thread
  /// (a thread stays what it is), since the question costs two system calls on Linux.
  let isMainThread = MainActorCheck.isMainThreadAskingTheSystem

  /// Runs `body`, which must not suspend, with ``runningActor`` set to `actor`; the
  /// caller is isolated to `actor`.
  static func withRunningActor<Result>(
    _ actor: isolated any Actor, _ body: () -> Result
  ) -> Result {
    let state = current
    let outer = state.pointee.runningActor
    state.pointee.runningActor = ObjectIdentifier(actor)
    defer { state.pointee.runningActor = outer }
    return body()
  }

  /// This thread's state, made on first use and freed when the thread ends.
  @inline(__always)
  static var current: UnsafeMutablePointer<ThreadState> {
    if let raw = pthread_getspecific(key) {
      return raw.assumingMemoryBound(to: ThreadState.self)
    }
    return make()
  }

  /// The resolution in progress on this thread, if any, without making the state.
  static var resolutionInProgress: UnsafeMutablePointer<ResolutionState>? {
    pthread_getspecific(key)?.assumingMemoryBound(to: ThreadState.self).pointee.resolution
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
