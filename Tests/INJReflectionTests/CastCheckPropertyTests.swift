import Foundation
import TestUtilities
import Testing

@testable import INJReflection

// The types the generator builds from: classes in a hierarchy, a generic class,
// structs with and without conformances (one conditional, some isolated to the main
// actor), protocol types, and Foundation's bridged classes.

/// The sample types, internal so that the runtime finds each by its name as it finds
/// an app's.
enum Sample {
  protocol Shape {}
  protocol Rolling {}
  protocol Titled {}
  protocol Pinned: AnyObject {}

  class Base: Hashable {
    static func == (lhs: Base, rhs: Base) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
  class Sub: Base, Shape {}
  final class SubSub: Sub, Rolling, Pinned {}
  class Other: Rolling {}
  final class Box<Value>: Base {}
  struct Plain {}
  struct Square: Shape, Hashable {}
  struct Disc: Shape, Rolling, Hashable {}
  enum Suit: Hashable { case hearts, spades }
  struct Boxed<Value> {}
  struct Failure: Error {}

  /// A class whose conformance to `Titled` holds on the main actor only.
  @MainActor final class IsolatedModel: @MainActor Titled {
    nonisolated init() {}
  }
  /// A struct whose conformances to `Titled` and `Hashable` hold on the main actor only.
  @MainActor struct IsolatedValue: @MainActor Titled, @MainActor Hashable {
    let name: String
    nonisolated init() { name = "isolated" }
  }
}

extension Sample.Boxed: Sample.Shape where Value: Hashable {}

/// Values of any type, handed to one other thread at a time and only read there.
private struct Shared<Value>: @unchecked Sendable {
  let value: Value
}

/// A type the generator made: its metatype, a name for messages, and values of it,
/// each kept as `Any` the way the container keeps a product.
private struct Generated {
  let type: Any.Type
  let name: String
  let values: [Any]
}

/// The labels of a generated pair.
private enum Labels: CaseIterable {
  case none, ab, ba, aOnly, bOnly, xy

