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
    // `value` opened: `T` is the type the `Any` holds.
    func reference<T>(to opened: T) -> AnyObject? {
      if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
        return unsafeBitCast(opened, to: AnyObject.self)
      }
      // An existential held in the `Any`, as one made from a generic function's `T` is
      // when `T` is one (a creator declared `-> any Screen`): `type(of:)` of the `Any`
      // looks through it, and when that is a class, the cast takes the instance out (no
      // bridging: its dynamic type is a class).
      guard TypeShape.isExistential(T.self), type(of: value) is AnyClass else { return nil }
      return value as AnyObject
    }
    return reference(to: value)
  }
}
