/// An address inside a record that the compiler or the Swift runtime wrote: a type's
/// metadata, a nominal type descriptor, a conformance or field record, a mangled name.
/// The readers of the runtime's records (``TypeShape``, ``ExistentialRequirements``,
/// ``ClosureType``, ``ConformanceRecord``, ``FieldRecords``, ``InjectFieldType``) read
/// memory through it alone.
///
/// Invariant: a record is made only from a metatype value (the address of the type's
/// metadata), from a pointer or a relative pointer another record holds, or from an
/// address the runtime hands out (an image's sections, a field's name); a reader reads
/// only fields of the layout `swift/ABI/Metadata.h` gives the record, once what it read
/// before (the metadata kind, a descriptor's flags, a section's bounds) says the record
/// has that layout. Records are written before a pointer to them exists and never
/// change, so the reads need no lock. Fields of 32 bits or less are read unaligned, as
/// the records pack them; a word is read at a word's alignment. A relative pointer is a
/// 32-bit offset from its own address; an indirect one reaches a slot that holds the
/// record's address, which may be signed where pointers are (arm64e): a reader follows
/// one to dereference it only where ``holdsPlainPointers``. `RuntimeRecordTests` checks
/// each read on records built to be read; `TypeShapeTests`, `ClosureTypeTests`,
/// `ConformanceIndexTests`, `FieldRecordsTests` and `InjectFieldTypeTests` check each
/// reader against what the compiler says.
struct RuntimeRecord: Equatable {
  /// Where the record starts.
  let address: UnsafeRawPointer

  /// The record at `address`.
  init(_ address: UnsafeRawPointer) {
    self.address = address
  }

  /// The metadata of `type`: what a metatype value is.
  init(metadataOf type: Any.Type) {
    address = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// The size of a word: a pointer, or a metadata field of pointer size.
  static let wordSize = MemoryLayout<UInt>.size

  /// Whether an indirect reference's slot holds a plain pointer: everywhere but where
  /// pointers are signed (arm64e), where only the runtime can authenticate them.
  static var holdsPlainPointers: Bool {
    #if _ptrauth(_arm64e)
    false
    #else
    true
    #endif
  }

  /// The nominal type descriptor of `type`: the record the compiler writes once for a
  /// struct, enum or class, shared by every specialization of a generic one; nil for a
  /// type without one (a function, a tuple, an existential).
  static func descriptor(of type: Any.Type) -> RuntimeRecord? {
    typeContextDescriptor(RuntimeRecord(metadataOf: type).address).map(RuntimeRecord.init)
  }

  /// The kind of the metadata this record is (``MetadataKind``), any class reported as a
  /// class.
  var kind: UInt32 {
    metadataKind(address)
  }

  /// The record `bytes` further on.
  func advanced(by bytes: Int) -> RuntimeRecord {
    RuntimeRecord(address + bytes)
  }

  /// The word at `index`, counted in words.
  func word(_ index: Int) -> UInt {
    address.load(fromByteOffset: index * Self.wordSize, as: UInt.self)
  }

  /// The type whose metadata the word at `index` points to.
  func type(atWord index: Int) -> Any.Type {
    address.load(fromByteOffset: index * Self.wordSize, as: Any.Type.self)
  }

  /// The record the word at `index` points to; nil for a null pointer.
  func record(atWord index: Int) -> RuntimeRecord? {
    UnsafeRawPointer(bitPattern: word(index)).map(RuntimeRecord.init)
  }

  /// The 32-bit field `offset` bytes in.
  func uint32(at offset: Int) -> UInt32 {
    address.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
  }

  /// The 16-bit field `offset` bytes in.
  func uint16(at offset: Int) -> UInt16 {
    address.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
  }

  /// The byte `offset` bytes in.
  func byte(at offset: Int) -> UInt8 {
    address.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// The record the 32-bit relative pointer `offset` bytes in refers to; nil for a null
  /// one. An indirect pointer refers to a slot, whose address it is: `indirect` says it
  /// is one, or, nil, that its low bit does (and is not part of the offset).
  func referent(at offset: Int, indirect: Bool? = false) -> RuntimeRecord? {
    let relative = Int(address.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    guard relative != 0 else { return nil }
    let target = advanced(by: offset + (indirect == nil ? relative & ~1 : relative))
    return indirect ?? (relative & 1 != 0) ? target.record(atWord: 0) : target
  }

  /// The record as the zero-terminated string it is (a name).
  var string: String {
    String(cString: address.assumingMemoryBound(to: CChar.self))
  }
}

/// The metadata kinds the readers tell apart (`swift/ABI/MetadataKind.def`).
enum MetadataKind {
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

// Exported C functions of the Swift runtime (`swift/Runtime/Metadata.h`): the kind of a
// type's metadata, and its nominal type descriptor. Each takes a pointer and returns a
// 32-bit integer or a pointer, passed the same way by the C and the Swift calling
// conventions.

@_silgen_name("swift_getMetadataKind")
private func metadataKind(_ metadata: UnsafeRawPointer) -> UInt32

@_silgen_name("swift_getTypeContextDescriptor")
private func typeContextDescriptor(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer?
