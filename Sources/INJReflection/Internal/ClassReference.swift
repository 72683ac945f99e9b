/// A class instance held in an `Any`, taken out as a class reference without a cast.
///
/// Casting `Any` to `AnyObject` first asks whether the value's type bridges, a
/// conformance query: the first one for each type scans every conformance record of
/// the program (about 15 µs with Foundation linked), so every product type of a cold
/// start-up paid it once. An instance of a class needs no bridging: its value is one
/// strong reference.
///
/// Invariant: the value is reinterpreted only when its dynamic type is a class and
/// it has the size of one reference, which is then exactly what it holds; the
/// reinterpretation copies that reference, retaining the object like a cast would. An
/// `Any` that holds an existential is cast only once its dynamic type is known to be
/// a class.
package enum ClassReference {
  /// `value` as a class reference when its dynamic type is a class; nil for any other
  /// type.
  package static func of(_ value: Any) -> AnyObject? {
    switch reference(to: value) {
    case .object(let object):
      return object
    case .notAnObject:
      return nil
    case .existential:
      // The `Any` holds an existential, as one made from a generic function's `T` does
      // when `T` is one (a creator declared `-> any Screen`). `type(of:)` of the `Any`
      // looks through it; when that is a class, the cast takes the instance out (no
      // bridging: its dynamic type is a class).
      guard type(of: value) is AnyClass else { return nil }
      return value as AnyObject
    }
  }

  /// What opening an `Any` found.
  private enum Opened {
    case object(AnyObject)
    case notAnObject
    case existential
  }

  private static func reference<T>(to value: T) -> Opened {
    if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      return .object(unsafeBitCast(value, to: AnyObject.self))
    }
    return TypeShape.isExistential(T.self) ? .existential : .notAnObject
  }
}
