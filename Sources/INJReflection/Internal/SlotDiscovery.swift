import INJPrimitives
/// An `@Inject` property found at a fixed offset in every instance of a class.
struct FieldSlot: Sendable, Equatable {
  let name: String
  let offset: Int

  /// Fills the property of the object at `object` when it is nil and `source` offers
  /// a value; returns whether it was filled.
  ///
  /// The property's storage is an `Inject` wrapper, whose only stored property is
  /// the reference to its box: the storage's bits are that reference. It is read
  /// unmanaged, borrowing the box without retaining it (the object keeps it alive),
  /// and as ``InjectBoxBase``, whose fill the box overrides, so that no generic type
  /// is named; the object's memory itself is never written.
  func fill(
    inObjectAt object: UnsafeRawPointer, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    let box = (object + offset).load(as: Unmanaged<InjectBoxBase>.self)
    return try box._withUnsafeGuaranteedRef { box in
      Result { () throws(InjectionError) in
        try box.fillIfEmpty(named: name, from: source, ownerType: ownerType)
      }
    }.get()
  }
}

/// How a type's `@Inject` properties are found, the same on every platform: stored-field
/// names and offsets from a class's field records (or the runtime's walk of its fields),
/// read once per type; each object then costs one load per property.
enum SlotDiscovery {
  /// The `@Inject` properties of `type`, base class first, in declaration order;
  /// nil when the runtime cannot list its fields.
  ///
  /// Found anew at each call: the injection plans that ask are cached per type. A
  /// class's are read from its field records (``FieldRecords``) without resolving a
  /// type; other types, and classes whose records cannot tell, are walked by the
  /// runtime (``RuntimeFields``).
  static func findSlots(of type: Any.Type) -> [FieldSlot]? {
    (FastPaths.readsFieldRecords ? (type as? AnyClass).flatMap(FieldRecords.injectSlots(of:)) : nil)
      ?? walkFields(of: type)?.map(\.slot)
  }

  /// The `@Inject` properties of `type` as ``findSlots(of:)`` lists them, each with
  /// the type it holds (without the optional), for the check and the callers that ask
  /// by type; nil when field offsets are unavailable for it.
  ///
  /// A class that is not generic has them from its field records, only the
  /// `@Inject` fields' types resolved; other types are walked by the runtime, which
  /// resolves every field's type. Found once per type and kept for the life of the
  /// process.
  static func typedSlots(of type: Any.Type) -> [(slot: FieldSlot, valueType: Any.Type)]? {
    let key = ObjectIdentifier(type)
    if let known = typedTypes.withLock({ $0[key] }) {
      return known.map { $0.map { ($0.slot, $0.valueType) } }
    }
    let slots =
      (FastPaths.readsFieldRecords
        ? (type as? AnyClass).flatMap(FieldRecords.typedInjectSlots(of:)) : nil)
      ?? walkFields(of: type)
    typedTypes.withLock { $0[key] = slots.map { $0.map { TypedSlot($0.slot, $0.valueType) } } }
    return slots
  }

  /// What ``typedSlots(of:)`` found for each type it was asked about.
  private static let typedTypes = Locked<[ObjectIdentifier: [TypedSlot]?]>([:])

  /// A slot and the type its property holds, kept between threads.
  private struct TypedSlot: Sendable {
    let slot: FieldSlot
    let valueType: Any.Type

    init(_ slot: FieldSlot, _ valueType: Any.Type) {
      self.slot = slot
      self.valueType = valueType
    }
  }

  /// The `@Inject` properties of `type`, with the types they hold, from the
  /// runtime's walk of its fields, which resolves every field's type.
  static func walkFields(of type: Any.Type) -> [(slot: FieldSlot, valueType: Any.Type)]? {
    var slots: [(slot: FieldSlot, valueType: Any.Type)] = []
    let complete = RuntimeFields.forEach(of: type) { name, offset, fieldType in
      // A wrapper's storage is named `_property`: other fields are skipped first.
      if name.pointee == UInt8(ascii: "_"),
        let valueType = InjectFieldType.valueType(of: fieldType),
        let propertyName = propertyName(ofStorage: String(cString: name))
      {
        slots.append((FieldSlot(name: propertyName, offset: offset), valueType))
      }
      return true
    }
    return complete ? slots : nil
  }

  /// `productsService` for the wrapper storage `_productsService`.
  private static func propertyName(ofStorage storageName: String) -> String? {
    guard storageName.hasPrefix("_"), storageName.count > 1 else { return nil }
    return String(storageName.dropFirst())
  }
}
