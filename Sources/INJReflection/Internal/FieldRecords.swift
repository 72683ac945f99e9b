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
/// (``RuntimeFields/fieldCount(of:)``), is not read: the answer is nil, and
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
        slots.append(FieldSlot(name: propertyName(ofStorageAt: name), offset: offset))
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
  static func typedInjectSlots(of type: AnyClass) -> [(slot: FieldSlot, valueType: Any.Type)]? {
    var current: AnyClass? = type
    while let level = current {
      let isGeneric: UInt32 = 0x80
      guard let descriptor = TypeDescriptor.of(level),
        descriptor.loadUnaligned(as: UInt32.self) & isGeneric == 0
      else { return nil }
      current = _getSuperclass(level)
    }
    var slots: [(slot: FieldSlot, valueType: Any.Type)] = []
    let complete = visitFields(of: type) { name, offset, isInjectStorage, typeName in
      guard isInjectStorage else { return true }
      guard let valueType = StorageType.valueType(ofInject: typeName) else { return false }
      slots.append((FieldSlot(name: propertyName(ofStorageAt: name), offset: offset), valueType))
      return true
    }
    return complete ? slots : nil
  }

  /// `service` for the storage named `_service` (a C string in the records, of at
  /// least two characters).
  private static func propertyName(ofStorageAt name: UnsafeRawPointer) -> String {
    String(cString: (name + 1).assumingMemoryBound(to: CChar.self))
  }

  /// One class of a hierarchy, as its records describe it.
  private struct Level {
    let metadata: UnsafeRawPointer
    let fieldDescriptor: UnsafeRawPointer
    let count: Int
    let vectorOffset: Int
  }

  /// Calls `body` with the name (a C string in the records), the offset, whether it
  /// is `@Inject` storage, and the mangled type name of each stored field of `type`
  /// and its superclasses, base class first, while `body` returns true. Returns
  /// whether every field was handed over: false when `body` stopped, or when the
  /// records cannot be read or cannot tell (see the type's invariant), and then the
  /// caller drops what it collected.
  static func visitFields(
    of type: AnyClass, _ body: (UnsafeRawPointer, Int, Bool, UnsafeRawPointer) -> Bool
  ) -> Bool {
    var levels: [Level] = []
    levels.reserveCapacity(4)
    var total = 0
    var current: AnyClass? = type
    while let level = current {
      guard let read = Self.level(level) else { return false }
      levels.append(read)
      total += read.count
      current = _getSuperclass(level)
    }
    guard total == RuntimeFields.fieldCount(of: type) else { return false }
    let wordSize = MemoryLayout<UInt>.size
    for level in levels.reversed() {
      for index in 0..<level.count {
        // A record: 32-bit flags, then relative pointers to the mangled type name and
        // to the field's name.
        let record = level.fieldDescriptor + 16 + index * 12
        let name = target(ofRelativePointerAt: record + 8)
        let typeName = target(ofRelativePointerAt: record + 4)
        let isInjectStorage: Bool
        switch storageType(named: name, typeName: typeName) {
        case .inject: isInjectStorage = true
        case .other: isInjectStorage = false
        case .unknown: return false
        }
        let offset = level.metadata.load(
          fromByteOffset: (level.vectorOffset + index) * wordSize, as: UInt.self)
        guard body(name, Int(offset), isInjectStorage, typeName) else { return false }
      }
    }
    return true
  }

  /// Whether a field is `@Inject` storage: named `_property` (at least two characters)
  /// and of type `Inject<Value>`; `.other` for a field named otherwise.
  private static func storageType(
    named name: UnsafeRawPointer, typeName: UnsafeRawPointer
  ) -> StorageType {
    guard name.load(as: UInt8.self) == UInt8(ascii: "_"),
      name.load(fromByteOffset: 1, as: UInt8.self) != 0
    else { return .other }
    return StorageType(mangledName: typeName)
  }

  /// One class's own stored fields, without its superclasses'; nil when its records
  /// cannot be read.
  private static func level(_ type: AnyClass) -> Level? {
    guard let descriptor = TypeDescriptor.of(type) else { return nil }
    let flags = descriptor.loadUnaligned(as: UInt32.self)
    let classKind: UInt32 = 16
    // Bit 13 of the kind-specific flags (the upper 16): the class has a resilient
    // superclass.
    let hasResilientSuperclass: UInt32 = 1 << (16 + 13)
    guard flags & 0x1F == classKind, flags & hasResilientSuperclass == 0 else { return nil }
    let fieldsField = descriptor + 16
    let fieldsOffset = Int(fieldsField.loadUnaligned(as: Int32.self))
    guard fieldsOffset != 0 else { return nil }
    let fieldDescriptor = fieldsField + fieldsOffset
    let recordSize = Int(fieldDescriptor.loadUnaligned(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fieldDescriptor.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
    let declaredCount = Int(descriptor.loadUnaligned(fromByteOffset: 36, as: UInt32.self))
    let vectorOffset = Int(descriptor.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
    guard recordSize == 12, count == declaredCount, count == 0 || vectorOffset != 0 else {
      return nil
    }
    return Level(
      metadata: TypeDescriptor.metadata(of: type), fieldDescriptor: fieldDescriptor,
      count: count, vectorOffset: vectorOffset)
  }

  /// The address a 32-bit relative pointer at `field` points to.
  fileprivate static func target(ofRelativePointerAt field: UnsafeRawPointer) -> UnsafeRawPointer {
    field + Int(field.loadUnaligned(as: Int32.self))
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

  init(mangledName name: UnsafeRawPointer) {
    let first = name.load(as: UInt8.self)
    switch first {
    case 1, 2:
      let reference = FieldRecords.target(ofRelativePointerAt: name + 1)
      guard first == 1 || Self.readsIndirectReferences else {
        self = .unknown
        return
      }
      let descriptor =
        first == 1 ? reference : reference.load(as: UnsafeRawPointer?.self)
      guard let descriptor, descriptor == Self.injectDescriptor else {
        self = .other
        return
      }
      self =
        name.load(fromByteOffset: 5, as: UInt8.self) == UInt8(ascii: "y")
          && Self.scan(name).last == UInt8(ascii: "G") ? .inject : .other
    case UInt8(ascii: "S"):
      let second = name.load(fromByteOffset: 1, as: UInt8.self)
      let isLetter =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(second)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(second)
      self = isLetter ? .other : .unknown
    default:
      self = .unknown
    }
  }

  /// Whether an indirect reference's slot holds a plain pointer: everywhere but where
  /// pointers are signed.
  private static var readsIndirectReferences: Bool {
    #if _ptrauth(_arm64e)
    false
    #else
    true
    #endif
  }

  /// `Inject`'s type descriptor, shared by all its specializations.
  private static var injectDescriptor: UnsafeRawPointer? {
    TypeDescriptor.of(Inject<Int>.self)
  }

  /// The type `Value` of the `Inject<Value>` whose mangled name is `name` (one that
  /// ``init(mangledName:)`` finds ``inject``): the whole name resolved by the runtime,
  /// then its argument read from the metadata (``InjectFieldType``). Nil when the
  /// runtime cannot resolve it.
  ///
  /// The argument's part of the name cannot be resolved alone: the reference to
  /// `Inject` before it counts as the name's first substitution, which the argument's
  /// own back-references (`AA`, `AB`…) count from.
  static func valueType(ofInject name: UnsafeRawPointer) -> Any.Type? {
    let (length, _) = scan(name)
    guard
      let type = _getTypeByMangledNameInContext(
        name.assumingMemoryBound(to: UInt8.self), UInt(length),
        genericContext: nil, genericArguments: nil)
    else { return nil }
    return InjectFieldType.valueType(of: type)
  }

  /// The length of a mangled name, without its terminating zero, and its last
  /// character that is not part of a symbolic reference (0 when it ends with one).
  private static func scan(_ name: UnsafeRawPointer) -> (length: Int, last: UInt8) {
    var position = 0
    var last: UInt8 = 0
    while true {
      let byte = name.load(fromByteOffset: position, as: UInt8.self)
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
