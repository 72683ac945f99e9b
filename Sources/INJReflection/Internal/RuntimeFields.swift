// The runtime's `_FieldReflectionMetadata`, with the layout the runtime fills in.
internal import SwiftShims

/// The stored fields of a type as the Swift runtime lists them: the walk behind
/// `Mirror` and the standard library's `_forEachField`, which resolves every field's
/// type.
///
/// `_forEachField` is a standard-library SPI that Apple's SDKs leave out of their
/// interfaces, so the walk calls the runtime functions it is built on, exported by
/// the runtime on every platform since Swift 5.2 (iOS 13.4, macOS 10.15.4), the same
/// way the standard library declares them (`ReflectionMirror.swift`): Swift calling
/// convention, a metatype, an index, and a `_FieldReflectionMetadata` that the runtime
/// fills with the field's name and the function that frees it.
///
/// Invariant: an index is read only below the count the runtime gave for the same
/// type; the name is used only before its free function runs. A class's fields
/// include its Swift superclasses' (base class first), as `_forEachField` lists
/// them. `FieldRecordsTests` compares the walk with the field records on every
/// kind of class they read.
enum RuntimeFields {
  /// Calls `body` with the name (a C string), the offset and the type of each stored
  /// field of `type`, superclass fields first, while `body` returns true. Returns
  /// whether every field was handed over: false when `body` stopped, or when the
  /// program was built without field names (`-disable-reflection-names`), so the
  /// fields cannot tell.
  static func forEach(
    of type: Any.Type, _ body: (RuntimeRecord, Int, Any.Type) -> Bool
  ) -> Bool {
    for index in 0..<storedFieldCount(type) {
      var field = _FieldReflectionMetadata()
      let fieldType = recursiveChildMetadata(type, index: index, fieldMetadata: &field)
      defer { field.freeFunc?(field.name) }
      guard let name = field.name,
        body(RuntimeRecord(name), recursiveChildOffset(type, index: index), fieldType)
      else { return false }
    }
    return true
  }
}

// Exported functions of the Swift runtime's reflection (`ReflectionMirror.cpp`),
// declared with the Swift calling convention, as the standard library declares them.

/// How many stored fields `type` has, its Swift superclasses' included.
@_silgen_name("swift_reflectionMirror_recursiveCount")
func storedFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func recursiveChildMetadata(
  _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func recursiveChildOffset(_ type: Any.Type, index: Int) -> Int
