/// Whether the products of a provider can be cast to a type, told from their declared
/// type alone, before any product exists.
///
/// A provider closure is handed out before it makes anything, and a plain
/// `() -> Result` closure cannot report a failed cast later; `checkForErrors()`
/// checks `@Inject` properties and keys before anything is made. Both ask here. The
/// rule: ``Verdict/never`` only when no value the declared type admits can be cast
/// (`as?`) to the target, on any thread; ``Verdict/always`` only when every such value
/// can, on every thread; ``Verdict/perProduct`` wherever the check cannot tell, and
/// then each product is cast as it is made, which decides.
///
/// The values a declared type admits are more than its own: a class's include its
/// subclasses', which the check cannot list (it cannot tell a `final` class), and a
/// protocol type's are of every conforming type. An optional admits `nil`, which
/// casts to every optional type and to no other; an array, a set or a dictionary
/// admits an empty one, which casts to every other of its kind. The verdict follows
/// the runtime's casts shape by shape (``TypeShape``):
/// - to `Any` or `AnyObject`, every value casts (a value that is not a class instance
///   is boxed);
/// - to a protocol type, a value casts when its type conforms, which
///   ``ExistentialRequirements`` tells on every thread alike: a conformance isolated
///   to a global actor, or with conditions, decides nothing before a product exists;
/// - an optional is unwrapped and its value cast; a value is wrapped to be cast to an
///   optional;
/// - arrays, sets and dictionaries cast element by element, tuples element by element
///   when they have as many elements and no two labels differ;
/// - a class instance casts to its superclasses; a value that bridges to a class
///   (`String` to `NSString`, where Foundation provides it) or a class instance that
///   bridges to a value may cast to the other, and on platforms with the Objective-C
///   runtime any value may be boxed in an object;
/// - a value declared as a protocol type, `AnyHashable`, or a type of a kind the
///   check does not know is cast as it is: each product decides.
///
/// `CastCheckTests` checks every rule, and `CastCheckPropertyTests` checks the verdicts
/// against the runtime's own casts of generated values, on the main actor and off it.
package enum CastCheck {
  /// What a cast from the declared type to the target will do.
  package enum Verdict: Sendable, Equatable {
    /// Every product can be cast.
    case always
    /// No product can be cast.
    case never
    /// It depends on each product.
    case perProduct
  }

  /// Whether a product declared as `declared` can be cast to `Target`.
  ///
  /// - Complexity: Reads the metadata of the two types, as deep as they are written,
  ///   and asks the runtime for conformances, which it caches. The answer is the same
  ///   on every thread.
  package static func verdict<Target>(
    castingProductsOf declared: Any.Type, to target: Target.Type
  ) -> Verdict {
    if declared is AnyClass, Target.self is AnyClass, declared is Target.Type {
      // The class or a subclass of it: the commonest question, answered without
      // reading metadata.
      return .always
    }
    return decide(declared, Target.self, opened: true)
  }

  /// Whether any value may be boxed in an object, and an object unboxed to a value:
  /// the Objective-C runtime's bridging.
  private static var bridgesEveryValue: Bool {
    #if canImport(ObjectiveC)
    return true
    #else
    return false
    #endif
  }

  /// The verdict for values of `declared` cast to `target`.
  ///
  /// `opened` says that a value declared as a protocol type is cast as the value it
  /// holds, as a product is (it is kept as `Any`): its conformance is looked up again.
  /// Inside an optional, a collection or a tuple, a value declared as a protocol type
  /// stays one, and a cast to the same protocol type copies it.
  ///
  /// Recursive over the structure of the two types, as deep as they are written.
  private static func decide(_ declared: Any.Type, _ target: Any.Type, opened: Bool) -> Verdict {
    if target == Any.self { return .always }
    let targetShape = TypeShape.of(target)
    if case .existential(let requirements?) = targetShape, requirements.isAnyObject {
      return .always
    }
    let shape = TypeShape.of(declared)
    if declared == target {
      if opened, case .existential(let requirements) = shape,
        requirements?.protocols.isEmpty != true
      {
        // Each product's type is asked again whether it conforms, and a conformance
        // isolated to a global actor holds on that actor alone.
        return .perProduct
      }
      return .always
    }
    if case .optional(let wrapped) = targetShape {
      if case .optional(let inner) = shape {
        // `nil` casts to every optional; another value is unwrapped and cast.
        return decide(inner, target, opened: false) == .always ? .always : .perProduct
      }
      // A value is cast to the wrapped type, then wrapped.
      return decide(declared, wrapped, opened: opened)
    }
    switch shape {
    case .existential, .other:
      return .perProduct
    case .anyHashable:
      // A cast looks at the value inside, unless `AnyHashable` itself conforms.
      if case .existential(let requirements?) = targetShape, requirements.superclass == nil,
        !requirements.isClassBound, requirements.conformance(of: declared) == .everywhere
      {
        return .always
      }
      return .perProduct
    default:
      break
    }
    switch targetShape {
    case .other, .existential(nil):
      return .perProduct
    case .existential(let requirements?):
      return toExistential(declared, shape, requirements, target)
    case .anyHashable:
      return toExistential(declared, shape, .hashable, target)
    default:
      break
    }
    if case .optional(let inner) = shape {
      // `nil` casts to no type but an optional; another value is unwrapped and cast.
      return decide(inner, target, opened: false) == .never ? .never : .perProduct
    }
    return betweenConcreteTypes(declared, shape, target, targetShape)
  }

  /// The verdict for a cast to a protocol type (or `AnyHashable`) with `requirements`.
  private static func toExistential(
    _ declared: Any.Type, _ shape: TypeShape, _ requirements: ExistentialRequirements,
    _ target: Any.Type
  ) -> Verdict {
    switch shape {
    case .optional(let inner):
      if requirements.superclass == nil, !requirements.isClassBound {
        // `Optional` itself may conform, and then `nil` casts too.
        switch requirements.conformance(of: declared) {
        case .everywhere: return .always
        case .somewhere: return .perProduct
        case .none: break
        }
      }
      // `nil` is no such value; another is unwrapped and cast.
      return decide(inner, target, opened: false) == .never ? .never : .perProduct
    case .classType(let classType):
      if let superclass = requirements.superclass,
        case let verdict = between(classType, superclass), verdict != .always
      {
        return verdict
      }
      // A subclass may conform where the class does not.
      return requirements.conformance(of: declared) == .everywhere ? .always : .perProduct
    case .metatype, .function:
      // A class's metatype is an object on platforms with the Objective-C runtime, and
      // a function may be a block: left to each product.
      return .perProduct
    default:
      if requirements.superclass != nil || requirements.isClassBound {
        return mayBridge(declared, with: requirements.superclass) ? .perProduct : .never
      }
      switch requirements.conformance(of: declared) {
      case .everywhere: return .always
      case .somewhere: return .perProduct
      case .none:
        // With the Objective-C runtime, the object a value bridges to may conform.
        return bridgesEveryValue && bridgedClass(of: declared) != nil ? .perProduct : .never
      }
    }
  }

  /// The verdict for a cast between two types that are neither optionals nor
  /// existentials.
  private static func betweenConcreteTypes(
    _ declared: Any.Type, _ shape: TypeShape, _ target: Any.Type, _ targetShape: TypeShape
  ) -> Verdict {
    return switch (shape, targetShape) {
    case (.classType(let classType), .classType(let targetClass)): between(classType, targetClass)
    case (.metatype, .classType), (.classType, .metatype), (.metatype, .metatype): .perProduct
    case (.classType(let classType), _): mayBridge(target, with: classType) ? .perProduct : .never
    case (_, .classType(let targetClass)):
      mayBridge(declared, with: targetClass) ? .perProduct : .never
    case (.array(let element), .array(let targetElement)),
      (.set(let element), .set(let targetElement)):
      // An empty one casts whatever the elements.
      decide(element, targetElement, opened: false) == .always ? .always : .perProduct
    case (.dictionary(let key, let value), .dictionary(let targetKey, let targetValue)):
      decide(key, targetKey, opened: false) == .always
        && decide(value, targetValue, opened: false) == .always ? .always : .perProduct
    case (.tuple(let elements), .tuple(let targetElements)): betweenTuples(elements, targetElements)
    // A function casts to its own type, and to the same type that throws.
    case (.function, .function): .perProduct
    // Two types of different kinds, or two other structs or enums: a value of one is
    // never the other.
    default: .never
    }
  }

  /// The verdict for a cast between tuple types: element by element, when they have
  /// as many elements and no two labels differ.
  private static func betweenTuples(
    _ elements: [TypeShape.TupleElement], _ targetElements: [TypeShape.TupleElement]
  ) -> Verdict {
    guard elements.count == targetElements.count else { return .never }
    var verdict = Verdict.always
    for (element, targetElement) in zip(elements, targetElements) {
      if let label = element.label, let targetLabel = targetElement.label, label != targetLabel {
        return .never
      }
      switch decide(element.type, targetElement.type, opened: false) {
      case .never: return .never
      case .perProduct: verdict = .perProduct
      case .always: break
      }
    }
    return verdict
  }

  /// The verdict for a cast between two classes: always to the class or a superclass;
  /// to a subclass, when the instance is of that subclass (or of one of its own); and
  /// never to an unrelated class, since only a subclass of both could be cast.
  private static func between(_ classType: AnyClass, _ targetClass: AnyClass) -> Verdict {
    if isSubclass(classType, of: targetClass) { return .always }
    return isSubclass(targetClass, of: classType) ? .perProduct : .never
  }

  /// Whether `type` is `ancestor` or one of its subclasses: a cast of class metatypes,
  /// which follows the superclasses and looks up no conformance.
  private static func isSubclass(_ type: AnyClass, of ancestor: AnyClass) -> Bool {
    func isSubclass<Ancestor>(of _: Ancestor.Type) -> Bool { type is Ancestor.Type }
    return isSubclass(of: ancestor)
  }

  /// Whether a value of `type`, not a class, may be cast to an instance of
  /// `relatedClass` (or, without one, to some class), and such an instance to `type`:
  /// `type` bridges to a class related to it (`String` and `NSString`, where Foundation
  /// provides the bridge), or any value may be boxed in an object.
  private static func mayBridge(_ type: Any.Type, with relatedClass: AnyClass?) -> Bool {
    if bridgesEveryValue { return true }
    guard let bridged = bridgedClass(of: type) else { return false }
    return relatedClass.map { between(bridged, $0) != .never } ?? true
  }

  /// The class values of `type` bridge to, when they do.
  private static func bridgedClass(of type: Any.Type) -> AnyClass? {
    func objectiveCType<Bridged: _ObjectiveCBridgeable>(_: Bridged.Type) -> AnyClass {
      Bridged._ObjectiveCType.self
    }
    return (type as? any _ObjectiveCBridgeable.Type).map { objectiveCType($0) }
  }
}
