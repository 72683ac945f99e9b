/// What a type is made of, as far as a dynamic cast cares: the shape ``CastCheck``
/// decides by, read from the type's metadata without a value and without asking the
/// runtime for a conformance.
///
/// Invariant: every read follows the layout of `swift/ABI/Metadata.h` for the kind
/// the runtime reports (`swift_getMetadataKind`), and reads past a metadata header
/// only for that kind:
/// - a tuple's metadata is its kind, the number of elements, a pointer to the labels
///   (nil for a tuple without labels; otherwise each element's label followed by a
///   space, an unlabelled element being the space alone), then per element its type
///   and its offset, two words each (`TargetTupleTypeMetadata`);
/// - a struct's or an enum's metadata is its kind, its descriptor, then its generic
///   arguments (`TargetStructMetadata`, `TargetEnumMetadata`), read only once the
///   descriptor is `Optional`'s, `Array`'s, `Set`'s or `Dictionary`'s, whose generic
///   arguments are types.
///
/// Metadata is written once by the compiler or the runtime and never changes, so the
/// reads need no lock. `TypeShapeTests` checks each reading against the types the
/// compiler names.
enum TypeShape {
  /// `Optional<Wrapped>`.
  case optional(Any.Type)
  /// `Array<Element>`.
  case array(Any.Type)
  /// `Set<Element>`.
  case set(Any.Type)
  /// `Dictionary<Key, Value>`.
  case dictionary(key: Any.Type, value: Any.Type)
  /// `AnyHashable`: a struct whose casts look inside it, at the value it holds.
  case anyHashable
  /// A tuple's elements, in order.
  case tuple([TupleElement])
  /// An existential (`Any`, `AnyObject`, `any P`, `any P & Q`, `any C & P`), with what
  /// its values must be; nil requirements for one whose requirements cannot be read
  /// (a protocol with primary associated types, an Objective-C protocol).
  case existential(ExistentialRequirements?)
  /// A class.
  case classType(AnyClass)
  /// A function type.
  case function
  /// A metatype (`T.Type`) or an existential metatype (`any P.Type`).
  case metatype
  /// Any other struct or enum.
  case value
  /// A kind the check does not know (a foreign class, a builtin type, a fixed-size
  /// array).
  case other

  /// One element of a tuple type.
  struct TupleElement {
    /// The element's label; nil for an unlabelled element.
    let label: String?
    /// The element's type.
    let type: Any.Type
  }

  /// Whether `type` is an existential (`Any`, `any P`, `any P & Q`, a constrained
  /// existential): one read of its metadata kind.
  static func isExistential(_ type: Any.Type) -> Bool {
    let kind = metadataKind(TypeDescriptor.metadata(of: type))
    return kind == Kind.existential || kind == Kind.extendedExistential
  }

  /// The shape of `type`.
  static func of(_ type: Any.Type) -> TypeShape {
    let metadata = TypeDescriptor.metadata(of: type)
    switch metadataKind(metadata) {
    case Kind.class:
      guard let classType = type as? AnyClass else { return .other }
      return .classType(classType)
    case Kind.struct, Kind.enum, Kind.optional:
      return nominal(type, metadata)
    case Kind.tuple:
      return .tuple(tupleElements(metadata))
    case Kind.function:
      return .function
    case Kind.existential:
      return .existential(ExistentialRequirements(existential: type))
    case Kind.extendedExistential:
      return .existential(nil)
    case Kind.metatype, Kind.existentialMetatype:
      return .metatype
    default:
      return .other
    }
  }

  /// The metadata kinds the shape tells apart (`swift/ABI/MetadataKind.def`).
  private enum Kind {
    static let `class`: UInt32 = 0
    static let `struct`: UInt32 = 0x200
    static let `enum`: UInt32 = 0x201
    static let optional: UInt32 = 0x202
    static let tuple: UInt32 = 0x301
    static let function: UInt32 = 0x302
    static let existential: UInt32 = 0x303
    static let metatype: UInt32 = 0x304
    static let existentialMetatype: UInt32 = 0x306
    static let extendedExistential: UInt32 = 0x307
  }

  /// A struct or an enum: one of the standard library's types whose casts convert,
  /// or any other.
  private static func nominal(_ type: Any.Type, _ metadata: UnsafeRawPointer) -> TypeShape {
    guard let descriptor = TypeDescriptor.of(type) else { return .other }
    let word = MemoryLayout<UnsafeRawPointer>.size
    func argument(_ index: Int) -> Any.Type {
      let argument = metadata.load(
        fromByteOffset: (2 + index) * word, as: UnsafeRawPointer.self)
      return unsafeBitCast(argument, to: Any.Type.self)
    }
    switch descriptor {
    case Descriptors.optional: return .optional(argument(0))
    case Descriptors.array: return .array(argument(0))
    case Descriptors.set: return .set(argument(0))
    case Descriptors.dictionary: return .dictionary(key: argument(0), value: argument(1))
    case Descriptors.anyHashable: return .anyHashable
    default: return .value
    }
  }

  /// The descriptors of the standard library's types that casts convert.
  private enum Descriptors {
    static var optional: UnsafeRawPointer? { TypeDescriptor.of(Int?.self) }
    static var array: UnsafeRawPointer? { TypeDescriptor.of([Int].self) }
    static var set: UnsafeRawPointer? { TypeDescriptor.of(Set<Int>.self) }
    static var dictionary: UnsafeRawPointer? { TypeDescriptor.of([Int: Int].self) }
    static var anyHashable: UnsafeRawPointer? { TypeDescriptor.of(AnyHashable.self) }
  }

  /// A tuple's elements, from its metadata.
  private static func tupleElements(_ metadata: UnsafeRawPointer) -> [TupleElement] {
    let word = MemoryLayout<UnsafeRawPointer>.size
    let count = metadata.load(fromByteOffset: word, as: Int.self)
    let labels = metadata.load(fromByteOffset: 2 * word, as: UnsafePointer<CChar>?.self)
      .map { String(cString: $0).split(separator: " ", omittingEmptySubsequences: false) }
    return (0..<count).map { index in
      let type = metadata.load(fromByteOffset: (3 + 2 * index) * word, as: UnsafeRawPointer.self)
      let label = labels.flatMap {
        index < $0.count && !$0[index].isEmpty ? String($0[index]) : nil
      }
      return TupleElement(label: label, type: unsafeBitCast(type, to: Any.Type.self))
    }
  }
}

// An exported C function of the Swift runtime (`swift/Runtime/Metadata.h`): the kind
// of a type's metadata, a 32-bit enumeration, with any class reported as a class. It
// takes a pointer and returns a 32-bit integer, passed the same way by the C and the
// Swift calling conventions.
@_silgen_name("swift_getMetadataKind")
private func metadataKind(_ metadata: UnsafeRawPointer) -> UInt32