  func name(_ first: String, _ second: String) -> String {
    switch self {
    case .none: "(\(first), \(second))"
    case .ab: "(a: \(first), b: \(second))"
    case .ba: "(b: \(first), a: \(second))"
    case .aOnly: "(a: \(first), \(second))"
    case .bOnly: "(\(first), b: \(second))"
    case .xy: "(x: \(first), y: \(second))"
    }
  }
}

/// How a generated type is built.
private indirect enum Tree {
  case leaf(Int)
  case optional(Tree)
  case array(Tree)
  case set(Tree)
  case dictionary(Tree, Tree)
  case pair(Tree, Tree, Labels)
}

/// Builds types and values from ``Tree``s; call on the main actor, where values of
/// the isolated conformances can be made into their protocol types.
extension Sample {
  @MainActor
  fileprivate struct Generator {
    /// The leaves: each a type and every kind of value it may hold (subclass instances
    /// for a class, each conforming value for a protocol type).
    let leaves: [Generated]

    init() {
      let base = Base()
      let sub = Sub()
      let subSub = SubSub()
      let other = Other()
      let box = Box<Int>()
      let model = IsolatedModel()
      let string = NSString(string: "bridged")
      let number = NSNumber(value: 3)
      let concrete: [Any] = [
        7, "seven", Plain(), Square(), Disc(), Suit.hearts, Boxed<Int>(), Boxed<Plain>(),
        Boxed<IsolatedValue>(), Failure(), base,
        sub, subSub, other, box, Box<String>(), model, IsolatedValue(), string, number,
        NSObject(), Optional<Int>.none as Any, [Int]() as Any, [1, 2] as Any, (1, "one") as Any,
        AnyHashable(7), Sub.self, { 7 } as () -> Int,
      ]
      func conforming<P>(_: P.Type) -> [Any] {
        concrete.filter { $0 is P }
      }
      leaves = [
        Generated(type: Int.self, name: "Int", values: [0, 7]),
        Generated(type: String.self, name: "String", values: ["", "seven"]),
        Generated(type: Plain.self, name: "Plain", values: [Plain()]),
        Generated(type: Square.self, name: "Square", values: [Square()]),
        Generated(type: Disc.self, name: "Disc", values: [Disc()]),
        Generated(type: Suit.self, name: "Suit", values: [Suit.hearts, Suit.spades]),
        Generated(type: Boxed<Int>.self, name: "Boxed<Int>", values: [Boxed<Int>()]),
        Generated(type: Boxed<Plain>.self, name: "Boxed<Plain>", values: [Boxed<Plain>()]),
        Generated(
          type: Boxed<IsolatedValue>.self, name: "Boxed<IsolatedValue>",
          values: [Boxed<IsolatedValue>()]),
        Generated(type: Failure.self, name: "Failure", values: [Failure()]),
        Generated(type: Base.self, name: "Base", values: [base, sub, subSub, box]),
        Generated(type: Sub.self, name: "Sub", values: [sub, subSub]),
        Generated(type: SubSub.self, name: "SubSub", values: [subSub]),
        Generated(type: Other.self, name: "Other", values: [other]),
        Generated(type: Box<Int>.self, name: "Box<Int>", values: [box]),
        Generated(type: Box<String>.self, name: "Box<String>", values: [Box<String>()]),
        Generated(type: IsolatedModel.self, name: "IsolatedModel", values: [model]),
        Generated(type: IsolatedValue.self, name: "IsolatedValue", values: [IsolatedValue()]),
        Generated(type: NSString.self, name: "NSString", values: [string]),
        Generated(type: NSNumber.self, name: "NSNumber", values: [number]),
        Generated(type: NSObject.self, name: "NSObject", values: [NSObject(), string, number]),
        Generated(type: Any.self, name: "Any", values: concrete),
        Generated(
          type: AnyObject.self, name: "AnyObject",
          values: [base, subSub, other, string, Square() as AnyObject, 7 as AnyObject]),
        Generated(
          type: AnyHashable.self, name: "AnyHashable",
          values: [AnyHashable(7), AnyHashable("seven"), AnyHashable(Square()), AnyHashable(base)]),
        Generated(type: (any Shape).self, name: "any Shape", values: conforming((any Shape).self)),
        Generated(
          type: (any Shape & Rolling).self, name: "any Shape & Rolling",
          values: conforming((any Shape & Rolling).self)),
        Generated(
          type: (any Titled).self, name: "any Titled", values: conforming((any Titled).self)),
        Generated(
          type: (any Pinned).self, name: "any Pinned", values: conforming((any Pinned).self)),
        Generated(
          type: (any Rolling & AnyObject).self, name: "any Rolling & AnyObject",
          values: conforming((any Rolling & AnyObject).self)),
        Generated(
          type: (any Base & Shape).self, name: "any Base & Shape",
          values: conforming((any Base & Shape).self)),
        Generated(
          type: (any Hashable).self, name: "any Hashable", values: conforming((any Hashable).self)),
        Generated(type: (any Error).self, name: "any Error", values: conforming((any Error).self)),
        Generated(type: (() -> Int).self, name: "() -> Int", values: [{ 7 } as () -> Int]),
        Generated(
          type: (() throws -> Int).self, name: "() throws -> Int",
          values: [{ 7 } as () throws -> Int]),
        Generated(type: Base.Type.self, name: "Base.Type", values: [Base.self, Sub.self]),
        Generated(
          type: (any Shape.Type).self, name: "any Shape.Type", values: [Square.self, Sub.self]),
      ]
    }

    /// A random tree at most `depth` levels deep.
    func tree(depth: Int, using random: inout SplitMix64) -> Tree {
      guard depth > 0, Int.random(in: 0..<3, using: &random) > 0 else {
        return .leaf(Int.random(in: 0..<leaves.count, using: &random))
      }
      let inner = { (random: inout SplitMix64) in tree(depth: depth - 1, using: &random) }
      switch Int.random(in: 0..<6, using: &random) {
      case 0: return .optional(inner(&random))
      case 1: return .array(inner(&random))
      case 2: return .set(inner(&random))
      case 3: return .dictionary(inner(&random), inner(&random))
      case 4:
        return .pair(inner(&random), inner(&random), Labels.allCases.randomElement(using: &random)!)
      default: return .optional(.optional(inner(&random)))
      }
    }

    /// A tree like `tree`, changed in one place: a leaf for another, an optional added
    /// or taken away, other labels, another kind of collection.
    func mutated(_ tree: Tree, using random: inout SplitMix64) -> Tree {
      let here = Int.random(in: 0..<3, using: &random) == 0
      switch tree {
      case .leaf:
        return here ? .optional(tree) : .leaf(Int.random(in: 0..<leaves.count, using: &random))
      case .optional(let wrapped):
        return here ? wrapped : .optional(mutated(wrapped, using: &random))
      case .array(let element):
        return here ? .set(element) : .array(mutated(element, using: &random))
      case .set(let element):
        return here ? .array(element) : .set(mutated(element, using: &random))
      case .dictionary(let key, let value):
        if here { return .array(value) }
        return Bool.random(using: &random)
          ? .dictionary(mutated(key, using: &random), value)
          : .dictionary(key, mutated(value, using: &random))
      case .pair(let first, let second, let labels):
        if here { return .pair(first, second, Labels.allCases.randomElement(using: &random)!) }
        return Bool.random(using: &random)
          ? .pair(mutated(first, using: &random), second, labels)
          : .pair(first, mutated(second, using: &random), labels)
      }
    }

    /// The type and values a tree describes; nil when it needs a set or a dictionary of
    /// a type that is not `Hashable`.
    func build(_ tree: Tree) -> Generated? {
      switch tree {
      case .leaf(let index):
        return leaves[index]
      case .optional(let wrapped):
        return build(wrapped).map { Self.optional(of: $0.type, $0) }
      case .array(let element):
        return build(element).map { Self.array(of: $0.type, $0) }
      case .set(let element):
        guard let element = build(element),
          let hashable = element.type as? any Hashable.Type
        else { return nil }
        return Self.set(of: hashable, element)
      case .dictionary(let key, let value):
        guard let key = build(key), let hashable = key.type as? any Hashable.Type,
          let value = build(value)
        else { return nil }
        return Self.dictionary(of: hashable, value.type, key, value)
      case .pair(let first, let second, let labels):
        guard let first = build(first), let second = build(second) else { return nil }
        return Self.pair(of: first.type, second.type, first, second, labels)
      }
    }

    /// At most a few values of each type: the first (`nil`, an empty collection) and a
    /// spread of the others.
    private static func few(_ values: [Any]) -> [Any] {
      guard values.count > 6 else { return values }
      let step = Double(values.count - 1) / 5
      return (0...5).map { values[Int((Double($0) * step).rounded())] }
    }

    private static func optional<T>(of _: T.Type, _ wrapped: Generated) -> Generated {
      Generated(
        type: T?.self, name: "Optional<\(wrapped.name)>",
        values: few(
          [T?.none as Any] + wrapped.values.compactMap { ($0 as? T).map { Optional($0) as Any } }))
    }

    private static func array<T>(of _: T.Type, _ element: Generated) -> Generated {
      let elements = element.values.compactMap { $0 as? T }
      return Generated(
        type: [T].self, name: "[\(element.name)]",
        values: few([[T]() as Any] + elements.map { [$0] as Any } + [elements as Any]))
    }

    private static func set<T: Hashable>(of _: T.Type, _ element: Generated) -> Generated {
      let elements = element.values.compactMap { $0 as? T }
      return Generated(
        type: Set<T>.self, name: "Set<\(element.name)>",
        values: few([Set<T>() as Any] + elements.map { Set([$0]) as Any }))
    }

    private static func dictionary<K: Hashable, V>(
      of _: K.Type, _: V.Type, _ key: Generated, _ value: Generated
    ) -> Generated {
      let keys = key.values.compactMap { $0 as? K }
      let values = value.values.compactMap { $0 as? V }
      var made: [Any] = [[K: V]() as Any]
      for (index, key) in keys.enumerated() where !values.isEmpty {
        made.append([key: values[index % values.count]] as Any)
      }
      return Generated(type: [K: V].self, name: "[\(key.name): \(value.name)]", values: few(made))
    }

    private static func pair<A, B>(
      of _: A.Type, _: B.Type, _ first: Generated, _ second: Generated, _ labels: Labels
    ) -> Generated {
      let firsts = first.values.compactMap { $0 as? A }
      let seconds = second.values.compactMap { $0 as? B }
      var values: [Any] = []
      for (index, a) in firsts.enumerated() {
        for b in seconds.dropFirst(index % 2).prefix(2) {
          switch labels {
          case .none: values.append((a, b) as Any)
          case .ab: values.append((a: a, b: b) as Any)
          case .ba: values.append((b: a, a: b) as Any)
          case .aOnly: values.append((a: a, b) as Any)
          case .bOnly: values.append((a, b: b) as Any)
          case .xy: values.append((x: a, y: b) as Any)
          }
        }
      }
      let type: Any.Type =
        switch labels {
        case .none: (A, B).self
        case .ab: (a: A, b: B).self
        case .ba: (b: A, a: B).self
        case .aOnly: (a: A, B).self
        case .bOnly: (A, b: B).self
        case .xy: (x: A, y: B).self
        }
      return Generated(type: type, name: labels.name(first.name, second.name), values: few(values))
    }
  }
}

/// Whether `value` can be cast to `Target`, as the container casts a product.
private func casts<Target>(_ value: Any, to _: Target.Type) -> Bool {
  value is Target
}

/// The results of casting each value to `target` where this runs.
private func castResults(_ values: [Any], to target: Any.Type) -> [Bool] {
  values.map { casts($0, to: target) }
}

/// The check's verdict, asked where this runs.
private func verdicts(_ declared: Any.Type, _ target: Any.Type) -> [CastCheck.Verdict] {
  [CastCheck.verdict(castingProductsOf: declared, to: target)]
}

/// A verdict and what the runtime's casts did, on the main actor and off it.
private struct Observation {
  let declared: Generated
  let target: Generated
  /// The verdicts asked on the main actor.
  let verdictsOnMain: [CastCheck.Verdict]
  /// The same, asked off the main actor.
  let verdictsOffMain: [CastCheck.Verdict]
  let castsOnMain: [Bool]
  let castsOffMain: [Bool]

