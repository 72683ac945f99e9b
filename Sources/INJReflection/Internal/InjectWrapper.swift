/// What the injector needs from an ``Inject`` property, without knowing its value
/// type.
protocol InjectWrapper {
  /// The type the property holds, without the optional: `Api` for `Api?`.
  static var valueType: Any.Type { get }

  /// Fills the wrapper stored at `address` (inside an object) when it is nil and the
  /// source offers a value for `name`; returns whether it was filled.
  static func fillStoredWrapper(
    at address: UnsafeRawPointer, named name: String, from source: any InjectionSource,
    ownerType: Any.Type
  ) throws(InjectionError) -> Bool

  /// Fills this wrapper when it is nil and the source offers a value for `name`;
  /// returns whether it was filled.
  func fill(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool
}

extension Inject: InjectWrapper {
  static var valueType: Any.Type { Value.self }

  static func fillStoredWrapper(
    at address: UnsafeRawPointer, named name: String, from source: any InjectionSource,
    ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    // Reads the wrapper out of the object: its only stored property is the
    // reference to its box, so the wrapper's bits are that reference. Reading it
    // unmanaged borrows the box without retaining it (the object keeps it alive);
    // the object's memory itself is never written. It is read as
    // `Unmanaged<AnyObject>`, a concrete type, and cast to the box without a check:
    // this code runs unspecialized, and naming `Unmanaged<InjectBox<Value>>` would
    // look up that type's metadata at each fill.
    let box = address.load(as: Unmanaged<AnyObject>.self)
    return try box._withUnsafeGuaranteedRef { box in
      Result { () throws(InjectionError) in
        try unsafeDowncast(box, to: InjectBox<Value>.self).fillIfEmpty(
          named: name, from: source, ownerType: ownerType)
      }
    }.get()
  }

  func fill(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    try box.fillIfEmpty(named: name, from: source, ownerType: ownerType)
  }
}
