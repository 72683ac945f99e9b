@testable import INJReflection

// What the tests read of the field records besides the `@Inject` slots: every field, to
// compare with the standard library's walk.

extension FieldRecords {
  /// One stored field.
  struct Field {
    /// The field's name as declared (`_service` for the storage of `@Inject var
    /// service`).
    let name: String
    /// The field's offset in an instance.
    let offset: Int
    /// Whether the field is the storage of an `@Inject` property: named
    /// `_property`, of type `Inject<Value>`.
    let isInjectStorage: Bool
  }

  /// The stored fields of `type` and its superclasses, base class first; nil when
  /// the records cannot be read or cannot tell which fields are `@Inject` storage
  /// (see the type's invariant).
  static func fields(of type: AnyClass) -> [Field]? {
    var fields: [Field] = []
    let complete = visitFields(of: type) { name, offset, isInjectStorage, _ in
      fields.append(
        Field(
          name: name.string, offset: offset,
          isInjectStorage: isInjectStorage))
      return true
    }
    return complete ? fields : nil
  }
}