  /// The verdict found first on the main actor.
  var verdict: CastCheck.Verdict { verdictsOnMain[0] }

  /// What is wrong with the verdict, if anything.
  var failure: String? {
    let pair = "\(declared.name) as? \(target.name)"
    let verdicts = verdictsOnMain + verdictsOffMain
    guard verdicts.allSatisfy({ $0 == verdict }) else {
      return "\(pair): \(verdictsOnMain) on the main actor, \(verdictsOffMain) off it"
    }
    let all = castsOnMain + castsOffMain
    switch verdict {
    case .never where all.contains(true):
      return "\(pair): never, but a value casts (main: \(castsOnMain), off: \(castsOffMain))"
    case .always where all.contains(false):
      return "\(pair): always, but a value fails (main: \(castsOnMain), off: \(castsOffMain))"
    default:
      return nil
    }
  }
}

/// Checks ``CastCheck`` against the runtime's casts of real values: whenever it says
/// never, no value of the declared type casts to the target, on the main actor or off
/// it; whenever it says always, every value casts, on either. The verdict is the same
/// wherever it is asked first.
@Suite("Cast checks against the runtime's casts")
struct CastCheckPropertyTests {
  /// The seed; a failure names it with the pair, so it reproduces.
  static let seed: UInt64 = 0x1A7E_CA57

