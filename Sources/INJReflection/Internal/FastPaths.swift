import INJPrimitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the readers of the runtime's records may answer: each is checked once per
/// process against an answer known without them for a sample type it reads the way it
/// reads any other, and a reader that disagrees is turned off, so that its public path
/// answers instead (slower, never wrong). A wrong reading (a section range, a record
/// layout of another runtime) can then never be what decides whether injection happens.
///
/// The known answers cost no more than the readers save: a cold start-up pays for the
/// check. So no known answer comes from a conformance lookup of the runtime
/// (`is any Injectable.Type`, or `Mirror`, which first asks for `CustomReflectable`):
/// the first one reads every conformance record of the process.
///
/// - ``readsConformanceRecords``: ``ConformanceIndex`` against the declarations, for a
///   class that declares the conformance and its base class, which does not (no other
///   module can add one to these internal classes), and its witness table against a
///   call of the sample's `injectProperties`; else every answer is the runtime's.
/// - ``readsFieldRecords``: ``FieldRecords`` against the runtime's walk of the fields
///   (``RuntimeFields``, the walk behind `Mirror`), for a class with `@Inject`
///   properties on two levels: the names in order and their offsets, which must fill
///   the very properties; else the runtime's walk of the fields answers.
///
/// - ``readsFunctionMetadata``: ``ClosureType`` against the function types written
///   here, whose parts are known; else a provider closure is handed out only as exactly
///   the closure types its factory makes, each found by `as?`, and any other is refused
///   with an error.
///
/// `INJINEER_PUBLIC_PATHS` set in the environment turns the record readers off from the
/// start, and `INJINEER_PUBLIC_PATHS=all` the function metadata reader too: the test
/// suite runs on the public paths that way.
enum FastPaths {
  /// Whether the readers were turned off by the environment.
  static let areForcedOff = getenv("INJINEER_PUBLIC_PATHS") != nil

  /// Whether the function metadata reader was turned off by the environment.
  static let isFunctionMetadataForcedOff =
    getenv("INJINEER_PUBLIC_PATHS").map { String(cString: $0) == "all" } ?? false

  /// Whether ``ClosureType`` reads function type metadata.
  static let readsFunctionMetadata = !isFunctionMetadataForcedOff && functionMetadataAgrees()

  /// Whether the reading of the sample function types is what their spelling says.
  static func functionMetadataAgrees() -> Bool {
    func read(_ type: Any.Type) -> ClosureType? {
      ClosureType(type, extendedFlagsKept: ClosureType.runtimeKeepsExtendedFlags)
    }
    guard let plain = read((() -> Int).self), let throwing = read(((String) throws -> [Int]).self),
      let onMain = read((@MainActor () async throws -> Double).self),
      let sendable = read((@Sendable (Int) -> String).self),
      let pair = read(((Int, Int) -> Int).self), read(Int.self) == nil
    else { return false }
    return plain
      == ClosureType(
        argument: nil, result: Int.self, isThrowing: false, isAsync: false, isMainActor: false)
      && throwing
        == ClosureType(
          argument: String.self, result: [Int].self, isThrowing: true, isAsync: false,
          isMainActor: false)
      && onMain.result == Double.self && onMain.argument == nil && onMain.isThrowing
      && onMain.isAsync && onMain.isMainActor && onMain.unsupportedFeature == nil
      && sendable.isSendable && sendable.argument == Int.self && sendable.result == String.self
      && pair.unsupportedFeature != nil && pair.parameterCount == 2
  }

  /// Whether ``ConformanceIndex`` answers from the conformance records.
  static let readsConformanceRecords = !areForcedOff && conformanceRecordsAgree()

  /// Whether ``SlotDiscovery`` reads ``FieldRecords``.
  static let readsFieldRecords = !areForcedOff && fieldRecordsAgree()

  /// Whether the records' answers for the samples are the runtime's.
  static func conformanceRecordsAgree() -> Bool {
    let answers = ConformanceIndex.injectable.withLock { records in
      (records.answer(for: FastPathSample.self), records.answer(for: FastPathBase.self))
    }
    guard case .witness(let witness)? = answers.0, answers.1 == ConformanceIndex.Conformance.none
    else { return false }
    let sample = FastPathSample()
    var injector = PropertyInjector(source: FastPathSample.Values(), ownerType: FastPathSample.self)
    try? witness.injectable(sample).injectProperties(&injector)
    return sample.wasInjected
  }

  /// Whether the field records' slots of the sample are those the runtime's walk of its
  /// fields finds (``SlotDiscovery/walkFields(of:)``, the walk behind `Mirror`, which is
  /// not asked itself: it first looks up the sample's conformance to
  /// `CustomReflectable`), and fill the sample's properties.
  static func fieldRecordsAgree() -> Bool {
    let sample = FastPathSample()
    guard let slots = FieldRecords.injectSlots(of: FastPathSample.self),
      slots == SlotDiscovery.walkFields(of: FastPathSample.self)?.map(\.slot)
    else { return false }
    let source = FastPathSample.Values()
    let filled = slots.allSatisfy { slot in
      (try? slot.fill(in: sample, from: source, ownerType: FastPathSample.self)) == true
    }
    return filled && sample.base == FastPathSample.Values.base
      && sample.own == FastPathSample.Values.own
  }
}

/// The base class of ``FastPathSample``: `@Inject` storage on another level, and no
/// conformance to ``Injectable``.
class FastPathBase {
  @Inject var base: String?
  var other = 0
}

/// The sample the readers of the runtime's records are checked on (``FastPaths``).
final class FastPathSample: FastPathBase, Injectable {
  @Inject var own: Int?
  var wasInjected = false

  func injectProperties(_ injector: inout PropertyInjector) throws {
    wasInjected = true
  }

  /// The values the sample's properties are filled with.
  struct Values: InjectionSource {
    static let base = "base"
    static let own = 7

    func injectionValue(forProperty name: String) -> InjectionValue? {
      switch name {
      case "base": .value(Self.base)
      case "own": .value(Self.own)
      default: nil
      }
    }
  }
}
