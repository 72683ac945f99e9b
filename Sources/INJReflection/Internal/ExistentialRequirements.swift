#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a value must be to be cast to an existential type: a class (`AnyObject`), a
/// subclass of a class (`any Base & P`), and a conformance to each of its protocols,
/// read from the existential's metadata.
///
/// Whether a type conforms is asked of the runtime's `swift_conformsToProtocol`,
/// which finds a conformance wherever it may be used: a conformance isolated to a
/// global actor (`extension Model: @MainActor Titled`) is found on every thread. The
/// runtime's cast (`as?`) asks the same and then fails off the conformance's actor,
/// so its answer depends on the thread that asks; this one does not. Whether a found
/// conformance holds everywhere is told by its descriptor's flags.
///
/// Invariant: an existential's metadata is its kind, 32-bit flags, the number of
/// protocols, then a superclass when the flags say so, then a reference to each
/// protocol's descriptor (`TargetExistentialTypeMetadata` in `swift/ABI/Metadata.h`);
/// it is read only for metadata of the existential kind. A reference whose low bit
/// is set names an Objective-C protocol, which has no Swift descriptor: such an
/// existential is not read. A witness table starts with the address of its
/// conformance descriptor (``ConformanceRecord``), whose flags are trusted only once
/// it names the protocol that was asked about.
struct ExistentialRequirements {
  /// The class every value must be an instance of, or of a subclass of.
  let superclass: AnyClass?
  /// Whether every value must be a class instance.
  let isClassBound: Bool
  /// The descriptors of the protocols every value must conform to.
  let protocols: [RuntimeRecord]

  /// How a type conforms to the protocols.
  enum Conformance: Equatable {
    /// The type lacks a conformance to one of the protocols.
    case none
    /// The type conforms to each, unconditionally and on every thread.
    case everywhere
    /// The type conforms to each, but a conformance has conditions the check does not
    /// follow, or is isolated to a global actor: a cast succeeds only where it holds.
    case somewhere
  }

  /// The requirements of `existential`'s values; nil when it is not an existential or
  /// names an Objective-C protocol.
  init?(existential: Any.Type) {
    let metadata = RuntimeRecord(metadataOf: existential)
    guard metadata.kind == MetadataKind.existential else { return nil }
    let flags = metadata.uint32(at: RuntimeRecord.wordSize)
    let count = Int(metadata.uint32(at: RuntimeRecord.wordSize + 4))
    let notClassBound: UInt32 = 0x8000_0000
    let hasSuperclass: UInt32 = 0x4000_0000
    // The words after the number of protocols.
    var words = metadata.advanced(by: RuntimeRecord.wordSize + 8)
    superclass = flags & hasSuperclass != 0 ? words.type(atWord: 0) as? AnyClass : nil
    if flags & hasSuperclass != 0 {
      // A superclass that is not a class: a layout the reading does not know.
      guard superclass != nil else { return nil }
      words = words.advanced(by: RuntimeRecord.wordSize)
    }
    var protocols: [RuntimeRecord] = []
    for index in 0..<count {
      guard words.word(index) & 1 == 0, let descriptor = words.record(atWord: index) else {
        return nil
      }
      protocols.append(descriptor)
    }
    self.protocols = protocols
    isClassBound = flags & notClassBound == 0
  }

  /// The requirements of `AnyHashable`'s values: a conformance to `Hashable`.
  static var hashable: ExistentialRequirements {
    // `any Hashable` is an existential of one Swift protocol: always readable.
    ExistentialRequirements(existential: (any Hashable).self)!
  }

  /// Whether the requirements are `AnyObject`'s alone: every value can be cast to it
  /// (a class instance as it is, any other value boxed).
  var isAnyObject: Bool {
    isClassBound && superclass == nil && protocols.isEmpty
  }

  /// How `type` conforms to every protocol of the requirements (the class constraints
  /// aside).
  func conformance(of type: Any.Type) -> Conformance {
    var result = Conformance.everywhere
    for descriptor in protocols {
      guard let lookup = ConformanceLookup.find else { return .somewhere }
      let metadata = RuntimeRecord(metadataOf: type)
      guard let table = lookup(metadata.address, descriptor.address) else { return .none }
      // The conformance holds without conditions and outside any isolation.
      let conformance = RuntimeRecord(table).record(atWord: 0).map(ConformanceRecord.init)
      if conformance?.protocolDescriptor != descriptor
        || conformance?.hasConditionsOrIsolation != false
      {
        result = .somewhere
      }
    }
    return result
  }
}

/// The runtime's `swift_conformsToProtocol` (`swift/Runtime/Metadata.h`), the C
/// function the compiler calls for `type is any P.Type`: the witness table of a
/// type's conformance to a protocol, or nil, found whatever the current isolation.
///
/// The compiler reserves the name (it declares the function itself), so it is found
/// by name in the running program once, as the dynamic loader would: the function is
/// exported by the Swift runtime on every platform since its first stable release.
/// Invariant: the address found under that name is that C function, called only with
/// a type's metadata and a Swift protocol's descriptor. When the program does not
/// export it (a runtime linked in statically without its symbols), ``find`` is nil
/// and no conformance is told before a product exists.
private enum ConformanceLookup {
  typealias Function = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer?

  static let find: Function? = {
    guard let program = dlopen(nil, RTLD_NOW),
      let address = dlsym(program, "swift_conformsToProtocol")
    else { return nil }
    return unsafeBitCast(address, to: Function.self)
  }()
}
