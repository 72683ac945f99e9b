/// A deliberately simple reference model of a container: a list of registrations,
/// a dictionary of singletons, brute-force cycle enumeration and a recursive
/// resolver (the scripts keep every chain shorter than eleven names). It predicts
/// what `checkForErrors()` reports and what each resolution returns or throws,
/// straight from the rules in the design, without sharing code with the container.
struct ReferenceModel {
  /// What a resolution returns, as the model predicts it.
  indirect enum Value: Equatable {
    /// A product of registration `registration`, the `serial`-th creator call of
    /// the script (from 0), made from `children` (one per dependency, as the
    /// creator saw it: the value, or what calling the provider closure returned).
    case made(registration: Int, serial: Int, children: [Value])
    /// The instance registered by registration `registration`.
    case instance(registration: Int)
    /// A provider closure for `target`.
    case closure(target: String)
  }

  /// Why a resolution fails.
  enum Reason: Equatable, CustomStringConvertible {
    case unknownName
    case blankName
    case duplicateName
    case nameCollision
    case conflictingScopes
    /// The closed path of the cycle.
    case cycle([String])
    /// The creator of registration `registration` threw on its `call`-th call.
    case creatorFailed(registration: Int, call: Int)
    case typeMismatch

    var description: String {
      switch self {
      case .cycle(let path): "cycle(\(path))"
      case .creatorFailed(let registration, let call):
        "creatorFailed(#\(registration), call \(call))"
      case .unknownName: "unknownName"
      case .blankName: "blankName"
      case .duplicateName: "duplicateName"
      case .nameCollision: "nameCollision"
      case .conflictingScopes: "conflictingScopes"
      case .typeMismatch: "typeMismatch"
      }
    }
  }

  /// A failure as the model predicts it; where the design allows more than one
  /// answer, each is listed and any of them is right.
  struct Failure: Error, CustomStringConvertible {
    var reasons: [Reason]
    var names: [String]
    var paths: [[String]]
    /// For an unknown name: the suggestion.
    var suggestion: String?

    var description: String {
      "\(reasons.map(\.description).joined(separator: " or ")) for "
        + "\(names.map { "'\($0)'" }.joined(separator: " or ")) with path "
        + paths.map { "\($0)" }.joined(separator: " or ")
        + (suggestion.map { ", suggesting '\($0)'" } ?? "")
    }
  }

  /// What `checkForErrors()` reports, as the model predicts it.
  struct Report {
    /// The registration numbers of blank names.
    var blankNames: [Int] = []
    /// Each name registered more than once, with the numbers of its registrations.
    var duplicates: [(name: String, registrations: [Int])] = []
    /// `fooProvider` registered next to `foo`: (`fooProvider`, `foo`).
    var collisions: [(name: String, base: String)] = []
    /// Providers with two scopes, by name (blank names aside).
    var conflictingScopes: [String] = []
    /// Providers that depend on a blank name.
    var blankDependencies: [String] = []
    var missing: [(name: String, requiredBy: String, suggestion: String?, registration: Int)] = []
    var cycles: [[String]] = []

    var hasProblems: Bool {
      !blankNames.isEmpty || !duplicates.isEmpty || !collisions.isEmpty
        || !conflictingScopes.isEmpty || !blankDependencies.isEmpty || !missing.isEmpty
        || !cycles.isEmpty
    }
  }

  /// The state one top-level resolution keeps: the names in progress, outermost
  /// first, and the object-graph products made so far.
  struct Context {
    var stack: [String] = []
    var objectGraph: [Int: Value] = [:]
  }

  private(set) var registrations: [ModelScript.Registration] = []
  private var singletons: [Int: Value] = [:]
  private var calls: [Int: Int] = [:]
  /// The registration of each creator call, in order; a call's serial is its index.
  private(set) var creatorLog: [Int] = []
  /// Creator calls allowed before `isOverBudget` is set and resolution stops.
  var budget = Int.max
  private(set) var isOverBudget = false
  /// The outcome of the last resolution the harness asked for.
  var lastOutcome: Result<Value, Failure>?

  mutating func register(_ registration: ModelScript.Registration) {
    registrations.append(registration)
  }

  // MARK: Names

  static func isBlank(_ name: String) -> Bool {
    name.allSatisfy(\.isWhitespace)
  }

  /// `foo` for `fooProvider` (when `foo` is not blank).
  static func closureBase(_ name: String) -> String? {
    guard name.hasSuffix("Provider") else { return nil }
    let base = String(name.dropLast("Provider".count))
    return isBlank(base) ? nil : base
  }

