import INJContainer
import INJGraph
import INJPrimitives
import INJReflection

// The fuzzer compiles these files with the test utilities in one module of its own.
#if canImport(TestUtilities)
import TestUtilities
#endif

/// What the harness registers: every product and instance is one, so the model
/// can tell which creator call made a value and from what.
class Made: @unchecked Sendable {
  // Every stored property is a `let`; `SharedMade` adds only `@Inject` boxes.
  /// The number of the registration that made it.
  let registration: Int
  /// The creator call that made it, counted over the whole script from 0; an
  /// instance has a negative serial.
  let serial: Int
  /// One entry per dependency, as the creator received it (or what calling the
  /// provider closure it received returned).
  let children: [Any]

  init(registration: Int, serial: Int, children: [Any]) {
    self.registration = registration
    self.serial = serial
    self.children = children
  }
}

/// The one object a provider that `returnsShared` hands out, made when it is
/// registered: a value the model predicts like an instance, which every resolution
/// injects again, from as many threads as resolve it.
final class SharedMade: Made, @unchecked Sendable {
  // `@Inject` boxes, which are safe to fill and read from several threads.
  @Inject var api: Made?
  @Inject var app: Made?
  @Inject var cache: Made?
  @Inject var client: Made?
  @Inject var store: Made?
  @Inject var screen: Made?

  init(registration: Int) {
    super.init(registration: registration, serial: -1 - registration, children: [])
  }
}

/// Short-lived containers made, used and dropped inside a creator: each must hand
/// an object-graph product only to the provider that made it, even when a dropped
/// container's provider leaves its memory to a later one.
enum ScratchContainers {
  /// A product of a short-lived container, marked with the container it came from.
  final class Part: Sendable {
    let container: Int
    init(container: Int) { self.container = container }
  }

  private static let nextContainer = AtomicWords()

  /// Makes a container (every other one a child of a container dropped at once),
  /// resolves a transient that depends twice on an object-graph name, and drops it.
  ///
  /// - Throws: ``HarnessFault`` when the two parts are not the one this container
  ///   made, or what resolving threw.
  static func use(round: Int) throws {
    let id = nextContainer[0].wrappingAddRelaxed(1)
    let container = round.isMultiple(of: 2) ? Container() : Container().makeChild()
    container.addProvider(forName: "part", options: .objectGraph) { _ in Part(container: id) }
    container.addProvider(forName: "pair", dependencies: ["part", "part"]) { values in
      [try values.value(forName: "part", as: Part.self), try values.value(forName: "part")]
    }
    let pair = try container.value(forName: "pair", as: [Part].self)
    guard pair[0] === pair[1], pair[0].container == id else {
      throw HarnessFault(
        description: "short-lived container \(id) got the parts of containers "
          + "\(pair.map(\.container)), not its own")
    }
  }
}

/// What a failing creator throws.
struct Boom: Error, Equatable {
  var registration: Int
  var call: Int
}

/// Something the container handed a creator that the harness did not expect.
struct HarnessFault: Error, CustomStringConvertible {
  var description: String
}

/// Every creator call, in order.
final class CreationLog: Sendable {
  // The package's POSIX lock, which ThreadSanitizer sees: creators run on several
  // threads at once after each script.
  private let state = Locked<(order: [Int], calls: [Int: Int])>(([], [:]))

  /// Records a call of registration `registration`'s creator; returns its serial
  /// and the registration's call number (from 1).
  func record(_ registration: Int) -> (serial: Int, call: Int) {
    state.withLock { state in
      state.order.append(registration)
      let call = (state.calls[registration] ?? 0) + 1
      state.calls[registration] = call
      return (state.order.count - 1, call)
    }
  }

  var order: [Int] { state.withLock { $0.order } }
}

/// Counts of what the scripts exercised, to show the cases are not degenerate.
struct ModelStatistics {
  var cases = 0
  var steps = 0
  var skippedSteps = 0
  var registrations = 0
  var resolutions = 0
  var values = 0
  var closureCalls = 0
  var asyncResolutions = 0
  var concurrentRounds = 0
  var checks = 0
  var checksWithProblems = 0
  var cyclesReported = 0
  var missingReported = 0
  var creatorCalls = 0
  var moduleInstalls = 0
  var duplicateModulesReported = 0
  var failures: [String: Int] = [:]

