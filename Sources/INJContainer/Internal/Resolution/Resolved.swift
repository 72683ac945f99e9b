import INJReflection

/// A resolved value as the container keeps it: one reference and a tag.
///
/// Class instances are kept as they are, so handing one out costs a retain and
/// casting it back to its class is a pointer comparison. Other values live in a
/// ``ValueBox``, and provider closures are their `ProviderFactory`.
@usableFromInline
struct Resolved {
  @usableFromInline
  enum Kind: UInt8 {
    /// `object` is the value itself, a class instance.
    case object
    /// `object` is a ``ValueBox`` holding a value of another type.
    case boxed
    /// `object` is the `ProviderFactory` a provider-closure name resolves to.
    case providerClosure
  }

  // A `var` only so that `isUniquelyReferenced()` can ask about it.
  @usableFromInline private(set) var object: AnyObject
  @usableFromInline let kind: Kind

  /// Wraps a value, keeping class instances as they are.
  init(_ value: Any) {
    if let object = ClassReference.of(value) {
      self.object = object
      kind = .object
    } else {
      object = ValueBox(value)
      kind = .boxed
    }
  }

  /// A class instance.
  init(object: AnyObject) {
    self.object = object
    kind = .object
  }

  /// What a provider-closure name resolves to.
  init(factory: ProviderFactory) {
    object = factory
    kind = .providerClosure
  }

  /// The provider closure's factory, when the value is one.
  var factory: ProviderFactory? {
    kind == .providerClosure ? factoryUnchecked : nil
  }

  /// The value as a value of any type; a provider closure as its own exact closure.
  var anyValue: Any {
    switch kind {
    case .object: object
    case .boxed: box.value
    case .providerClosure: factoryUnchecked.exactClosureValue
    }
  }

  /// The value when it is a class instance.
  var classInstance: AnyObject? {
    kind == .object ? object : nil
  }

  /// The value as the injector takes it.
  var injectionValue: InjectionValue {
    switch kind {
    case .object: .value(object)
    case .boxed: .value(box.value)
    case .providerClosure: .providerClosure(factoryUnchecked)
    }
  }

  /// The type of the value, for messages.
  var typeDescription: String {
    switch kind {
    case .object: String(describing: type(of: object))
    case .boxed: String(describing: type(of: box.value))
    case .providerClosure:
      factoryUnchecked.argumentType == nil
        ? "() -> \(factoryUnchecked.productType)" : factoryUnchecked.closureTypeDescription
    }
  }

  /// Whether nothing else holds the class instance: a product nobody else can reach
  /// yet, such as one its creator has just made.
  mutating func isUniquelyReferenced() -> Bool {
    kind == .object && isKnownUniquelyReferenced(&object)
  }

  /// The value as `T`, or nil when it is not one.
  @inlinable @inline(__always)
  func cast<T>(to type: T.Type) -> T? {
    if kind == .object {
      // The exact class is one comparison of type pointers, and the reference is
      // the value: no call into the runtime's cast.
      if Swift.type(of: object) == T.self {
        return unsafeBitCast(object, to: T.self)
      }
      if let typed = object as? T {
        return typed
      }
    }
    return castSlowly(to: type)
  }

  @usableFromInline
  func castSlowly<T>(to type: T.Type) -> T? {
    switch kind {
    case .object: object as? T
    case .boxed: box.value as? T
    case .providerClosure: factoryUnchecked.exactClosure(as: T.self)
    }
  }

  /// The value as `T`, or a type-mismatch error at `path`.
  func cast<T>(to type: T.Type, name: String, path: [String]) throws(ResolutionError) -> T {
    if let typed = cast(to: type) {
      return typed
    }
    throw ResolutionError(
      name: name, path: path,
      reason: .typeMismatch(expected: String(describing: T.self), actual: typeDescription))
  }

  // The kind says which class `object` is; these read it without a checked cast.

  private var box: ValueBox {
    unsafeDowncast(object, to: ValueBox.self)
  }

  private var factoryUnchecked: ProviderFactory {
    unsafeDowncast(object, to: ProviderFactory.self)
  }
}

extension Resolved {
  /// The value as a provider closure of type `Closure`, made by `make` from the
  /// factory a provider-closure name resolves to, or else cast.
  ///
  /// - Throws: ``ResolutionError`` when the provider's products can never be the
  ///   closure's result, or the value is not such a closure.
  func providerClosure<Closure>(
    as closureType: Closure.Type, name: String, path: @autoclosure () -> [String],
    make: (ProviderFactory) throws(InjectionError) -> Closure
  ) throws(ResolutionError) -> Closure {
    guard let factory else {
      return try cast(to: Closure.self, name: name, path: path())
    }
    do {
      return try make(factory)
    } catch {
      if case .asyncClosure(_, let offered) = error.reason {
        throw ResolutionError(
          name: name, path: path(),
          reason: .asyncProviderClosure(
            requested: String(describing: Closure.self), offered: offered))
      }
      if case .mainActorClosure(_, let offered) = error.reason {
        throw ResolutionError(
          name: name, path: path(),
          reason: .mainActorProviderClosure(
            requested: String(describing: Closure.self), offered: offered))
      }
      throw ResolutionError(
        name: name, path: path(),
        reason: .providerClosureMismatch(
          requested: String(describing: Closure.self),
          productType: String(describing: factory.productType)))
    }
  }
}

/// A value that is not a class instance, kept by reference.
final class ValueBox {
  let value: Any
  init(_ value: Any) { self.value = value }
}