  func isRegistered(_ name: String) -> Bool {
    registrations.contains { $0.name == name }
  }

  /// Whether a dependency on `name` finds anything: a registration, or the
  /// provider closure of one.
  func isVisible(_ name: String) -> Bool {
    isRegistered(name) || (Self.closureBase(name).map(isRegistered) ?? false)
  }

  private enum Effective {
    case missing
    case invalid([Reason])
    case closure(target: String)
    case registration(ModelScript.Registration)
  }

  /// What resolving `name` finds now.
  private func effective(_ name: String) -> Effective {
    let own = registrations.filter { $0.name == name }
    if own.isEmpty {
      if let base = Self.closureBase(name), isRegistered(base) {
        return .closure(target: base)
      }
      return .missing
    }
    var reasons: [Reason] = []
    if own.count > 1 { reasons.append(.duplicateName) }
    if Self.isBlank(name) {
      reasons.append(.blankName)
    } else {
      if let base = Self.closureBase(name), isRegistered(base) { reasons.append(.nameCollision) }
      if isRegistered(name + "Provider") { reasons.append(.nameCollision) }
    }
    if own.contains(where: { $0.provider?.scope == .conflicting }) {
      reasons.append(.conflictingScopes)
    }
    return reasons.isEmpty ? .registration(own[0]) : .invalid(reasons)
  }

  // MARK: Resolving

  /// Resolves a name requested from outside.
  mutating func resolve(_ name: String) -> Result<Value, Failure> {
    var context = Context()
    do {
      return .success(try resolve(name, in: &context))
    } catch {
      return .failure(error)
    }
  }

  /// Resolves a name requested from outside as a throwing provider closure.
  mutating func obtainClosure(_ name: String) -> Result<Value, Failure> {
    switch resolve(name) {
    case .success(let value):
      if case .closure = value { return .success(value) }
      return .failure(Failure(reasons: [.typeMismatch], names: [name], paths: [[name]]))
    case .failure(let failure):
      return .failure(failure)
    }
  }

  /// Resolves a name requested directly or as a dependency, in a resolution.
  private mutating func resolve(
    _ name: String, in context: inout Context
  ) throws(Failure) -> Value {
    let path = context.stack + [name]
    switch effective(name) {
    case .missing:
      if Self.isBlank(name) {
        throw Failure(reasons: [.blankName], names: [name], paths: [path])
      }
      throw Failure(
        reasons: [.unknownName], names: [name], paths: [path], suggestion: suggestion(for: name))
    case .invalid(let reasons):
      throw Failure(reasons: reasons, names: [name], paths: [path])
    case .closure(let target):
      switch effective(target) {
      case .registration:
        return .closure(target: target)
      case .invalid(let reasons):
        // The design does not say whether such a failure names the closure or its
        // target; the path reaches whichever it names.
        throw Failure(
          reasons: reasons, names: [target, name],
          paths: [context.stack + [target], path, path + [target]])
      case .missing, .closure:
        throw Failure(reasons: [.unknownName], names: [target, name], paths: [path])
      }
    case .registration(let registration):
      guard let provider = registration.provider else {
        return .instance(registration: registration.index)
      }
      if provider.scope == .singleton, let made = singletons[registration.index] {
        return made
      }
      if provider.scope == .objectGraph, let made = context.objectGraph[registration.index] {
        return made
      }
      return try make(registration, provider, in: &context)
    }
  }

