/// Recognizes the storage of an `@Inject` property among a type's fields, and the type
/// it holds, without asking the runtime for a conformance.
///
/// Asking `fieldType as? any InjectWrapper.Type` scans every conformance record of
/// the program once for each new `Inject<Value>`: about 15 µs each in a program that
/// links Foundation, paid for most `@Inject` properties of a cold start-up. The
/// field's type descriptor tells the same in a few loads.
///
/// Invariant: the field type's metadata is read past its header only once its
/// descriptor is `Inject`'s, so it is the metadata of a specialization of the struct
/// `Inject<Value>`. A struct's metadata is its kind, its descriptor, then its
/// generic arguments (`TargetStructMetadata` in `swift/ABI/Metadata.h`); `Inject` has
/// one generic parameter, so the third word is `Value`'s metadata.
enum InjectFieldType {
  /// `Inject<Value>.self` as a wrapper type when `fieldType` is an `Inject<Value>`;
  /// nil for any other type.
  static func wrapperType(of fieldType: Any.Type) -> (any InjectWrapper.Type)? {
    guard let valueType = valueType(of: fieldType) else { return nil }
    return wrapperType(holding: valueType)
  }

  /// `Value` when `fieldType` is an `Inject<Value>`; nil for any other type.
  static func valueType(of fieldType: Any.Type) -> Any.Type? {
    guard let descriptor = TypeDescriptor.of(fieldType),
      descriptor == TypeDescriptor.of(Inject<Int>.self)
    else { return nil }
    let argument = TypeDescriptor.metadata(of: fieldType).load(
      fromByteOffset: 2 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    return unsafeBitCast(argument, to: Any.Type.self)
  }

  /// `Inject<Value>.self`: its conformance is known statically, so the runtime builds
  /// its witness table without a search.
  private static func wrapperType<Value>(holding _: Value.Type) -> any InjectWrapper.Type {
    Inject<Value>.self
  }
}