  mutating func add(_ other: ModelStatistics) {
    cases += other.cases
    steps += other.steps
    skippedSteps += other.skippedSteps
    registrations += other.registrations
    resolutions += other.resolutions
    values += other.values
    closureCalls += other.closureCalls
    asyncResolutions += other.asyncResolutions
    concurrentRounds += other.concurrentRounds
    checks += other.checks
    checksWithProblems += other.checksWithProblems
    cyclesReported += other.cyclesReported
    missingReported += other.missingReported
    creatorCalls += other.creatorCalls
    moduleInstalls += other.moduleInstalls
    duplicateModulesReported += other.duplicateModulesReported
    failures.merge(other.failures, uniquingKeysWith: +)
  }

  var summary: String {
    "\(cases) cases, \(steps) steps (\(skippedSteps) skipped as too much work), "
      + "\(registrations) registrations, \(resolutions) resolutions (\(values) values, "
      + "failures: \(failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))), "
      + "\(closureCalls) closure calls, \(asyncResolutions) of the resolutions async, "
      + "\(concurrentRounds) concurrent rounds on shared objects (threads and tasks), \(creatorCalls) creator calls, \(checks) checks "
      + "(\(checksWithProblems) with problems, \(cyclesReported) cycles, "
      + "\(missingReported) missing names), \(moduleInstalls) module installs "
      + "(\(duplicateModulesReported) modules reported installed twice)"
  }
}

/// Runs a script on a real container and on the reference model, step by step,
/// and reports the first disagreement.
struct ModelHarness {
  /// Creator calls one step may make; a step the model predicts to need more is
  /// skipped (a chain of transients each listing one name three times grows as
  /// 3^depth).
  static let stepBudget = 400

  let script: ModelScript
  private let container = Container()
  private let log = CreationLog()
  private var model = ReferenceModel()
  private var keptClosures: [(target: String, call: () throws -> Made)] = []
  /// The shared object of each provider that `returnsShared`, by registration.
  private var sharedObjects: [Int: SharedMade] = [:]
  /// Where each module was installed (the registration numbers of its installs).
  private var moduleInstalls: [String: [Int]] = [:]
  /// The modules, in the order of their first install.
  private var moduleOrder: [String] = []
  /// The module each registration made in a module belongs to, by number.
  private var moduleOfRegistration: [Int: String] = [:]
  /// Everything resolved, kept alive for the case.
  private var held: [Any] = []
  /// How many resolve steps the script took: every third is made with `asyncValue`.
  private var resolveSteps = 0
  private var verified = Set<Int>()
  private(set) var statistics = ModelStatistics()

  init(script: ModelScript) {
    self.script = script
  }

  /// Runs every step; returns the first disagreement, with its step.
  static func run(_ script: ModelScript) -> (mismatch: String?, statistics: ModelStatistics) {
    var harness = ModelHarness(script: script)
    let mismatch = harness.run()
    return (mismatch, harness.statistics)
  }

  private mutating func run() -> String? {
    statistics.cases = 1
    for (number, step) in script.steps.enumerated() {
      statistics.steps += 1
      if let mismatch = perform(step) {
        return "step \(number) (\(ModelScript(steps: [step]).description)): \(mismatch)"
      }
      let order = log.order
      if order != model.creatorLog {
        return
          "after step \(number): creator calls (registration numbers, in order) were "
          + "\(order), the model predicts \(model.creatorLog)"
      }
    }
    statistics.creatorCalls = model.creatorLog.count
    return resolveSharedObjectsConcurrently()
  }

