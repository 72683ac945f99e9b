/// The nominal type descriptor of a type: the record the compiler writes once for a
/// struct, enum or class, shared by every specialization of a generic one.
///
/// Comparing descriptors tells a type's kind (`Inject<Int>` and `Inject<String>` have
/// the same one) without asking the runtime for a conformance, which scans every
/// conformance record of the program the first time it meets a type.
enum TypeDescriptor {
  /// The descriptor of `type`, or nil for a type without one (a function, a tuple, an
  /// existential).
  static func of(_ type: Any.Type) -> UnsafeRawPointer? {
    typeContextDescriptor(metadata(of: type))
  }

  /// The address of a type's metadata: what a metatype value is.
  static func metadata(of type: Any.Type) -> UnsafeRawPointer {
    unsafeBitCast(type, to: UnsafeRawPointer.self)
  }
}

// An exported C function of the Swift runtime (`swift/Runtime/Metadata.h`). It takes
// and returns a pointer, passed the same way by the C and the Swift calling
// conventions.
@_silgen_name("swift_getTypeContextDescriptor")
private func typeContextDescriptor(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer?
