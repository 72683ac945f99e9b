/// A provider's creator with its product type erased, made where the type is known
/// so that handing a class instance over costs nothing.
@usableFromInline
enum Creator: Sendable {
  /// A creator whose declared product type is a class: every product is one
  /// strong reference.
  case object(@Sendable (ResolvedValues) throws -> AnyObject)
  /// Any other creator.
  case value(@Sendable (ResolvedValues) throws -> Any)

  /// Erases a creator's product type. The closure need not be `Sendable`: the
  /// resolver runs it only where its ``CreatorIsolation`` allows (see
  /// ``UncheckedCreator``).
  ///
  /// Inlined into the registering code, where `T` is concrete, so that the
  /// conversion of a class instance to `AnyObject` is specialized away instead of
  /// copying through `T`'s value witnesses on every creation.
  @inlinable
  static func erasing<T>(_ creator: @escaping (ResolvedValues) throws -> T) -> Creator {
    let creator = UncheckedCreator(creator)
    if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      // A class type: every value is one strong reference, the layout of `AnyObject`.
      return .object { values in unsafeBitCast(try creator.create(values), to: AnyObject.self) }
    }
    return .value { values in try creator.create(values) }
  }

  /// Erases an async creator's product type.
  @inlinable
  static func erasingAsync<T>(
    _ creator: @escaping @Sendable (ResolvedValues) async throws -> T
  ) -> AsyncCreator {
    if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      return .object { values in unsafeBitCast(try await creator(values), to: AnyObject.self) }
    }
    return .value { values in try await creator(values) }
  }

  /// Runs the creator.
  @inline(__always)
  func create(_ values: ResolvedValues) throws -> Resolved {
    switch self {
    case .object(let create): Resolved(object: try create(values))
    case .value(let create): Resolved(try create(values))
    }
  }
}

/// An async provider's creator with its product type erased. Only an async
/// resolution (``AsyncResolver``) runs it; a synchronous one refuses the provider
/// before it would.
@usableFromInline
enum AsyncCreator: Sendable {
  /// A creator whose declared product type is a class.
  case object(@Sendable (ResolvedValues) async throws -> AnyObject)
  /// Any other creator.
  case value(@Sendable (ResolvedValues) async throws -> Any)

  /// Runs the creator.
  @inline(__always)
  func create(_ values: ResolvedValues) async throws -> Resolved {
    switch self {
    case .object(let create): Resolved(object: try await create(values))
    case .value(let create): Resolved(try await create(values))
    }
  }
}
