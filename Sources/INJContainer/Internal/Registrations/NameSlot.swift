import INJPrimitives
import INJReflection

/// One name known to a container: registered, or only depended on so far.
///
/// Created once per name and never removed, so a provider's dependency list is
/// compiled into slots at registration and resolution follows pointers instead of
/// hashing names.
///
/// Its two atomic words, the registration in effect and the provider-closure slot,
/// are its first stored properties, inside the slot (``ObjectWords``).
final class NameSlot: @unchecked Sendable {
  // Sendable by construction: the two words are read and written only atomically,
  // through `current` and `closure`; every other stored property is a `let` of a
  // Sendable type.
  /// The words' first values (nil, nil); used only through `current` and `closure`.
  private var words = (0, 0)

  let name: String
  let hash: Int
  /// The slot's index in its container, in order of first mention.
  let id: Int32
  /// Whether the name is empty or only white space.
  let isBlank: Bool
  /// `foo` for the provider-closure name `fooProvider`; nil for other names. Worked
  /// out once here: registering asks for it several times.
  let baseName: String?

  init(name: String, hash: Int, id: Int32) {
    self.name = name
    self.hash = hash
    self.id = id
    isBlank = name.isBlank
    baseName = Container.baseName(ofProviderClosure: name)
  }

  /// The registration that resolving this name uses now, if any. The container
  /// keeps every registration alive for its own lifetime, so the pointer stays
  /// valid while the container lives.
  @inline(__always)
  private var current: AtomicWord { ObjectWords.word(0, of: self) }

  /// The slot of this name's provider-closure name (`fooProvider` for `foo`), once
  /// both exist. The name table keeps every slot alive as long as itself, so the
  /// pointer stays valid while the container lives.
  @inline(__always)
  private var closure: AtomicWord { ObjectWords.word(1, of: self) }

  /// The registration in effect, without retaining it.
  @inline(__always)
  var registration: Unretained<Registration>? {
    current.loadReference(ordering: .acquiring)
  }

  /// The slot of this name's provider-closure name, if that name is known: found
  /// without building the name.
  var closureSlot: NameSlot? {
    closure.loadReference(ordering: .acquiring, as: NameSlot.self)?.retained
  }

  /// Links the slot of this name's provider-closure name. Call with the container's
  /// registry lock held.
  func setClosureSlot(_ slot: NameSlot) {
    closure.storeReference(Unretained(slot), ordering: .releasing)
  }

  /// Puts `registration` in effect. Call with the container's registry lock held;
  /// the container must keep `registration` alive.
  func setRegistration(_ registration: Registration?) {
    current.storeReference(registration.map { Unretained($0) }, ordering: .releasing)
  }
}
