#if !canImport(Darwin)
/// The names of the stored fields of a class and its superclasses, as the compiler
/// recorded them, read without resolving any field's type.
///
/// The standard library's field walk (`_forEachField`) resolves every field's type
/// from its mangled name before it hands the field over, a few thousand
/// instructions each on a type's first use. Most classes of an app have no `@Inject`
/// property, and the names alone show it: `@Inject` storage is named `_property`.
///
/// Invariant: every read stays within records the compiler wrote, in the layouts of
/// `swift/ABI/Metadata.h` (`TargetClassDescriptor`: 32-bit flags, parent, name,
/// access function, then the relative pointer to the field descriptor) and
/// `swift/RemoteInspection/Records.h` (`FieldDescriptor`: mangled type name,
/// superclass, kind, record size, field count, then the records: flags, mangled
/// type name, field name). A class whose descriptor is not a class's, whose field
/// descriptor is missing or has records of another size, or whose field count
/// differs from the runtime's own count (`swift_reflectionMirror_recursiveCount`),
/// is not read: the answer is nil, and the caller walks the fields instead.
enum FieldRecords {
  /// The names of the stored fields of `type` and its superclasses, base class
  /// first; nil when the records cannot be read (see the type's invariant).
  static func fieldNames(of type: AnyClass) -> [String]? {
    var names: [String] = []
    var level: AnyClass? = type
    while let current = level {
      guard let own = ownFieldNames(of: current) else { return nil }
      names.insert(contentsOf: own, at: 0)
      level = _getSuperclass(current)
    }
    guard names.count == recursiveChildCount(type) else { return nil }
    return names
  }

  /// The names of one class's stored fields, without its superclasses'.
  private static func ownFieldNames(of type: AnyClass) -> [String]? {
    guard let descriptor = TypeDescriptor.of(type) else { return nil }
    let classKind: UInt32 = 16
    guard descriptor.loadUnaligned(as: UInt32.self) & 0x1F == classKind else { return nil }
    let fieldsField = descriptor + 16
    let fieldsOffset = Int(fieldsField.loadUnaligned(as: Int32.self))
    guard fieldsOffset != 0 else { return nil }
    let fieldDescriptor = fieldsField + fieldsOffset
    let recordSize = Int(fieldDescriptor.loadUnaligned(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fieldDescriptor.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
    guard recordSize == 12 else { return nil }
    return (0..<count).map { index in
      // A record: 32-bit flags, then relative pointers to the mangled type name and
      // to the field's name.
      let nameField = fieldDescriptor + 16 + index * recordSize + 8
      let name = nameField + Int(nameField.loadUnaligned(as: Int32.self))
      return String(cString: name.assumingMemoryBound(to: CChar.self))
    }
  }
}

// An exported function of the Swift runtime's reflection (`ReflectionMirror.cpp`),
// declared with the Swift calling convention, as the standard library declares it.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func recursiveChildCount(_ type: Any.Type) -> Int
#endif
