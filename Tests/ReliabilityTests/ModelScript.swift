/// A sequence of registrations, resolutions and checks on one container, decoded
/// from bytes: the model-based tests make the bytes with a seeded generator, the
/// fuzzer mutates them, and a stored regression replays them.
///
/// Every byte string decodes to a script (missing bytes read as zero), so each
/// input the fuzzer tries is a meaningful case.
struct ModelScript: CustomStringConvertible {
  /// How a provider shares its products.
  enum Scope: Equatable {
    case transient
    case singleton
    case objectGraph
    /// Two scope options at once: the provider is reported and never resolves.
    case conflicting
  }

  /// One registration; `index` is its number in the script and its source line.
  struct Registration {
    enum Kind {
      case instance
      case provider(Provider)
    }

    struct Provider {
      var dependencies: [String]
      var scope: Scope
      /// The creator throws on every call whose number (from 1, per registration)
      /// is a multiple of this.
      var failEvery: Int?
      /// The creator calls each provider closure it receives once and keeps what
      /// the call returns.
      var callsClosures: Bool
      /// How many short-lived containers the creator makes, resolves an
      /// object-graph name in, and drops, before it makes its product.
      var scratchContainers = 0
      /// The creator returns one object made when the provider was registered (as a
      /// cache or an alias does) instead of a new one each time; the object has
      /// `@Inject` properties named like the script's names.
      var returnsShared = false
    }

    var index: Int
    var name: String
    var kind: Kind

    var provider: Provider? {
      if case .provider(let provider) = kind { provider } else { nil }
    }
  }

  enum Step {
    case register(Registration)
    /// `container.value(forName:)`.
    case resolve(String)
    /// `container.value(forName:as: (() throws -> Made).self)`, keeping the closure.
    case obtainClosure(String)
    /// Calls a kept closure (its index modulo the number kept); nothing when none.
    case callClosure(Int)
    /// `container.checkForErrors()`.
    case check
  }

  var steps: [Step] = []

  /// Names that can be registered: at most ten distinct, so that the reference
  /// model can enumerate cycles by brute force.
  static let baseNames = ["api", "app", "cache", "client", "store", "screen"]
  /// Registered only to collide with the provider closures of `api` and `cache`.
  static let providerNames = ["apiProvider", "cacheProvider"]
  static let blankNames = ["", " "]
  static let maximumSteps = 48
  static let maximumDependencies = 3

  /// Decodes a script; any bytes make one.
  ///
  /// Most names are chosen among those that make a working graph (names not yet
  /// registered, requests for registered names), so that most resolutions go deep;
  /// the rest are mistakes: duplicates, collisions, typos, blank names, cycles.
  init(bytes: [UInt8]) {
    var reader = ByteReader(bytes)
    var registered: [String] = []
    while !reader.isAtEnd, steps.count < Self.maximumSteps {
      switch reader.next(below: 16) {
      case 0..<8 where registered.count < Self.baseNames.count || reader.next(below: 4) == 0:
        let registration = Self.registration(
          index: registered.count, registered: registered, from: &reader)
        registered.append(registration.name)
        steps.append(.register(registration))
      case 0..<12, 15:
        steps.append(.resolve(Self.requestedName(registered: registered, from: &reader)))
      case 12:
        let name =
          reader.next(below: 4) == 0
          ? Self.referencedName(from: &reader)
          : Self.baseNames[reader.next(below: Self.baseNames.count)] + "Provider"
        steps.append(.obtainClosure(name))
      case 13:
        steps.append(.callClosure(reader.next(below: 256)))
      default:
        steps.append(.check)
      }
    }
  }

