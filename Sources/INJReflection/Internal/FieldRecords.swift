/// The stored fields of a class and its superclasses, as the compiler recorded
/// them, read without resolving any field's type.
///
/// The standard library's field walk (`_forEachField`) resolves every field's type
/// from its mangled name before it hands the field over: about 5,000 instructions
/// each on a type's first use, more for a generic type whose arguments must conform
/// to a protocol. The records tell the names, the offsets, and whether a field is
/// an `@Inject` property's storage, without any of that.
///
/// Invariant: every read stays within records the compiler wrote, in the layouts of
/// `swift/ABI/Metadata.h` and `swift/RemoteInspection/Records.h`:
/// - `TargetClassDescriptor`: 32-bit flags, parent, name, access function, then the
///   relative pointer to the field descriptor (at 16); the superclass, the metadata
///   bounds, the number of immediate members, the number of fields (at 36) and the
///   offset of the field offset vector in the metadata, in words (at 40).
/// - `FieldDescriptor`: mangled type name, superclass, kind, record size, field
///   count (at 12), then the records: 32-bit flags, mangled type name, field name.
/// - The class's metadata holds one word per field at the field offset vector, the
///   field's offset in an instance, set before any instance exists.
///
/// A class whose descriptor is not a class's, that has a resilient superclass
/// (its field offset vector is then placed at run time), whose field descriptor is
/// missing or has records of another size or another count than the descriptor's,
/// or whose field count differs from the runtime's own count
/// (``storedFieldCount(_:)``), is not read: the answer is nil, and
/// the caller walks the fields instead. So is one with a field named like a
/// wrapper's storage whose type the name cannot settle (``StorageType``).
///
/// The records are the same on every platform: the compiler writes them in the same
/// layout into ELF sections (`swift5_fieldmd`, `swift5_typeref`) and Mach-O ones
/// (`__swift5_fieldmd`, `__swift5_typeref`), and they are reached from the class's
/// descriptor by relative pointers, never by looking a section up. On Apple platforms
/// a class whose superclass is an Objective-C class (`UIViewController`) has no Swift
/// descriptor above its own, so its fields are walked instead.
enum FieldRecords {
  /// The `@Inject` properties of `type` and its superclasses, base class first, by
  /// property name (the storage's name without its underscore); nil when the
  /// records cannot tell (see the type's invariant).
  static func injectSlots(of type: AnyClass) -> [FieldSlot]? {
    var slots: [FieldSlot] = []
    slots.reserveCapacity(4)
    let complete = visitFields(of: type) { name, offset, isInjectStorage, _ in
      if isInjectStorage {
        slots.append(FieldSlot(storage: name, offset: offset))
      }
      return true
    }
    return complete ? slots : nil
  }

  /// The `@Inject` properties of `type` and its superclasses as ``injectSlots(of:)``
  /// lists them, each with the type it holds, resolved from the field's mangled type
  /// name alone (no other field's type is resolved); nil when the records cannot
  /// tell, or when `type` or a superclass is generic (its properties' types may name
  /// its parameters).
  static func typedInjectSlots(of type: AnyClass) -> [TypedSlot]? {
    var slots: [TypedSlot] = []
    let complete = visitFields(of: type, ifNotGeneric: true) {
      name, offset, isInjectStorage, typeName in
      guard isInjectStorage else { return true }
      guard let valueType = StorageType.valueType(ofInject: typeName) else { return false }
      slots.append((FieldSlot(storage: name, offset: offset), valueType))
      return true
    }
    return complete ? slots : nil
  }

  /// One class of a hierarchy, as its records describe it.
  private struct Level {
    let metadata: RuntimeRecord
    let fieldDescriptor: RuntimeRecord
    let count: Int
    let vectorOffset: Int
  }

  /// Calls `body` with the name, the offset, whether it is `@Inject` storage, and the
  /// mangled type name of each stored field of `type` and its superclasses, base class
  /// first, while `body` returns true. Returns whether every field was handed over:
  /// false when `body` stopped, or when the records cannot be read or cannot tell (see
  /// the type's invariant) or, `ifNotGeneric`, when `type` or a superclass is generic,
  /// and then the caller drops what it collected.
  static func visitFields(
    of type: AnyClass, ifNotGeneric: Bool = false,
    _ body: (RuntimeRecord, Int, Bool, RuntimeRecord) -> Bool
  ) -> Bool {
    var levels: [Level] = []
    levels.reserveCapacity(4)
    var total = 0
    var current: AnyClass? = type
    while let level = current {
      guard let read = Self.level(level, ifNotGeneric: ifNotGeneric) else { return false }
      levels.append(read)
      total += read.count
      current = _getSuperclass(level)
    }
    guard total == storedFieldCount(type) else { return false }
    for level in levels.reversed() {
      for index in 0..<level.count {
        // A record: 32-bit flags, then relative pointers to the mangled type name and
        // to the field's name.
        let record = level.fieldDescriptor.advanced(by: 16 + index * 12)
        guard let name = record.referent(at: 8), let typeName = record.referent(at: 4)
        else { return false }
        let storage = FieldSlot.isStorageName(name) ? StorageType(mangledName: typeName) : .other
        let offset = Int(level.metadata.word(level.vectorOffset + index))
        guard storage != .unknown, body(name, offset, storage == .inject, typeName) else {
          return false
        }
      }
    }
    return true
  }