  /// After the script: resolves the first name (in order) whose only registration
  /// returns a shared object on three threads at once, three times each. Which creator calls fail
  /// then depends on the threads' order, so only what holds in every order is
  /// checked: each value is the shared object. Crashes and data races (under
  /// ThreadSanitizer) are the rest of the check.
  private mutating func resolveSharedObjectsConcurrently() -> String? {
    var registrations: [String: [Int]] = [:]
    for case .register(let registration) in script.steps {
      registrations[registration.name, default: []].append(registration.index)
    }
    // One name a case is enough: thousands of cases each start threads.
    for (name, indices) in registrations.sorted(by: { $0.key < $1.key }).prefix(1) {
      guard indices.count == 1, let shared = sharedObjects[indices[0]] else { continue }
      let container = self.container
      let strangers = AtomicWords()
      runConcurrently(3) { _ in
        for _ in 0..<3 {
          if let value = try? container.value(forName: name), value as? SharedMade !== shared {
            _ = strangers[0].wrappingAddRelaxed(1)
          }
        }
      }
      // And on tasks, asynchronously.
      let strangeTasks = try? ModelTasks.wait {
        await withTaskGroup(of: Bool.self) { group in
          for _ in 0..<9 {
            group.addTask {
              let value = try? await container.asyncValue(forName: name, as: Any.self)
              return value != nil && value as? SharedMade !== shared
            }
          }
          return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
      }
      _ = strangers[0].wrappingAddRelaxed(strangeTasks ?? 0)
      statistics.concurrentRounds += 1
      if strangers[0].load(ordering: .relaxed) > 0 {
        return
          "resolving '\(name)' on three threads and nine tasks at once gave a value other "
          + "than its shared object"
      }
    }
    return nil
  }

  private mutating func perform(_ step: ModelScript.Step) -> String? {
    switch step {
    case .register(let registration):
      statistics.registrations += 1
      guard let module = Self.module(of: registration.index) else {
        register(registration, in: nil)
        model.register(registration)
        return nil
      }
      // A module installed again registers nothing: the model does not see it.
      let isFirstInstall = moduleInstalls[module] == nil
      if isFirstInstall { moduleOrder.append(module) }
      moduleInstalls[module, default: []].append(registration.index)
      register(registration, in: module)
      statistics.moduleInstalls += 1
      if isFirstInstall {
        moduleOfRegistration[registration.index] = module
        model.register(registration)
      }
      return nil
    case .resolve(let name):
      // Every third resolution is made asynchronously, which must agree with the same
      // model: its synchronous providers are made by a synchronous resolution that may
      // stop and go on.
      resolveSteps += 1
      let isAsync = resolveSteps.isMultiple(of: 3)
      if isAsync { statistics.asyncResolutions += 1 }
      return predictThenCompare { model in
        model.resolve(name)
      } actual: { container in
        guard isAsync else { return try container.value(forName: name) }
        return try ModelTasks.wait {
          Unchecked(try await container.asyncValue(forName: name, as: Any.self))
        }.value
      }
    case .obtainClosure(let name):
      var closure: (() throws -> Made)?
      let mismatch = predictThenCompare { model in
        model.obtainClosure(name)
      } actual: {
        container in
        let made = try container.value(forName: name, as: (() throws -> Made).self)
        closure = made
        return made
      }
      if mismatch == nil, let closure, case .success(.closure(let target)) = model.lastOutcome {
        keptClosures.append((target, closure))
      }
      return mismatch
    case .callClosure(let index):
      guard !keptClosures.isEmpty else { return nil }
      let kept = keptClosures[index % keptClosures.count]
      statistics.closureCalls += 1
      return predictThenCompare { model in
        model.resolve(kept.target)
      } actual: { _ in
        try kept.call()
      }
    case .check:
      return check()
    }
  }

  /// The module registration `index` is made in, if any; decided by its number
  /// alone, so that stored scripts keep their meaning: most registrations are made
  /// in a module of their own, every fourth directly, and every seventh in the module
  /// of the one before it, which installs that module again (when it was installed).
  static func module(of index: Int) -> String? {
    guard !index.isMultiple(of: 4) else { return nil }
    return index % 7 == 6 ? "Module\(index - 1)" : "Module\(index)"
  }

  /// Makes a registration, directly or by installing it as `module`.
  private mutating func register(_ registration: ModelScript.Registration, in module: String?) {
    let shared =
      registration.provider?.returnsShared == true
      ? SharedMade(registration: registration.index) : nil
    let log = self.log
    if let module {
      container.install(
        ScriptModule(name: module) { container in
          Self.add(registration, to: container, log: log, shared: shared)
        }, fileID: "Model/Script.swift", line: registration.index)
      if moduleInstalls[module]?.count == 1 {
        sharedObjects[registration.index] = shared
      }
    } else {
      Self.add(registration, to: container, log: log, shared: shared)
      sharedObjects[registration.index] = shared
    }
  }

  private static func add(
    _ registration: ModelScript.Registration, to container: Container, log: CreationLog,
    shared: SharedMade?
  ) {
    let index = registration.index
    let fileID = "Model/Script.swift"
    guard let provider = registration.provider else {
      let instance = Made(registration: index, serial: -1 - index, children: [])
      container.addInstance(instance, forName: registration.name, fileID: fileID, line: index)
      return
    }
    let options: ProviderOptions =
      switch provider.scope {
      case .transient: []
      case .singleton: .singleton
      case .objectGraph: .objectGraph
      case .conflicting: [.singleton, .objectGraph]
      }
    container.addProvider(
      forName: registration.name, dependencies: provider.dependencies, options: .init(options),
      fileID: fileID, line: index
    ) { values -> Made in
      let (serial, call) = log.record(index)
      if let every = provider.failEvery, call.isMultiple(of: every) {
        throw Boom(registration: index, call: call)
      }
      guard values.names == provider.dependencies else {
        throw HarnessFault(description: "the creator got values for \(values.names)")
      }
      guard values["not a dependency"] == nil else {
        throw HarnessFault(description: "the values hold a name that is not a dependency")
      }
      for round in 0..<provider.scratchContainers {
        try ScratchContainers.use(round: round)
      }
      var children: [Any] = []
      for dependency in provider.dependencies {
        guard let value = values[dependency] else {
          throw HarnessFault(description: "no value for the dependency '\(dependency)'")
        }
        if provider.callsClosures, value is () -> Made {
          let make = try values.value(forName: dependency, as: (() throws -> Made).self)
          children.append(try make())
        } else {
          children.append(value)
        }
      }
      return shared ?? Made(registration: index, serial: serial, children: children)
    }
  }

  // MARK: Resolving

  /// Predicts a resolution on a copy of the model; when that stays within the
  /// budget, runs it on the container and compares.
  private mutating func predictThenCompare(
    _ predict: (inout ReferenceModel) -> Result<ReferenceModel.Value, ReferenceModel.Failure>,
    actual: (Container) throws -> Any
  ) -> String? {
    var trial = model
    trial.budget = model.creatorLog.count + Self.stepBudget
    let expected = predict(&trial)
    trial.lastOutcome = expected
    if trial.isOverBudget {
      statistics.skippedSteps += 1
      return nil
    }
    model = trial
    statistics.resolutions += 1
    let outcome = Result { try actual(container) }
    switch (expected, outcome) {
    case (.success(let value), .success(let got)):
      statistics.values += 1
      held.append(got)
      return compare(got, value, at: "the value")
    case (.failure(let failure), .failure(let error)):
      let reason = Self.reason(of: error)
      statistics.failures[
        reason.map { "\($0)".prefix { $0 != "(" }.description } ?? "other", default: 0] += 1
      return compare(error, failure, reason: reason)
    case (.success(let value), .failure(let error)):
      return "expected \(value), got the error \(error)"
    case (.failure(let failure), .success(let got)):
      return "expected the error \(failure), got \(Self.describe(got))"
    }
  }

  /// Compares a value with the model's prediction, in depth; a product already
  /// compared (by serial) is not compared again.
  private mutating func compare(
    _ actual: Any, _ expected: ReferenceModel.Value, at place: String
  ) -> String? {
    switch expected {
    case .instance(let registration):
      guard let made = actual as? Made, made.serial == -1 - registration else {
        return "\(place): expected the instance of #\(registration), got \(Self.describe(actual))"
      }
      return nil
    case .closure(let target):
      guard actual is () -> Made || actual is () throws -> Made else {
        return "\(place): expected a provider closure for '\(target)', got \(Self.describe(actual))"
      }
      return nil
    case .made(let registration, let serial, let children):
      guard let made = actual as? Made, made.registration == registration, made.serial == serial
      else {
        return
          "\(place): expected the product of #\(registration) from creator call \(serial), "
          + "got \(Self.describe(actual))"
      }
      if verified.contains(serial) { return nil }
      guard made.children.count == children.count else {
        return "\(place): expected \(children.count) children, got \(made.children.count)"
      }
      for index in children.indices {
        if let mismatch = compare(
          made.children[index], children[index], at: "\(place) → child \(index)")
        {
          return mismatch
        }
      }
      verified.insert(serial)
      return nil
    }
  }

  static func describe(_ value: Any) -> String {
    if let made = value as? Made {
      return made.serial < 0
        ? "the instance of #\(made.registration)"
        : "the product of #\(made.registration) from creator call \(made.serial)"
    }
    if value is () -> Made { return "a provider closure" }
    return "a value of type \(type(of: value))"
  }

  /// The model's name for a resolution error's reason; nil for any other error.
  static func reason(of error: any Error) -> ReferenceModel.Reason? {
    guard let error = error as? ResolutionError else { return nil }
    switch error.reason {
    case .unknownName: return .unknownName
    case .blankName: return .blankName
    case .duplicateName: return .duplicateName
    case .nameCollision: return .nameCollision
    case .conflictingScopes: return .conflictingScopes
    case .cycle(let path): return .cycle(path)
    case .typeMismatch: return .typeMismatch
    case .creatorFailed(let underlying):
      guard let boom = underlying as? Boom else { return nil }
      return .creatorFailed(registration: boom.registration, call: boom.call)
    default: return nil
    }
  }

  private func compare(
    _ error: any Error, _ expected: ReferenceModel.Failure, reason: ReferenceModel.Reason?
  ) -> String? {
    guard let error = error as? ResolutionError, let reason else {
      return "expected the error \(expected), got \(error)"
    }
    guard expected.reasons.contains(reason), expected.names.contains(error.name),
      expected.paths.contains(error.path),
      reason != .unknownName || error.suggestion == expected.suggestion
    else {
      return
        "expected the error \(expected), got \(reason) for '\(error.name)' with path "
        + "\(error.path)\(error.suggestion.map { ", suggesting '\($0)'" } ?? ""): \(error)"
    }
    return nil
  }

  // MARK: Checking

  private mutating func check() -> String? {
    statistics.checks += 1
    let expected = model.report()
    let thrown: ValidationError?
    do {
      try container.checkForErrors()
      thrown = nil
    } catch let error as ValidationError {
      thrown = error
    } catch {
      return "checkForErrors threw \(error), not a ValidationError"
    }
    let duplicateModules = moduleOrder.compactMap { module -> String? in
      guard let installs = moduleInstalls[module], installs.count > 1 else { return nil }
      return "\(module) at \(installs)"
    }
    guard let thrown else {
      return expected.hasProblems || !duplicateModules.isEmpty
        ? "checkForErrors found no problem; the model predicts \(expected), and modules "
          + "installed twice \(duplicateModules)" : nil
    }
    statistics.checksWithProblems += 1
    statistics.cyclesReported += thrown.cycles.count
    statistics.missingReported += thrown.missingDependencies.count
    guard expected.hasProblems || !duplicateModules.isEmpty else {
      return "checkForErrors threw, the model predicts no problem:\n\(thrown)"
    }
    var blankNames: [Int] = []
    var duplicates: [String] = []
    var collisions: [String] = []
    var conflicting: [String] = []
    var blankDependencies: [String] = []
    var extra = 0
    var reportedModules: [String] = []
    for problem in thrown.report.problems {
      switch problem {
      case .blankName(_, let site): blankNames.append(site.line)
      case .duplicateName(let name, let sites):
        duplicates.append("\(name) at \(sites.map(\.line))")
      case .nameCollision(let name, _, let base, _): collisions.append("\(name)/\(base)")
      case .conflictingScopes(let name, _, _):
        if ReferenceModel.isBlank(name) { extra += 1 } else { conflicting.append(name) }
      case .blankDependency(let requiredBy, _): blankDependencies.append(requiredBy)
      // Every harness product is declared a `Made`, and so is every dependency.
      case .injectTypeMismatch, .keyTypeMismatch, .synchronousDependsOnAsync,
        .isolationMismatch, .dependsOnProviderWithArgument, .providerClosureMismatch,
        .valueTypeWithInjectProperties, .weakSingletonOfValueType, .unfilledInjectProperty,
        .contributionTypeMismatch, .hookWithoutProvider, .hookTypeMismatch, .unknownOverride,
        .overrideTypeMismatch:
        extra += 1
      case .duplicateModule(let name, let sites):
        reportedModules.append("\(name) at \(sites.map(\.line))")
      case .missingDependency, .cycle: break
      }
    }
    let missing = thrown.missingDependencies.map {
      "\($0.name) required by \($0.requiredBy) (#\($0.site?.line ?? -1))"
        + ($0.suggestion.map { ", did you mean \($0)" } ?? "")
    }
    let expectedMissing = expected.missing.map {
      "\($0.name) required by \($0.requiredBy) (#\($0.registration))"
        + ($0.suggestion.map { ", did you mean \($0)" } ?? "")
    }
    var differences: [String] = []
    func expect<T: Equatable>(_ what: String, _ actual: T, _ predicted: T) {
      if actual != predicted {
        differences.append("\(what): reported \(actual), the model predicts \(predicted)")
      }
    }
    expect("blank names (registration numbers)", blankNames, expected.blankNames)
    expect("duplicate names", thrown.duplicateNames, expected.duplicates.map(\.name))
    expect(
      "duplicates with sites", duplicates,
      expected.duplicates.map { "\($0.name) at \($0.registrations)" })
    expect("name collisions", collisions, expected.collisions.map { "\($0.name)/\($0.base)" })
    expect("conflicting scopes", conflicting, expected.conflictingScopes)
    expect("blank dependencies", blankDependencies, expected.blankDependencies)
    expect("missing dependencies", missing, expectedMissing)
    expect("modules installed twice", reportedModules, duplicateModules)
    statistics.duplicateModulesReported += reportedModules.count
    // Every site the report names is the registration's, with its module.
    let misattributed = thrown.report.problems.flatMap(Self.registrationSites).filter {
      $0.fileID == "Model/Script.swift" && $0.module != moduleOfRegistration[$0.line]
    }
    expect("sites with the wrong module", misattributed.map(\.description), [])
    if expected.cycles.count <= DependencyGraph<String>.cycleListLimit {
      expect("cycles", thrown.cycles, expected.cycles)
      expect("cycle list truncated", thrown.report.isCycleListTruncated, false)
    } else {
      expect("cycle list truncated", thrown.report.isCycleListTruncated, true)
      let all = Set(expected.cycles)
      expect("cycles listed", thrown.cycles.count, DependencyGraph<String>.cycleListLimit)
      expect("listed cycles are cycles", thrown.cycles.allSatisfy(all.contains), true)
    }
    let predictedCount =
      expected.blankNames.count + expected.duplicates.count + expected.collisions.count
      + expected.conflictingScopes.count + expected.blankDependencies.count
      + expected.missing.count + thrown.cycles.count + duplicateModules.count + extra
    expect("number of problems", thrown.report.problems.count, predictedCount)
    return differences.isEmpty ? nil : differences.joined(separator: "\n")
  }
}

extension ModelHarness {
  /// Every registration site a problem names (a module's install sites are not
  /// registrations).
  static func registrationSites(of problem: ValidationProblem) -> [RegistrationSite] {
    switch problem {
    case .blankName(_, let site), .conflictingScopes(_, let site, _),
      .blankDependency(_, let site), .valueTypeWithInjectProperties(_, let site, _, _),
      .weakSingletonOfValueType(_, let site, _), .unfilledInjectProperty(_, let site, _, _, _, _),
      .hookWithoutProvider(_, let site, _), .unknownOverride(_, let site, _):
      [site]
    case .duplicateName(_, let sites), .cycle(_, let sites, _): sites
    case .duplicateModule: []
    case .nameCollision(_, let site, _, let baseSite): [site, baseSite]
    case .missingDependency(let missing): missing.site.map { [$0] } ?? []
    case .injectTypeMismatch(_, let site, _, _, _, let dependencySite, _),
      .keyTypeMismatch(_, let site, _, _, let dependencySite, _),
      .synchronousDependsOnAsync(_, let site, _, let dependencySite),
      .isolationMismatch(_, let site, _, _, let dependencySite, _),
      .dependsOnProviderWithArgument(_, let site, _, let dependencySite, _),
      .providerClosureMismatch(_, let site, _, _, _, _, let dependencySite, _, _),
      .contributionTypeMismatch(_, let site, _, _, let dependencySite, _),
      .hookTypeMismatch(_, let site, _, let dependencySite, _),
      .overrideTypeMismatch(_, let site, _, let dependencySite, _):
      [site, dependencySite]
    }
  }
}

/// A module of a script: what its closure registers.
struct ScriptModule: ContainerModule {
  let name: String
  let body: (Container) -> Void

  func register(in container: Container) {
    body(container)
  }
}

/// A value handed from the task that resolved it to the harness thread waiting for it.
struct Unchecked<Value>: @unchecked Sendable {
  // Read only after the task that wrote it has ended (see `ModelExecutor.wait`).
  let value: Value
  init(_ value: Value) { self.value = value }
}

extension ModelScript {
  init(steps: [Step]) {
    self.init(bytes: [])
    self.steps = steps
  }
}