  private static func registration(
    index: Int, registered: [String], from reader: inout ByteReader
  ) -> Registration {
    let pick = reader.next(below: 16)
    let unregistered = baseNames.filter { !registered.contains($0) }
    let name: String =
      switch pick {
      case 0..<10 where !unregistered.isEmpty: unregistered[pick % unregistered.count]
      case 0..<13: baseNames[pick % baseNames.count]
      case 13..<15: providerNames[pick - 13]
      default: blankNames[reader.next(below: 2)]
      }
    if reader.next(below: 8) < 2 {
      return Registration(index: index, name: name, kind: .instance)
    }
    let scope: Scope =
      switch reader.next(below: 32) {
      case 0..<18: .transient
      case 18..<25: .singleton
      case 25..<31: .objectGraph
      default: .conflicting
      }
    // Mostly names after the provider's own in `baseNames`, so most graphs are
    // acyclic and resolve deep; sometimes any name.
    let later = baseNames.suffix(from: (baseNames.firstIndex(of: name) ?? -1) + 1)
    let dependencies = (0..<reader.next(below: maximumDependencies + 1)).map { _ in
      let pick = reader.next(below: 8)
      if pick < 5, !later.isEmpty {
        return later[later.startIndex + reader.next(below: later.count)]
      }
      return pick < 7
        ? baseNames[reader.next(below: baseNames.count)] : referencedName(from: &reader)
    }
    // One byte says how the creator behaves besides making its product, so that
    // inputs stored before a behaviour was added keep their meaning otherwise.
    let failPick = reader.next(below: 16)
    let provider = Registration.Provider(
      dependencies: dependencies, scope: scope, failEvery: failPick < 2 ? failPick + 1 : nil,
      callsClosures: reader.next(below: 2) == 0,
      scratchContainers: (2..<6).contains(failPick) ? failPick / 2 : 0,
      returnsShared: (6..<9).contains(failPick))
    return Registration(index: index, name: name, kind: .provider(provider))
  }

  /// A name to resolve: mostly one registered so far, or any other name.
  private static func requestedName(
    registered: [String], from reader: inout ByteReader
  ) -> String {
    let pick = reader.next(below: 8)
    if pick < 5, !registered.isEmpty {
      return registered[reader.next(below: registered.count)]
    }
    return referencedName(from: &reader)
  }

  /// A name as a dependency or a request: a registrable name, a provider-closure
  /// name, a typo, or a blank name.
  private static func referencedName(from reader: inout ByteReader) -> String {
    let pick = reader.next(below: 32)
    switch pick {
    case 0..<18: return baseNames[pick % baseNames.count]
    case 18..<26: return baseNames[pick % baseNames.count] + "Provider"
    case 26..<30: return typo(from: &reader)
    case 30: return ""
    default: return " "
    }
  }

  /// A registrable name with one edit: two letters swapped, one deleted, inserted
  /// or replaced.
  private static func typo(from reader: inout ByteReader) -> String {
    let sources = baseNames + ["cacheProvider"]
    var letters = Array(sources[reader.next(below: sources.count)])
    let position = reader.next(below: letters.count)
    let letter = Array("aeiopst")[reader.next(below: 7)]
    switch reader.next(below: 4) {
    case 0 where position + 1 < letters.count:
      letters.swapAt(position, position + 1)
    case 1:
      letters.remove(at: position)
    case 2:
      letters.insert(letter, at: position)
    default:
      letters[position] = letter
    }
    return String(letters)
  }

  /// The script as code-like text, one step a line.
  var description: String {
    steps.map { step -> String in
      switch step {
      case .register(let registration):
        let name = "\"\(registration.name)\""
        guard let provider = registration.provider else {
          return "#\(registration.index) addInstance(Made(), forName: \(name))"
        }
        var text =
          "#\(registration.index) addProvider(forName: \(name), dependencies: "
          + "[\(provider.dependencies.map { "\"\($0)\"" }.joined(separator: ", "))], "
          + "scope: \(provider.scope))"
        if let every = provider.failEvery {
          text += " failing on every call that is a multiple of \(every)"
        }
        if provider.callsClosures {
          text += " calling its provider closures"
        }
        if provider.scratchContainers > 0 {
          text += " using \(provider.scratchContainers) short-lived container(s)"
        }
        if provider.returnsShared {
          text += " returning one shared object"
        }
        return text
      case .resolve(let name): return "value(forName: \"\(name)\")"
      case .obtainClosure(let name):
        return "value(forName: \"\(name)\", as: (() throws -> Made).self) kept"
      case .callClosure(let index): return "call kept closure \(index)"
      case .check: return "checkForErrors()"
      }
    }.joined(separator: "\n")
  }
}

/// Reads small numbers from bytes; past the end every number is zero.
struct ByteReader {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { position >= bytes.count }

  /// A number in `0..<bound`, from one byte.
  mutating func next(below bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return Int(bytes[position]) % bound
  }
}
