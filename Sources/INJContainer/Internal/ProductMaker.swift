/// A provider's creator with its product type erased, made where the type is
/// known so that handing a class instance over costs nothing.
@usableFromInline
enum ProductMaker {
  /// A creator whose declared product type is a class: every product is one
  /// strong reference.
  case object((ResolvedValues) throws -> AnyObject)
  /// Any other creator.
  case value((ResolvedValues) throws -> Any)

  /// Erases a creator's product type.
  ///
  /// Inlined into the registering code, where `T` is concrete, so that the
  /// conversion of a class instance to `AnyObject` is specialized away instead of
  /// copying through `T`'s value witnesses on every creation.
  @inlinable
  static func erasing<T>(_ creator: @escaping (ResolvedValues) throws -> T) -> ProductMaker {
    if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      // A class type: every value is one strong reference, the layout of `AnyObject`.
      return .object { values in unsafeBitCast(try creator(values), to: AnyObject.self) }
    }
    return .value { values in try creator(values) }
  }
}
