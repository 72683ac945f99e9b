#if !canImport(Darwin)
// The standard library's reflection SPI lists a type's stored fields with their
// offsets, superclass fields included. It is not part of Apple's SDK interfaces,
// so Apple platforms use `Mirror` instead.
@_spi(Reflection) import Swift
#endif

/// An `@Inject` property found at a fixed offset in every instance of a class.
struct FieldSlot: @unchecked Sendable {
  // `any InjectWrapper.Type` is a metatype: immutable runtime metadata, safe to
  // share between threads. The struct is otherwise made of Sendable values.
  let name: String
  let offset: Int
  let wrapperType: any InjectWrapper.Type
}

/// An `@Inject` property found by `Mirror` in one instance.
struct MirrorSlot {
  let name: String
  let wrapper: any InjectWrapper
}

/// The two ways to find a type's `@Inject` properties: the one seam between the
/// portable path and the fast one.
enum SlotDiscovery: Sendable {
  /// Stored-field names and offsets from the standard library's reflection SPI,
  /// read once per type; each object then costs one load per property.
  case fieldOffsets
  /// `Mirror`, walked once per object (superclasses included).
  case mirror

  /// The discovery used unless a caller asks for one: field offsets where the
  /// platform provides them, `Mirror` elsewhere.
  static var preferred: SlotDiscovery {
    #if canImport(Darwin)
    .mirror
    #else
    .fieldOffsets
    #endif
  }

  /// The `@Inject` properties of `type`, base class first, in declaration order;
  /// nil when field offsets are unavailable for it.
  ///
  /// Walked once per type and kept for the life of the process: the check and the
  /// first creation of a type both need them.
  static func fieldSlots(of type: Any.Type) -> [FieldSlot]? {
    let key = ObjectIdentifier(type)
    if let known = walkedTypes.withLock({ $0[key] }) {
      return known
    }
    let slots = walkFields(of: type)
    walkedTypes.withLock { $0[key] = slots }
    return slots
  }

  /// What ``fieldSlots(of:)`` found for each type it walked.
  private static let walkedTypes = Locked<[ObjectIdentifier: [FieldSlot]?]>([:])

  private static func walkFields(of type: Any.Type) -> [FieldSlot]? {
    #if canImport(Darwin)
    return nil
    #else
    var slots: [FieldSlot] = []
    let isClass = type is AnyClass
    // Raw values: 1 requires a class and includes superclass fields (`classType`);
    // 2 skips fields the runtime cannot describe (`ignoreUnknown`). The named
    // options are mutable statics, which Swift 6 rejects.
    let options = _EachFieldOptions(rawValue: isClass ? 0b11 : 0b10)
    let complete = _forEachField(of: type, options: options) { name, offset, fieldType, _ in
      // A wrapper's storage is named `_property`: other fields are skipped first.
      if name.pointee == UInt8(ascii: "_"),
        let wrapperType = InjectFieldType.wrapperType(of: fieldType),
        let propertyName = propertyName(ofStorage: String(cString: name))
      {
        slots.append(FieldSlot(name: propertyName, offset: offset, wrapperType: wrapperType))
      }
      return true
    }
    return complete ? slots : nil
    #endif
  }

  /// The `@Inject` properties of `instance` as its `Mirror` shows them, base class
  /// first, in declaration order.
  static func mirrorSlots(of instance: Any) -> [MirrorSlot] {
    var levels: [[MirrorSlot]] = []
    var mirror: Mirror? = Mirror(reflecting: instance)
    while let current = mirror {
      var level: [MirrorSlot] = []
      for child in current.children {
        if let label = child.label, let wrapper = child.value as? any InjectWrapper,
          let propertyName = propertyName(ofStorage: label)
        {
          level.append(MirrorSlot(name: propertyName, wrapper: wrapper))
        }
      }
      levels.append(level)
      mirror = current.superclassMirror
    }
    return levels.reversed().flatMap { $0 }
  }

  /// `productsService` for the wrapper storage `_productsService`.
  private static func propertyName(ofStorage storageName: String) -> String? {
    guard storageName.hasPrefix("_"), storageName.count > 1 else { return nil }
    return String(storageName.dropFirst())
  }
}
