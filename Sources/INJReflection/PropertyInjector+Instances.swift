extension PropertyInjector {
  /// Fills the injectable properties of an instance that are nil and offered by
  /// `source`.
  ///
  /// An ``Injectable`` instance hands its properties over first; then every
  /// ``Inject`` property of its class and superclasses is filled. The type's
  /// properties are found once and cached, so later instances of the same type
  /// touch only those properties, and a type with none costs almost nothing.
  ///
  /// ```swift
  /// let filled = try PropertyInjector.injectProperties(into: controller, from: values)
  /// ```
  ///
  /// - Parameters:
  ///   - instance: The object to inject. A value type is never injected: with
  ///     `@Inject` properties it throws, otherwise nothing happens.
  ///   - source: Offers a value for each property name that may be injected.
  /// - Returns: How many properties were filled.
  /// - Throws: ``InjectionError`` when a value does not fit its property or
  ///   `instance` is a value type with `@Inject` properties, and whatever an
  ///   ``Injectable`` type's method throws.
  /// - Complexity: O(*p*) for *p* injectable properties, after the first instance
  ///   of a type.
  @discardableResult
  public static func injectProperties(
    into instance: Any, from source: any InjectionSource
  ) throws -> Int {
    guard let plan = PlanCache.plan(for: instance, ifInjectable: true) else { return 0 }
    return try plan.inject(into: instance, from: source)
  }

  /// The `@Inject` properties of a type, base class first, each with the type it
  /// holds (without the optional); nil when the runtime cannot list the type's stored
  /// fields.
  package static func injectProperties(
    of type: Any.Type
  ) -> [(name: String, valueType: Any.Type)]? {
    SlotDiscovery.typedSlots(of: type)?.map { ($0.slot.name, $0.valueType) }
  }

  /// Whether no value of `type` is ever a class instance, nor an optional holding one:
  /// a struct or an enum, a tuple or a function, or an optional of one. False where a
  /// value may be one (a class, an existential, an optional of one) or the type's kind
  /// is unknown.
  package static func neverHoldsAnObject(_ type: Any.Type) -> Bool {
    switch TypeShape.of(type) {
    case .value, .array, .set, .dictionary, .anyHashable, .tuple, .function: true
    case .optional(let wrapped): neverHoldsAnObject(wrapped)
    case .existential, .classType, .metatype, .other: false
    }
  }

  /// The `@Inject` properties of a struct, which the injector refuses (its copies
  /// would share them); empty for any other type, or when the runtime cannot list the
  /// struct's fields.
  package static func valueTypeInjectPropertyNames(of type: Any.Type) -> [String] {
    guard case .value = TypeShape.of(type) else { return [] }
    return injectProperties(of: type)?.map(\.name) ?? []
  }

  /// The stored properties of an ``Injectable`` class that are named like one of
  /// `names` and hold an optional closure, each with the closure type: the closure
  /// slots the container's check can see in such a class, where the class hands its
  /// properties to the injector under names of its choosing (usually their own).
  ///
  /// Empty for a type that is not `Injectable`, and nil when the runtime cannot list
  /// the type's stored fields.
  package static func injectableClosureFields(
    of type: Any.Type, named names: Set<String>
  ) -> [(name: String, closureType: Any.Type)]? {
    guard !names.isEmpty else { return [] }
    if case .none = ConformanceIndex.injectableConformance(of: type) { return [] }
    var found: [(name: String, closureType: Any.Type)] = []
    let complete = RuntimeFields.forEach(of: type) { name, _, fieldType in
      let fieldName = name.string
      if names.contains(fieldName), case .optional(let wrapped) = TypeShape.of(fieldType),
        ClosureType(wrapped) != nil
      {
        found.append((fieldName, wrapped))
      }
      return true
    }
    return complete ? found : nil
  }

  /// The names of every injectable property of an instance: those an
  /// ``Injectable`` type hands over, then its ``Inject`` properties.
  ///
  /// For an ``Injectable`` instance this calls its method with an injector that
  /// fills nothing, so the property observers of the handed properties run.
  ///
  /// - Parameter instance: The object to look at.
  /// - Returns: The names in the order they are injected, each once.
  public static func injectablePropertyNames(of instance: AnyObject) -> [String] {
    let plan = InjectionPlan.plan(for: instance)
    var names: [String] = []
    if let injectable = instance as? any Injectable {
      var injector = PropertyInjector(source: OffersNothing(), ownerType: plan.type)
      injector.handedNames = []
      // Nothing is offered, so nothing is converted; only the instance's own code
      // can throw here, and then the names handed so far are still listed.
      try? injectable.injectProperties(&injector)
      names = injector.handedNames ?? []
    }
    for name in plan.injectPropertyNames where !names.contains(name) {
      names.append(name)
    }
    return names
  }
}

/// A source that offers nothing: used to list names without injecting.
private struct OffersNothing: InjectionSource {
  func injectionValue(forProperty name: String) -> InjectionValue? { nil }
}
