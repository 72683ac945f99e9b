/// The parts of a Swift function type that say which provider closure it can hold:
/// its argument, result, effects and isolation, read from the type's metadata.
///
/// A caller names a closure type only as a generic parameter (`value(forName:as:)`
/// with `T == () -> any Screen`, an `@Inject` property of type `(@MainActor () ->
/// Screen)?`), and Swift has no way to take a function type apart in generic code.
/// The runtime does: a function type's metadata lists its parameters, its result and
/// its flags. Reading them lets one code path make the closure of any supported shape,
/// which is what keeps the resolving API to one generic method instead of an overload
/// per closure shape.
///
/// Invariant: the metadata is read past its first word only when that word is the
/// function metadata kind, so the record is a `TargetFunctionTypeMetadata`
/// (`swift/ABI/Metadata.h`): the kind, then the flags (`TargetFunctionTypeFlags`, a
/// pointer-sized word), then the result type's metadata, then one metadata pointer per
/// parameter. What follows the parameters (parameter flags, differentiability, the
/// global actor, extended flags) is present only when a flag says so, in that order,
/// each aligned to its size; the global actor is read only when no parameter flags and
/// no differentiability precede it, and nothing after it is read. The extended flags
/// are read only where the runtime keeps them: see ``runtimeKeepsExtendedFlags``.
/// Every field read is a pointer or a flag word of the record the runtime itself keeps
/// for the life of the process. `ClosureTypeTests` reads every supported and refused
/// shape, and a record as an earlier runtime makes it.
package struct ClosureType: Equatable, CustomStringConvertible {
  /// The parameter's type, for a closure taking one; nil for one taking none.
  package let argument: Any.Type?
  /// The result type.
  package let result: Any.Type
  /// Whether the closure throws (untyped: `throws`).
  package let isThrowing: Bool
  /// Whether the closure is `async`.
  package let isAsync: Bool
  /// Whether the closure is isolated to the main actor.
  package let isMainActor: Bool
  /// Whether an async closure runs on its caller's actor (`nonisolated(nonsending)`,
  /// the default for async function types under `NonisolatedNonsendingByDefault`).
  package let runsOnCallersActor: Bool
  /// Whether the type says `@Sendable`. It does not change how the closure is
  /// represented: two types that differ only here hold the same closures.
  package private(set) var isSendable: Bool
  /// What the container cannot make a closure for, when the type has it: "typed
  /// throws", "more than one parameter" and the like; nil for a supported type.
  package let unsupportedFeature: String?
  /// How many parameters the type has.
  package let parameterCount: Int
  /// The type as the runtime spells it, for a type the container cannot make, whose
  /// other fields do not say all of it.
  private let spelling: String?
  /// For a lazy value (``Lazy``, ``WeakLazy``), its type: read as the closure that makes
  /// its product, `@MainActor () throws -> Value`.
  package private(set) var lazyType: (any LazyValue.Type)?

  /// Reads a function type, or a lazy value's type as its closure; nil for another
  /// type, or when the reading of function metadata is off
  /// (``FastPaths/readsFunctionMetadata``): a closure is then handed out only as exactly
  /// the types its factory made (``ProviderFactory``).
  package init?(_ type: Any.Type) {
    if let lazy = type as? any LazyValue.Type {
      self.init(lazy: lazy, result: lazy.valueType)
      return
    }
    guard FastPaths.readsFunctionMetadata else { return nil }
    self.init(type, extendedFlagsKept: Self.runtimeKeepsExtendedFlags)
  }

  /// Reads a function type whose metadata record has an extended flags word only when
  /// `extendedFlagsKept`; nil when `type` is not a function type.
  package init?(_ type: Any.Type, extendedFlagsKept: Bool) {
    let metadata = RuntimeRecord(metadataOf: type)
    guard metadata.kind == MetadataKind.function else { return nil }
    let flags = Flags(rawValue: metadata.word(1))
    let parameterCount = Int(flags.rawValue & Flags.parameterCountMask)
    self.parameterCount = parameterCount
    result = metadata.type(atWord: 2)
    argument = parameterCount == 1 ? metadata.type(atWord: 3) : nil
    isThrowing = flags.contains(.throwing)
    isAsync = flags.contains(.async)
    isSendable = flags.contains(.sendable)

    var globalActor: Any.Type?
    var extendedFlags: UInt32 = 0
    var unsupported: String?
    if flags.rawValue & Flags.conventionMask != 0 {
      unsupported = "a calling convention other than Swift's"
    } else if parameterCount > 1 {
      unsupported = "more than one parameter (take a tuple)"
    } else if flags.contains(.parameterAttributes) {
      unsupported = "an inout, variadic, isolated or ownership parameter"
    } else if flags.contains(.differentiable) {
      unsupported = "@differentiable"
    } else {
      var index = 3 + parameterCount
      if flags.contains(.globalActor) {
        globalActor = metadata.type(atWord: index)
        index += 1
      }
      if flags.contains(.extendedAttributes) {
        extendedFlags =
          extendedFlagsKept
          ? metadata.uint32(at: index * RuntimeRecord.wordSize) : Self.callersActor
      }
      if let actor = globalActor, actor != MainActor.self {
        unsupported = "isolation to the global actor \(actor)"
      } else if extendedFlags & Self.typedThrows != 0 {
        unsupported = "typed throws"
      } else if extendedFlags & Self.isolatedAny != 0 {
        unsupported = "@isolated(any)"
      } else if extendedFlags & Self.sendingResult != 0 {
        unsupported = "a sending result"
      } else if extendedFlags & ~Self.callersActor != 0 {
        unsupported = "a noncopyable or nonescapable parameter or result"
      }
    }
    isMainActor = globalActor == MainActor.self
    runsOnCallersActor = extendedFlags & Self.callersActor != 0
    unsupportedFeature = unsupported
    spelling = unsupported.map { _ in String(describing: type) }
  }

  /// A supported closure type, for messages and comparisons: not `@Sendable`, and not
  /// running on its caller's actor.
  package init(
    argument: Any.Type?, result: Any.Type, isThrowing: Bool, isAsync: Bool, isMainActor: Bool
  ) {
    self.argument = argument
    self.result = result
    self.isThrowing = isThrowing
    self.isAsync = isAsync
    self.isMainActor = isMainActor
    runsOnCallersActor = false
    isSendable = false
    unsupportedFeature = nil
    parameterCount = argument == nil ? 0 : 1
    spelling = nil
  }

  /// A lazy value's type, `lazy`, read as its closure with `result` as its product
  /// type: `@MainActor () throws -> Result`, spelt for messages as `Lazy<Result>`.
  package init(lazy: any LazyValue.Type, result: Any.Type) {
    self.init(argument: nil, result: result, isThrowing: true, isAsync: false, isMainActor: true)
    lazyType = lazy
  }

  /// The same type with `isSendable` set as given.
  package func withSendable(_ sendable: Bool) -> ClosureType {
    var copy = self
    copy.isSendable = sendable
    return copy
  }

  /// Whether two types are the same function type.
  package static func == (lhs: ClosureType, rhs: ClosureType) -> Bool {
    lhs.argument.map(ObjectIdentifier.init) == rhs.argument.map(ObjectIdentifier.init)
      && lhs.result == rhs.result && lhs.isThrowing == rhs.isThrowing
      && lhs.isAsync == rhs.isAsync && lhs.isMainActor == rhs.isMainActor
      && lhs.runsOnCallersActor == rhs.runsOnCallersActor && lhs.isSendable == rhs.isSendable
      && lhs.unsupportedFeature == rhs.unsupportedFeature
      && lhs.parameterCount == rhs.parameterCount
  }

  /// The type as Swift spells it, without `@Sendable`: `@MainActor (String) throws ->
  /// Screen`.
  package var description: String {
    if let spelling = spelling ?? lazyType?.spelling(of: result) {
      return spelling
    }
    var text = isMainActor ? "@MainActor " : runsOnCallersActor ? "nonisolated(nonsending) " : ""
    text += argument.map { "(\($0))" } ?? "()"
    if isAsync { text += " async" }
    if isThrowing { text += " throws" }
    return text + " -> \(result)"
  }

  /// Whether the runtime keeps a function type's extended flags after its record: from
  /// the Swift 6 runtime (iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, and every
  /// Linux toolchain that builds this package).
  ///
  /// An earlier runtime has no `swift_getExtendedFunctionTypeMetadata`. The compiler
  /// then makes a function type with extended attributes through its fallback, which
  /// hands the runtime the flags word, its extended-attributes bit set, without the
  /// extended flags; the runtime keeps the bit and no word after the record. Code can
  /// make only two such types there, as the compiler refuses typed-throws and
  /// `@isolated(any)` metadata below iOS 18: caller isolation
  /// (`nonisolated(nonsending)`) and a `sending` result. The bit alone is read as
  /// caller isolation, the one of the two a provider closure can have (under
  /// `NonisolatedNonsendingByDefault`, every async function type has it; a `sending`
  /// result is refused where the runtime says so). To such a runtime, and to its
  /// casts, the two are one type.
  package static var runtimeKeepsExtendedFlags: Bool {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      return true
    }
    return false
  }

  // MARK: Handing a closure out as the requested type

  /// `closure` as a `Target`: cast when its type is `Target`, and otherwise
  /// reinterpreted, when the two types differ only in `@Sendable`.
  ///
  /// Swift's dynamic cast treats `@MainActor @Sendable () -> X` (how the Swift 6
  /// language mode spells every main-actor function type) and `@MainActor () -> X`
  /// (the Swift 5 mode's spelling of the same declaration) as unrelated types, yet
  /// `@Sendable` changes nothing in a function value's representation: a context
  /// pointer and a function pointer either way. So a closure of one is a closure of
  /// the other, and the bits are reused.
  ///
  /// Invariant: the bits are reinterpreted only when both types are function types
  /// that ``ClosureType`` reads as equal but for ``isSendable``, so they have the same
  /// size, parameters, result, effects, isolation and calling convention. The
  /// closures made here are `@Sendable` (they capture only `Sendable` values), so
  /// calling one as either type is sound. Stops the program when the types differ in
  /// more: the caller makes `closure` from `Target`'s own reading, so that is a
  /// mistake in this package, not in its user's code.
  package static func adopt<Closure, Target>(_ closure: Closure, as target: Target.Type) -> Target {
    if let typed = closure as? Target {
      return typed
    }
    guard let made = ClosureType(Closure.self), let wanted = ClosureType(Target.self),
      made.withSendable(false) == wanted.withSendable(false),
      MemoryLayout<Closure>.size == MemoryLayout<Target>.size
    else {
      preconditionFailure("a closure of type \(Closure.self) made for \(Target.self)")
    }
    return unsafeBitCast(closure, to: Target.self)
  }

  // MARK: The runtime's layout (swift/ABI/MetadataValues.h)

  /// `ExtendedFunctionTypeFlags::TypedThrows`.
  private static let typedThrows: UInt32 = 0x1
  /// `ExtendedFunctionTypeFlags::IsolatedAny`.
  private static let isolatedAny: UInt32 = 0x2
  /// `ExtendedFunctionTypeFlags::NonIsolatedCaller`.
  private static let callersActor: UInt32 = 0x4
  /// `ExtendedFunctionTypeFlags::HasSendingResult`.
  private static let sendingResult: UInt32 = 0x10

  /// `TargetFunctionTypeFlags`.
  private struct Flags: OptionSet {
    let rawValue: UInt
    static let parameterCountMask: UInt = 0x0000_FFFF
    static let conventionMask: UInt = 0x00FF_0000
    static let throwing = Flags(rawValue: 0x0100_0000)
    static let parameterAttributes = Flags(rawValue: 0x0200_0000)
    static let differentiable = Flags(rawValue: 0x0800_0000)
    static let globalActor = Flags(rawValue: 0x1000_0000)
    static let async = Flags(rawValue: 0x2000_0000)
    static let sendable = Flags(rawValue: 0x4000_0000)
    static let extendedAttributes = Flags(rawValue: 0x8000_0000)
  }
}
