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
/// reinterpretation copies that reference, retaining the object like a cast would.
package enum ClassReference {
  /// `value` as a class reference when its type is a class; nil for any other type.
  package static func of(_ value: Any) -> AnyObject? {
    reference(to: value)
  }

  private static func reference<T>(to value: T) -> AnyObject? {
    guard T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size else {
      return nil
    }
    return unsafeBitCast(value, to: AnyObject.self)
  }
}