  @Test func theVerdictHoldsForEveryValueOnEveryThread() async throws {
    let pairs = await MainActor.run {
      Shared(value: Self.generatedPairs(count: 4_000, seed: Self.seed))
    }
    let observations = await Self.observe(pairs.value)
    let failures = observations.compactMap(\.failure)
    #expect(failures.isEmpty, "seed \(Self.seed): \(failures.prefix(20).joined(separator: "\n"))")
    // The pairs reach every verdict, so the property is not met by silence alone.
    let counts = Dictionary(grouping: observations, by: \.verdict).mapValues(\.count)
    #expect(counts[.never, default: 0] > 200)
    #expect(counts[.always, default: 0] > 200)
    #expect(counts[.perProduct, default: 0] > 200)
  }

  @Test func isolatedConformancesAreLeftToEachProduct() async throws {
    let shared = await MainActor.run {
      let generator = Sample.Generator()
      let names = [
        ("IsolatedModel", "any Titled"), ("IsolatedValue", "any Titled"),
        ("IsolatedValue", "any Hashable"), ("IsolatedValue", "AnyHashable"),
        ("any Titled", "any Titled"), ("any Titled", "IsolatedModel"),
        ("Boxed<IsolatedValue>", "any Shape"),
      ]
      let leaf = { (name: String) in generator.leaves.first { $0.name == name }! }
      var pairs = names.map { (leaf($0.0), leaf($0.1)) }
      for (declared, target) in pairs {
        for wrap in [Tree.optional, Tree.array] {
          let index = { (name: String) in generator.leaves.firstIndex { $0.name == name }! }
          pairs.append(
            (
              generator.build(wrap(.leaf(index(declared.name))))!,
              generator.build(wrap(.leaf(index(target.name))))!
            ))
        }
      }
      return Shared(value: pairs)
    }
    let observations = await Self.observe(shared.value)
    #expect(observations.compactMap(\.failure) == [])
    // A main-actor conformance casts on the main actor and, on a runtime that checks
    // isolation (Swift 6.2 and later), fails off it: the check cannot decide it.
    let model = try #require(observations.first { $0.declared.name == "IsolatedModel" })
    #expect(model.verdict == .perProduct)
    #expect(model.castsOnMain == [true])
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      #expect(model.castsOffMain == [false])
    }
  }

