/// Recognizes the storage of an `@Inject` property among a type's fields, and the type
/// it holds, without asking the runtime for a conformance.
///
/// Asking the runtime whether a field's type conforms to a protocol of the wrapper
/// scans every conformance record of the program once for each new `Inject<Value>`:
/// about 15 µs each in a program that links Foundation. The field's type descriptor
/// tells the same in a few loads.
///
/// Invariant: the field type's metadata is read past its header only once its
/// descriptor is `Inject`'s, so it is the metadata of a specialization of the struct
/// `Inject<Value>`. A struct's metadata is its kind, its descriptor, then its
/// generic arguments (`TargetStructMetadata` in `swift/ABI/Metadata.h`); `Inject` has
/// one generic parameter, so the third word is `Value`'s metadata.
enum InjectFieldType {
  /// `Inject`'s type descriptor, shared by all its specializations.
  static var descriptor: RuntimeRecord? {
    RuntimeRecord.descriptor(of: Inject<Int>.self)
  }

  /// `Value` when `fieldType` is an `Inject<Value>`; nil for any other type.
  static func valueType(of fieldType: Any.Type) -> Any.Type? {
    guard let descriptor = RuntimeRecord.descriptor(of: fieldType), descriptor == Self.descriptor
    else { return nil }
    return RuntimeRecord(metadataOf: fieldType).type(atWord: 2)
  }
}
