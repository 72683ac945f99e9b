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
  @usableFromInline
  var classInstance: AnyObject? {
    kind == .object ? object : nil
  }

  /// The value as the injector takes it.
  var injectionValue: InjectionValue {
    kind == .providerClosure ? .providerClosure(factoryUnchecked) : .value(anyValue)
  }

  /// The type of the value, for messages.
  var typeDescription: String {
    kind == .providerClosure
      ? factoryUnchecked.offer.closureType.description : String(describing: type(of: anyValue))
  }

  /// The product of a weak singleton as it is held: a class instance, also one an
  /// optional holds (unwrapped); a nil optional as it is, handed out and not kept, since
  /// nothing can hold it. Nil for any other value, which cannot be held weakly.
  func heldWeakly() -> Resolved? {
    guard kind == .boxed else { return kind == .object ? self : nil }
    var value = box.value
    while Mirror(reflecting: value).displayStyle == .optional {
      guard let wrapped = Mirror(reflecting: value).children.first?.value else { return self }
      value = wrapped
    }
    return ClassReference.of(value).map(Resolved.init(object:))
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
      return object as? T
    }
    return castSlowly(to: type)
  }

  /// The value as `T`, or nil when it is not one, for a value that is not a class
  /// instance: a boxed one, or a provider closure as its own exact closure.
  @usableFromInline
  func castSlowly<T>(to type: T.Type) -> T? {
    kind == .boxed ? box.value as? T : factoryUnchecked.exactClosure(as: T.self)
  }

  /// The value as `T`, or a type-mismatch error at `path`; a provider closure as a
  /// closure of type `T`, made by its factory for any closure type its products fit.
  func cast<T>(to type: T.Type, name: String, path: [String]) throws(ResolutionError) -> T {
    if let typed = cast(to: type) {
      return typed
    }
    if let factory {
      do throws(InjectionError) {
        return try factory.closure(as: T.self)
      } catch {
        throw ResolutionError(
          name: name, path: path,
          reason: Self.closureRefusal(
            error.reason, requested: T.self, factory: factory, name: name))
      }
    }
    var error = ResolutionError(
      name: name, path: path,
      reason: .typeMismatch(expected: String(describing: T.self), actual: typeDescription))
    if kind == .boxed, let elements = box.value as? [Any],
      let array = T.self as? any ArrayOfElements.Type,
      let position = elements.firstIndex(where: { !array.holds($0) })
    {
      error.mismatchedElement = (position, String(describing: Swift.type(of: elements[position])))
    }
    throw error
  }

  /// Why a provider closure cannot be handed out as `requested`, in a resolution's
  /// words.
  private static func closureRefusal(
    _ refusal: InjectionError.Reason, requested: Any.Type, factory: ProviderFactory,
    name: String
  ) -> ResolutionError.Reason {
    let base = Container.baseName(ofProviderClosure: name) ?? name
    let requestedName = ClosureType(requested)?.description ?? String(describing: requested)
    switch refusal {
    case .asyncClosure(_, let offered):
      return .asyncProviderClosure(requested: requestedName, offered: offered)
    case .mainActorClosure(_, let offered):
      return .mainActorProviderClosure(requested: requestedName, offered: offered)
    case .closureResultMismatch:
      return .providerClosureMismatch(
        requested: requestedName, productType: String(describing: factory.offer.productType))
    case .argumentClosure(_, let offered):
      let argument = factory.offer.argumentType.map(String.init(describing:)) ?? "?"
      return .providerClosureShape(
        requested: requestedName, offered: offered,
        problem: "the creator of '\(base)' takes an argument of type \(argument), so its "
          + "provider closure takes one")
    case .unexpectedArgument(_, let offered):
      return .providerClosureShape(
        requested: requestedName, offered: offered,
        problem: "the creator of '\(base)' takes no argument, so its provider closure takes none")
    case .unsupportedClosure(_, let feature, let offered):
      return .providerClosureShape(
        requested: requestedName, offered: offered,
        problem: "a provider closure cannot have \(feature)")
    case .typeMismatch, .valueType, .providerClosureProperty:
      // Not a closure type: a value registered under the closure's name would collide
      // with it, so the way out is the closure, or the provider's own name.
      return .providerClosureShape(
        requested: String(describing: requested), offered: factory.offer.closureType.description,
        problem: "it is the provider closure of '\(base)' (resolve '\(base)' for the value "
          + "itself)")
    }
  }

  // The kind says which class `object` is; these read it without a checked cast.

  private var box: ValueBox {
    unsafeDowncast(object, to: ValueBox.self)
  }

  private var factoryUnchecked: ProviderFactory {
    unsafeDowncast(object, to: ProviderFactory.self)
  }
}

/// A value that is not a class instance, kept by reference.
final class ValueBox {
  let value: Any
  init(_ value: Any) { self.value = value }
}

/// An array type, asked whether a value is one of its elements: which contribution of
/// a collection an array of another element type cannot hold.
protocol ArrayOfElements {
  /// Whether `value` is an element of this array type.
  static func holds(_ value: Any) -> Bool
  /// The element type.
  static var elementType: Any.Type { get }
}

extension Array: ArrayOfElements {
  static func holds(_ value: Any) -> Bool { value is Element }
  static var elementType: Any.Type { Element.self }
}

extension Resolved {
  /// Injects the product's properties that `plan` names from `values`: what both
  /// resolvers do once a product is made, wherever they run it and whatever claim
  /// they hold. `path` gives the names in progress, the provider innermost, for errors.
  func inject(
    with plan: InjectionPlan, from values: ResolvedValues, of provider: Provider,
    path: () -> [String]
  ) throws(ResolutionError) {
    do {
      _ = try plan.inject(into: anyValue, object: classInstance, from: values)
    } catch let failure as InjectionError {
      throw ResolutionError(
        provider.name, .injectionFailed(failure), from: path(), inProgress: true)
    } catch {
      // An `Injectable` type's own code threw, perhaps a resolution of its own.
      throw ResolutionError.failure(of: provider, thrown: error, path: path())
    }
  }
}
