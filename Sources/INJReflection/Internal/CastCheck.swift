/// Whether the products of a provider can ever be cast to a type, told from their
/// declared type alone, before any product exists.
///
/// A provider closure is handed out before it makes anything, and a plain
/// `() -> Result` closure cannot report a failed cast later; so the container asks
/// here first and refuses a closure whose products could never be a `Result`.
///
/// Swift has no public question "is type A a subtype of type B" for arbitrary types:
/// a metatype cast (`A is B.Type`) answers it for classes, but not when `B` is a
/// protocol type (`any Screen`), because in generic code `B.Type` is the metatype of
/// the existential itself. For that case the check finds the existential metatype
/// `any Screen.Type` by its mangled name (`_mangledTypeName` and `_typeByName`, the
/// standard library's own type-name lookup: the name of `B` with the existential
/// metatype suffix `Xp`, which exists exactly when `B` is an existential), and casts
/// the declared type's metatype to it, which asks the runtime whether the type
/// conforms. No memory is read by hand.
///
/// The rule is the declared type's: a target that is the declared type or one of its
/// supertypes (a superclass, a protocol it conforms to, `Any`, `AnyObject` for a
/// class) is ``Verdict/always`` cast; any other target is ``Verdict/never``, even a
/// subclass that some products might happen to be. Only where the declared type
/// leaves room for the products to decide (a declared protocol type, an optional or
/// `AnyHashable` target, an Objective-C bridge on Apple platforms, a type the lookup
/// cannot name: a private, fileprivate or local type, or a protocol type with
/// primary associated types) is the verdict ``Verdict/perProduct``, and each product is cast
/// as it is made. `CastCheckTests` checks every rule.
package enum CastCheck {
  /// What a cast from the declared type to the target will do.
  package enum Verdict: Sendable, Equatable {
    /// Every product can be cast.
    case always
    /// No product can be cast.
    case never
    /// It depends on each product's dynamic type.
    case perProduct
  }

  /// Whether a product declared as `declared` can be cast to `Target`.
  ///
  /// - Complexity: The first question about a pair of types looks up type names;
  ///   the answer is cached for the life of the process.
  package static func verdict<Target>(
    castingProductsOf declared: Any.Type, to target: Target.Type
  ) -> Verdict {
    if declared == Target.self || declared is Target.Type {
      // The same type, or a subclass of a target class.
      return .always
    }
    let key = Pair(declared: ObjectIdentifier(declared), target: ObjectIdentifier(Target.self))
    if let known = verdicts.withLock({ $0[key] }) {
      return known
    }
    let found = decide(declared, Target.self)
    verdicts.withLock { $0[key] = found }
    return found
  }

  private struct Pair: Hashable {
    let declared: ObjectIdentifier
    let target: ObjectIdentifier
  }

  private static let verdicts = Locked<[Pair: Verdict]>([:])

  private static func decide<Target>(_ declared: Any.Type, _ target: Target.Type) -> Verdict {
    let declaredIsExistential = existentialMetatype(of: declared) != nil
    if let targetMetatype = existentialMetatype(of: target) {
      // A protocol target (or `Any`, `AnyObject`, a composition): the declared type
      // conforms, or it does not. A declared protocol type says nothing this way
      // (existentials do not conform to protocols), so its products decide.
      if isInstance(declared, of: targetMetatype) { return .always }
      return declaredIsExistential ? .perProduct : .never
    }
    guard canBeNamed(target), canBeNamed(declared) else { return .perProduct }
    if declaredIsExistential || _isOptional(target) || target == AnyHashable.self {
      // Products declared as a protocol type may have the target type; Swift wraps a
      // value in an optional, or in `AnyHashable`, when it casts.
      return .perProduct
    }
    #if canImport(ObjectiveC)
    if (declared is AnyClass) != (target is AnyClass) {
      // Objective-C bridging casts between classes and Swift values.
      return .perProduct
    }
    #endif
    // Two named types, not the same, the declared one not a subclass of the target.
    return .never
  }

  /// `any P.Type` for a protocol type `P` (an existential), found by name; nil for
  /// any other type.
  private static func existentialMetatype(of type: Any.Type) -> Any.Type? {
    guard let name = _mangledTypeName(type) else { return nil }
    return _typeByName(name + "Xp")
  }

  /// Whether the runtime finds a type by its mangled name: the lookups above mean
  /// something only for such types.
  private static func canBeNamed(_ type: Any.Type) -> Bool {
    _mangledTypeName(type).flatMap(_typeByName) != nil
  }

  /// Whether `type`, as a metatype value, is an instance of `metatype`: for an
  /// existential metatype `any P.Type`, whether `type` conforms to `P`.
  private static func isInstance(_ type: Any.Type, of metatype: Any.Type) -> Bool {
    _openExistential(metatype, do: probe).holds(type)
  }

  /// Casts to a type known only at run time, opened into `Opened`.
  fileprivate protocol Probing {
    static func holds(_ value: Any) -> Bool
  }

  fileprivate enum Probe<Opened>: Probing {
    /// Whether `value` is an `Opened`.
    static func holds(_ value: Any) -> Bool {
      value is Opened
    }
  }
}

/// The probe for an opened type (a free function: `_openExistential` takes it as its
/// body).
private func probe<Opened>(_ opened: Opened.Type) -> any CastCheck.Probing.Type {
  CastCheck.Probe<Opened>.self
}