  /// Resolves a provider's dependencies, then calls its creator.
  private mutating func make(
    _ registration: ModelScript.Registration, _ provider: ModelScript.Registration.Provider,
    in context: inout Context
  ) throws(Failure) -> Value {
    let name = registration.name
    if let start = context.stack.firstIndex(of: name) {
      // Reported as `checkForErrors` lists it: from its smallest name, closed.
      let members = Array(context.stack[start...])
      let smallest = members.firstIndex(of: members.min()!)!
      let rotated = Array(members[smallest...] + members[..<smallest])
      throw Failure(
        reasons: [.cycle(rotated + [rotated[0]])], names: [name],
        paths: [context.stack + [name]])
    }
    guard creatorLog.count < budget else {
      isOverBudget = true
      throw Failure(reasons: [], names: [], paths: [])
    }
    context.stack.append(name)
    var values: [Value] = []
    for dependency in provider.dependencies {
      values.append(try resolve(dependency, in: &context))
    }
    let call = (calls[registration.index] ?? 0) + 1
    calls[registration.index] = call
    let serial = creatorLog.count
    creatorLog.append(registration.index)
    if let every = provider.failEvery, call.isMultiple(of: every) {
      throw Failure(
        reasons: [.creatorFailed(registration: registration.index, call: call)],
        names: [name], paths: [context.stack])
    }
    var children: [Value] = []
    for dependency in provider.dependencies {
      // The creator reads each dependency by name: a name listed twice gives the
      // value of its first place.
      let value = values[provider.dependencies.firstIndex(of: dependency) ?? 0]
      if provider.callsClosures, case .closure(let target) = value {
        children.append(try resolve(target, in: &context))
      } else {
        children.append(value)
      }
    }
    context.stack.removeLast()
    // A provider returning one shared object hands out that object, as an instance.
    let made =
      provider.returnsShared
      ? Value.instance(registration: registration.index)
      : Value.made(registration: registration.index, serial: serial, children: children)
    switch provider.scope {
    case .singleton: singletons[registration.index] = made
    case .objectGraph: context.objectGraph[registration.index] = made
    case .transient, .conflicting: break
    }
    return made
  }

  // MARK: Suggestions

  /// The closest registered name (or provider-closure name of one), in
  /// registration order, within `max(1, count / 3)` edits.
  func suggestion(for name: String) -> String? {
    var candidates: [String] = []
    for registration in registrations where !Self.isBlank(registration.name) {
      for candidate in [registration.name, registration.name + "Provider"]
      where !candidates.contains(candidate) {
        candidates.append(candidate)
      }
    }
    let target = Array(name)
    let limit = max(1, target.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = Self.editDistance(target, Array(candidate))
      if distance <= limit, distance < best?.distance ?? Int.max {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// Edits (insert, delete, replace, swap two adjacent letters) from `a` to `b`,
  /// by the full table.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  // MARK: Checking

  /// What `checkForErrors()` reports now.
  func report() -> Report {
    var report = Report()
    var names: [String] = []
    for registration in registrations where !names.contains(registration.name) {
      names.append(registration.name)
    }
    for registration in registrations where Self.isBlank(registration.name) {
      report.blankNames.append(registration.index)
    }
    for name in names where !Self.isBlank(name) {
      let own = registrations.filter { $0.name == name }.map(\.index)
      if own.count > 1 {
        report.duplicates.append((name, own))
      }
      if let base = Self.closureBase(name), isRegistered(base) {
        report.collisions.append((name, base))
      }
    }
    for registration in registrations
    where registration.provider?.scope == .conflicting && !Self.isBlank(registration.name) {
      report.conflictingScopes.append(registration.name)
    }
    for registration in registrations {
      guard let provider = registration.provider else { continue }
      var reported: [String] = []
      var blankReported = false
      // A blank dependency is a problem even when a blank name is registered.
      for dependency in provider.dependencies
      where Self.isBlank(dependency) || !isVisible(dependency) {
        if Self.isBlank(dependency) {
          if !blankReported {
            report.blankDependencies.append(registration.name)
            blankReported = true
          }
        } else if !reported.contains(dependency) {
          reported.append(dependency)
          report.missing.append(
            (dependency, registration.name, suggestion(for: dependency), registration.index))
        }
      }
    }
    report.cycles = cycles()
    return report
  }

  /// Every elementary cycle of direct dependencies between registered names, by
  /// brute force: from each name, every simple path through larger names that
  /// comes back to it. Each is rotated to start at its smallest name, closed, and
  /// the list is sorted.
  func cycles() -> [[String]] {
    var nodes: [String] = []
    for registration in registrations where !nodes.contains(registration.name) {
      nodes.append(registration.name)
    }
    nodes.sort()
    var edges: [String: [String]] = [:]
    for registration in registrations {
      for dependency in registration.provider?.dependencies ?? []
      where isRegistered(dependency) && !Self.isBlank(dependency)
        && !(edges[registration.name] ?? []).contains(dependency)
      {
        edges[registration.name, default: []].append(dependency)
      }
    }
    var found: [[String]] = []
    func extend(_ path: [String], start: String) {
      for next in edges[path[path.count - 1]] ?? [] {
        if next == start {
          found.append(path + [start])
        } else if next > start, !path.contains(next) {
          extend(path + [next], start: start)
        }
      }
    }
    for start in nodes {
      extend([start], start: start)
    }
    return found.sorted { $0.lexicographicallyPrecedes($1) }
  }
}
