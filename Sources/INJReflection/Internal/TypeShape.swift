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
    let kind = RuntimeRecord(metadataOf: type).kind
    return kind == MetadataKind.existential || kind == MetadataKind.extendedExistential
  }

  /// The shape of `type`.
  static func of(_ type: Any.Type) -> TypeShape {
    let metadata = RuntimeRecord(metadataOf: type)
    return switch metadata.kind {
    case MetadataKind.class: (type as? AnyClass).map { .classType($0) } ?? .other
    case MetadataKind.struct, MetadataKind.enum, MetadataKind.optional: nominal(type, metadata)
    case MetadataKind.tuple: .tuple(tupleElements(metadata))
    case MetadataKind.function: .function
    case MetadataKind.existential: .existential(ExistentialRequirements(existential: type))
    case MetadataKind.extendedExistential: .existential(nil)
    case MetadataKind.metatype, MetadataKind.existentialMetatype: .metatype
    default: .other
    }
  }

  /// A struct or an enum: one of the standard library's types whose casts convert,
  /// told by its descriptor, or any other.
  private static func nominal(_ type: Any.Type, _ metadata: RuntimeRecord) -> TypeShape {
    guard let descriptor = RuntimeRecord.descriptor(of: type) else { return .other }
    return switch descriptor {
    case RuntimeRecord.descriptor(of: Int?.self): .optional(metadata.type(atWord: 2))
    case RuntimeRecord.descriptor(of: [Int].self): .array(metadata.type(atWord: 2))
    case RuntimeRecord.descriptor(of: Set<Int>.self): .set(metadata.type(atWord: 2))
    case RuntimeRecord.descriptor(of: [Int: Int].self):
      .dictionary(key: metadata.type(atWord: 2), value: metadata.type(atWord: 3))
    case RuntimeRecord.descriptor(of: AnyHashable.self): .anyHashable
    default: .value
    }
  }

  /// A tuple's elements, from its metadata.
  private static func tupleElements(_ metadata: RuntimeRecord) -> [TupleElement] {
    let labels = metadata.record(atWord: 2).map {
      $0.string.split(separator: " ", omittingEmptySubsequences: false)
    }
    return (0..<Int(metadata.word(1))).map { index in
      let label = labels.flatMap {
        index < $0.count && !$0[index].isEmpty ? String($0[index]) : nil
      }
      return TupleElement(label: label, type: metadata.type(atWord: 3 + 2 * index))
    }
  }
}