  /// Pairs of generated types: half of the targets a change of the declared type,
  /// half another random type.
  @MainActor
  private static func generatedPairs(count: Int, seed: UInt64) -> [(Generated, Generated)] {
    var random = SplitMix64(seed: seed)
    let generator = Sample.Generator()
    var pairs: [(Generated, Generated)] = []
    while pairs.count < count {
      let tree = generator.tree(depth: 3, using: &random)
      let other =
        Bool.random(using: &random)
        ? generator.mutated(tree, using: &random) : generator.tree(depth: 3, using: &random)
      guard let declared = generator.build(tree), let target = generator.build(other) else {
        continue
      }
      pairs.append((declared, target))
    }
    return pairs
  }

  /// Asks the check about each pair on the main actor and off it, the one first that
  /// a coin chooses, and casts every value of the declared type to the target on both.
  private static func observe(_ pairs: [(Generated, Generated)]) async -> [Observation] {
    var random = SplitMix64(seed: seed ^ 0xFF)
    var observations: [Observation] = []
    for (declared, target) in pairs {
      let shared = Shared(value: (declared.type, target.type, declared.values))
      let offMain = { @Sendable () async -> Shared<([CastCheck.Verdict], [Bool])> in
        await Task.detached {
          let (declared, target, values) = shared.value
          return Shared(value: (verdicts(declared, target), castResults(values, to: target)))
        }.value
      }
      let onMain = { @Sendable () async -> Shared<([CastCheck.Verdict], [Bool])> in
        await MainActor.run {
          let (declared, target, values) = shared.value
          return Shared(value: (verdicts(declared, target), castResults(values, to: target)))
        }
      }
      let main: Shared<([CastCheck.Verdict], [Bool])>
      let off: Shared<([CastCheck.Verdict], [Bool])>
      if Bool.random(using: &random) {
        off = await offMain()
        main = await onMain()
      } else {
        main = await onMain()
        off = await offMain()
      }
      observations.append(
        Observation(
          declared: declared, target: target, verdictsOnMain: main.value.0,
          verdictsOffMain: off.value.0, castsOnMain: main.value.1, castsOffMain: off.value.1))
    }
    return observations
  }
}
