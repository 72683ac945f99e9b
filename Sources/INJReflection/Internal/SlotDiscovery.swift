import INJPrimitives

/// An `@Inject` property found at a fixed offset in every instance of a class.
struct FieldSlot: Sendable, Equatable {
  let name: String
  let offset: Int

  /// Fills the property of `object` when it is nil and `source` offers a value;
  /// returns whether it was filled.
  ///
  /// The property's storage is an `Inject` wrapper, whose only stored property is
  /// the reference to its box: the storage's bits are that reference, read as an
  /// ``Unretained`` reference to ``InjectBoxBase``, whose fill the box overrides, so
  /// that no generic type is named. It is read borrowed, without reference counting:
  /// `object`, which the caller holds, keeps the box alive. The object's memory itself
  /// is never written.
  func fill(
    in object: AnyObject, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    let storage = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
    return try storage.load(as: Unretained<InjectBoxBase>.self).read {
      box throws(InjectionError) in
      try box.fillIfEmpty(named: name, from: source, ownerType: ownerType)
    }
  }
}

extension FieldSlot {
  /// The slot of the property whose storage has the name `storage` (`_service`, whose
  /// property is `service`), at `offset`.
  init(storage: RuntimeRecord, offset: Int) {
    self.init(name: storage.advanced(by: 1).string, offset: offset)
  }

  /// Whether a field named `name` may be a wrapper's storage: named `_property`, with
  /// at least one character after the underscore.
  static func isStorageName(_ name: RuntimeRecord) -> Bool {
    name.byte(at: 0) == UInt8(ascii: "_") && name.byte(at: 1) != 0
  }
}

/// A slot and the type its property holds (without the optional).
typealias TypedSlot = (slot: FieldSlot, valueType: Any.Type)

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
  static func typedSlots(of type: Any.Type) -> [TypedSlot]? {
    let key = ObjectIdentifier(type)
    if let known = typedTypes.withLock({ $0[key] }) {
      return known
    }
    let slots =
      (FastPaths.readsFieldRecords
        ? (type as? AnyClass).flatMap(FieldRecords.typedInjectSlots(of:)) : nil)
      ?? walkFields(of: type)
    typedTypes.withLock { $0[key] = slots }
    return slots
  }

  /// What ``typedSlots(of:)`` found for each type it was asked about.
  private static let typedTypes = Locked<[ObjectIdentifier: [TypedSlot]?]>([:])

  /// The `@Inject` properties of `type`, with the types they hold, from the
  /// runtime's walk of its fields, which resolves every field's type.
  static func walkFields(of type: Any.Type) -> [TypedSlot]? {
    var slots: [TypedSlot] = []
    let complete = RuntimeFields.forEach(of: type) { name, offset, fieldType in
      // A wrapper's storage is named `_property`: other fields are skipped first.
      if FieldSlot.isStorageName(name), let valueType = InjectFieldType.valueType(of: fieldType) {
        slots.append((FieldSlot(storage: name, offset: offset), valueType))
      }
      return true
    }
    return complete ? slots : nil
  }
}