  /// One class's own stored fields, without its superclasses'; nil when its records
  /// cannot be read, or, `ifNotGeneric`, when it is generic.
  private static func level(_ type: AnyClass, ifNotGeneric: Bool) -> Level? {
    guard let descriptor = RuntimeRecord.descriptor(of: type) else { return nil }
    let flags = descriptor.uint32(at: 0)
    let classKind: UInt32 = 16
    let isGeneric: UInt32 = 0x80
    // Bit 13 of the kind-specific flags (the upper 16): the class has a resilient
    // superclass.
    let hasResilientSuperclass: UInt32 = 1 << (16 + 13)
    guard flags & 0x1F == classKind, flags & hasResilientSuperclass == 0,
      !ifNotGeneric || flags & isGeneric == 0,
      let fieldDescriptor = descriptor.referent(at: 16)
    else { return nil }
    let recordSize = Int(fieldDescriptor.uint16(at: 10))
    let count = Int(fieldDescriptor.uint32(at: 12))
    let declaredCount = Int(descriptor.uint32(at: 36))
    let vectorOffset = Int(descriptor.uint32(at: 40))
    guard recordSize == 12, count == declaredCount, count == 0 || vectorOffset != 0 else {
      return nil
    }
    return Level(
      metadata: RuntimeRecord(metadataOf: type), fieldDescriptor: fieldDescriptor,
      count: count, vectorOffset: vectorOffset)
  }
}

/// What a field's mangled type name tells about it being an `@Inject` property's
/// storage, read without resolving the type.
///
/// A mangled type is written in postfix: a bound generic type is its nominal type,
/// `y`, its arguments, then `G` (`Inject<Int>` is `‹Inject›ySiG`), and a type built
/// around another one adds its mark after it (`Inject<Int>?` is `‹Inject›ySiGSg`, a
/// function returning one ends in `c`, a tuple in `t`). So the name of `Inject<Value>`
/// starts with a reference to `Inject`'s descriptor followed by `y` and ends with the
/// `G` that closes it; any other type either ends otherwise or starts with another
/// type. The compiler writes a nominal type of another module, or of its own, as a
/// symbolic reference: a byte 1 (direct) or 2 (indirect) then a 32-bit offset to the
/// descriptor or to a pointer to it. A name that starts with `S` and a letter
/// starts with a standard-library type (`SS`, `Si`, `Sa`, `SD`…) or a type of the C
/// or Objective-C modules (`So`, `SC`), which is not `Inject`. Every other start (a
/// generic parameter, whose type varies with the instance, or a name the compiler
/// spelled out) is ``unknown``.
///
/// Invariant: the bytes are read only up to the name's terminating zero, skipping
/// the 4 or 8 bytes that follow a symbolic reference's kind byte (1–23, then 24–31),
/// which may hold zeros, as the runtime does (`makeSymbolicMangledNameStringRef`).
/// Where pointers are signed (arm64e), an indirect reference's slot may hold a signed
/// pointer that only the runtime can authenticate, so it is ``unknown`` there.
enum StorageType {
  case inject
  case other
  case unknown

  init(mangledName name: RuntimeRecord) {
    let first = name.byte(at: 0)
    switch first {
    case 2 where !RuntimeRecord.holdsPlainPointers:
      self = .unknown
    case 1, 2:
      let descriptor = name.referent(at: 1, indirect: first == 2)
      let isInject =
        descriptor != nil && descriptor == InjectFieldType.descriptor
        && name.byte(at: 5) == UInt8(ascii: "y") && Self.scan(name).last == UInt8(ascii: "G")
      self = isInject ? .inject : .other
    case UInt8(ascii: "S"):
      let second = name.byte(at: 1)
      let isLetter =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(second)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(second)
      self = isLetter ? .other : .unknown
    default:
      self = .unknown
    }
  }

  /// The type `Value` of the `Inject<Value>` whose mangled name is `name` (one that
  /// ``init(mangledName:)`` finds ``inject``): the whole name resolved by the runtime,
  /// then its argument read from the metadata (``InjectFieldType``). Nil when the
  /// runtime cannot resolve it.
  ///
  /// The argument's part of the name cannot be resolved alone: the reference to
  /// `Inject` before it counts as the name's first substitution, which the argument's
  /// own back-references (`AA`, `AB`…) count from.
  static func valueType(ofInject name: RuntimeRecord) -> Any.Type? {
    guard
      let type = _getTypeByMangledNameInContext(
        name.address.assumingMemoryBound(to: UInt8.self), UInt(scan(name).length),
        genericContext: nil, genericArguments: nil)
    else { return nil }
    return InjectFieldType.valueType(of: type)
  }

  /// The length of a mangled name, without its terminating zero, and its last
  /// character that is not part of a symbolic reference (0 when it ends with one).
  private static func scan(_ name: RuntimeRecord) -> (length: Int, last: UInt8) {
    var position = 0
    var last: UInt8 = 0
    while true {
      let byte = name.byte(at: position)
      switch byte {
      case 0:
        return (position, last)
      case 1...0x17:
        position += 5
        last = 0
      case 0x18...0x1F:
        position += 9
        last = 0
      default:
        position += 1
        last = byte
      }
    }
  }
}
