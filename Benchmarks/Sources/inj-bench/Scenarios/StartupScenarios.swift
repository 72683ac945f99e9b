import INJContainer
import INJReflection

/// The `startup` group: an app's composition root, the container against the same graph wired
/// by hand, warm (repeated in one process) and cold (one start-up in a fresh process).
///
/// The graph is generated (`StartupGraph.generated.swift`): 200 services, each its own class,
/// in 8 layers of 25; 60 singletons; a third of the services receive their dependencies in
/// `@Inject` properties, the others in their initializer; 10 roots. A start-up creates every
/// object the roots need: each singleton once, each transient once per dependent; nothing it
/// builds is freed within the timing. Times are per start-up (or per part of one, for the
/// register and breakdown rows).
enum StartupScenarios {
  /// Every benchmark of the group.
  static var benchmarks: [Benchmark] { warm + cold }

  // MARK: Warm: start-ups repeated in one process

  // Each iteration keeps what it built (the container or the hand-written graph, and the
  // roots) alive until the sample is timed: an app keeps them, and freeing them is no part of
  // its start-up.
  static var warm: [Benchmark] {
    [
      // The floor: the same objects made by plain Swift.
      Benchmark(
        name: "startup/baseline/hand-written", group: "startup", unit: "start-up",
        unitsPerIteration: 1
      ) {
        verify("hand-written", startUp: startUpByHand)
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= checksumKeepingAlive(startUpByHand)
          }
          return checksum
        }
      },
      // A new container, every registration, the check, and the roots resolved.
      Benchmark(
        name: "startup/warm", group: "startup", unit: "start-up", unitsPerIteration: 1,
        baseline: "startup/baseline/hand-written", targets: [.ratioToBaseline(atMost: 30)]
      ) {
        verify("container", startUp: startUpWithContainer)
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= checksumKeepingAlive(startUpWithContainer)
          }
          return checksum
        }
      },
      // Only a new container and its 200 registrations, for the share of registering.
      Benchmark(
        name: "startup/register-200", group: "startup", unit: "start-up", unitsPerIteration: 1,
        baseline: "startup/baseline/hand-written"
      ) {
        { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            let container = Container()
            StartupGraph.registerAll(in: container)
            checksum &+= identity(container)
            keepAlive(container)
          }
          return checksum
        }
      },
    ]
  }

  /// One start-up with the container: the container, and the roots it resolved.
  static func startUpWithContainer() -> (owner: AnyObject, roots: [AnyObject]) {
    let container = Container()
    StartupGraph.registerAll(in: container)
    do {
      try container.checkForErrors()
      return (container, try StartupGraph.resolveRoots(in: container))
    } catch {
      fatalError("the start-up graph does not resolve: \(error)")
    }
  }

  /// One start-up by hand: the graph, holding the singletons, and the roots it made.
  static func startUpByHand() -> (owner: AnyObject, roots: [AnyObject]) {
    let graph = HandWrittenStartupGraph()
    return (graph, graph.roots())
  }

  /// Runs one start-up outside the timing, and stops the run when it does not create the
  /// graph's objects: both ways must do the same work.
  static func verify(_ variant: String, startUp: () -> (owner: AnyObject, roots: [AnyObject])) {
    let before = StartupGraph.objectsCreated
    let roots = startUp().roots
    let created = StartupGraph.objectsCreated - before
    precondition(
      roots.count == StartupGraph.rootNames.count && created == StartupGraph.objectCount,
      "the \(variant) start-up made \(roots.count) roots and \(created) objects, "
        + "not \(StartupGraph.rootNames.count) and \(StartupGraph.objectCount)")
  }

  /// Runs one start-up, keeps what it built alive until the sample is timed, and returns a
  /// checksum: the number of objects it created plus the addresses of its roots.
  static func checksumKeepingAlive(
    _ startUp: () -> (owner: AnyObject, roots: [AnyObject])
  ) -> Int {
    let before = StartupGraph.objectsCreated
    let built = startUp()
    keepAlive(built)
    return built.roots.reduce(StartupGraph.objectsCreated - before) { $0 &+ identity($1) }
  }

  // MARK: Cold: one start-up per fresh process

  /// A start-up with the container in a fresh process, timed from just before the container
  /// is made to just after the last root is resolved, with its three parts.
  static var containerTask: ProcessTask {
    ProcessTask(name: "startup/container") {
      let before = StartupGraph.objectsCreated
      let clock = ContinuousClock()
      let start = clock.now
      let container = Container()
      StartupGraph.registerAll(in: container)
      let registered = clock.now
      try container.checkForErrors()
      let checked = clock.now
      let roots = try StartupGraph.resolveRoots(in: container)
      // Taken while the container lives: freeing it is no part of a start-up.
      let end = withExtendedLifetime(container) { clock.now }
      return try output(
        roots: roots, created: StartupGraph.objectsCreated - before,
        durations: [
          "total": end - start, "register": registered - start, "check": checked - registered,
          "resolve": end - checked,
        ])
    }
  }

  /// The same start-up by hand in a fresh process.
  static var handWrittenTask: ProcessTask {
    ProcessTask(name: "startup/hand-written") {
      let before = StartupGraph.objectsCreated
      let clock = ContinuousClock()
      let start = clock.now
      let graph = HandWrittenStartupGraph()
      let roots = graph.roots()
      let end = withExtendedLifetime(graph) { clock.now }
      return try output(
        roots: roots, created: StartupGraph.objectsCreated - before,
        durations: ["total": end - start])
    }
  }

  /// The first injection of one instance of each `@Inject` service type in a fresh process,
  /// after the process's first injection, then of a second instance of each. Nothing is
  /// offered, so nothing is filled: the first pass times finding each type's injectable
  /// properties, and the second what is left once they are known. The instances are made
  /// before the timing: making them is the classes' own first use.
  static var discoveryTask: ProcessTask {
    ProcessTask(name: "startup/discovery") {
      let source = OffersNothing()
      let passes = try InjectionPasses(makers: StartupGraph.makeInjectServices, source: source)
      let filled = passes.filled
      guard filled == 0, source.askedCount == 2 * StartupGraph.injectPropertyCount else {
        throw ProcessTask.Failure(
          description: "the injections filled \(filled) properties and asked for "
            + "\(source.askedCount), not 0 and \(2 * StartupGraph.injectPropertyCount)")
      }
      return ProcessTask.Output(
        durations: passes.durations,
        checksum: source.askedCount &+ StartupGraph.makeInjectServices.count)
    }
  }

  /// What a fresh process reports, once it has checked that its start-up created the graph's
  /// objects.
  static func output(
    roots: [AnyObject], created: Int, durations: [String: Duration]
  ) throws -> ProcessTask.Output {
    guard roots.count == StartupGraph.rootNames.count, created == StartupGraph.objectCount else {
      throw ProcessTask.Failure(
        description: "the start-up made \(roots.count) roots and \(created) objects, "
          + "not \(StartupGraph.rootNames.count) and \(StartupGraph.objectCount)")
    }
    return ProcessTask.Output(
      durations: durations, checksum: roots.reduce(created) { $0 &+ identity($1) })
  }

  static var cold: [Benchmark] {
    let container = containerTask
    return [
      Benchmark(
        name: "startup/cold/hand-written", group: "startup", unit: "start-up",
        task: handWrittenTask, field: "total"),
      Benchmark(
        name: "startup/cold", group: "startup", unit: "start-up",
        baseline: "startup/cold/hand-written", targets: [.ratioToBaseline(atMost: 10)],
        task: container, field: "total"),
      // The parts of the same cold start-ups, measured in the same processes.
      Benchmark(
        name: "startup/cold/register", group: "startup", unit: "start-up",
        baseline: "startup/cold/hand-written", task: container, field: "register"),
      Benchmark(
        name: "startup/cold/check", group: "startup", unit: "start-up",
        baseline: "startup/cold/hand-written", task: container, field: "check"),
      Benchmark(
        name: "startup/cold/resolve", group: "startup", unit: "start-up",
        baseline: "startup/cold/hand-written", task: container, field: "resolve"),
    ]
      // The first injection of each type with `@Inject` properties: the discovery of its
      // injectable properties, cold, in a fresh process past its first injection; then a
      // second instance of each, which finds them cached. The process's first injection, of
      // another type, pays what is paid once per process (see `InjectionPasses`), timed on
      // its own.
      + InjectionPasses.benchmarks(
        task: discoveryTask, group: "startup", typeCount: StartupGraph.makeInjectServices.count,
        firstInjection: "startup/cold/discovery/first-injection",
        first: "startup/cold/discovery", second: "startup/cold/discovery/second-instance",
        firstTargets: [
          .timePerIteration(atMost: .microseconds(2) * StartupGraph.makeInjectServices.count)
        ])
  }
}

/// A source that offers nothing, counting the properties it was asked for.
private final class OffersNothing: InjectionSource {
  private(set) var askedCount = 0

  func injectionValue(forProperty name: String) -> InjectionValue? {
    askedCount += 1
    return nil
  }
}
