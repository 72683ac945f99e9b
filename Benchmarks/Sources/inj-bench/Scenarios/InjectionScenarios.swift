import INJReflection

/// The `injection` group: filling an object's properties after creation.
///
/// The objects have 10 stored properties, 3 of them injected. Each iteration clears
/// the three properties of 1,000 objects and fills them again, so the unit is one
/// injected property; the baseline assigns them by hand.
enum InjectionScenarios {
  /// Objects injected per iteration.
  static let objectCount = 1_000
  /// Injected properties per object.
  static let injectedCount = 3

  /// Every benchmark of the group.
  static var benchmarks: [Benchmark] {
    [
      Benchmark(
        name: "injection/baseline/hand", group: "injection", unit: "property",
        unitsPerIteration: objectCount * injectedCount
      ) {
        let objects = (0..<objectCount).map { _ in HandWired() }
        let values = Values()
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            for object in objects {
              object.clear()
              if object.first == nil { object.first = values.first }
              if object.second == nil { object.second = values.second }
              if object.third == nil { object.third = values.third }
              checksum &+= object.plain
            }
          }
          return checksum
        }
      },
      Benchmark(
        name: "injection/injectable", group: "injection", unit: "property",
        unitsPerIteration: objectCount * injectedCount, baseline: "injection/baseline/hand"
      ) {
        let objects = (0..<objectCount).map { _ in Explicit() }
        let source = Values().source
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            for object in objects {
              object.clear()
              checksum &+= (try? PropertyInjector.injectProperties(into: object, from: source)) ?? 0
            }
          }
          return checksum
        }
      },
      // Compared with the explicit path, per DESIGN: at most twice its cost.
      Benchmark(
        name: "injection/automatic", group: "injection", unit: "property",
        unitsPerIteration: objectCount * injectedCount, baseline: "injection/injectable",
        targets: [.ratioToBaseline(atMost: 2)]
      ) {
        let objects = (0..<objectCount).map { _ in Automatic() }
        let source = Values().source
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            for object in objects {
              object.clear()
              checksum &+= (try? PropertyInjector.injectProperties(into: object, from: source)) ?? 0
            }
          }
          return checksum
        }
      },
      // A type with nothing to inject, after its first object: the cached "nothing"
      // answer.
      Benchmark(
        name: "injection/no-properties", group: "injection", unit: "object",
        unitsPerIteration: objectCount,
        targets: [.timePerIteration(atMost: .nanoseconds(60 * objectCount))]
      ) {
        let objects = (0..<objectCount).map { _ in Plain() }
        let source = Values().source
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            for object in objects {
              checksum &+= (try? PropertyInjector.injectProperties(into: object, from: source)) ?? 0
            }
          }
          return checksum
        }
      },
    ]
      // The first object of each of 24 `Injectable` types in a fresh process past its first
      // injection, then a second object of each: how a type is injected is found once, on
      // its first object. The process's first injection is timed on its own.
      + InjectionPasses.benchmarks(
        task: coldInjectableTask, group: "injection", typeCount: ColdInjectableTypes.make.count,
        firstInjection: "injection/cold/injectable/first-injection",
        first: "injection/cold/injectable/first-object",
        second: "injection/cold/injectable/second-object")
  }
}

extension InjectionScenarios {
  /// In a fresh process, one object of each cold `Injectable` type injected, then a second
  /// object of each; the objects are made before the timing and live until it ends.
  static var coldInjectableTask: ProcessTask {
    ProcessTask(name: "injection/cold-injectable") {
      let passes = try InjectionPasses(
        makers: ColdInjectableTypes.make, source: OffersDependency())
      let expected = 2 * ColdInjectableTypes.make.count
      guard passes.filled == expected else {
        throw ProcessTask.Failure(
          description: "the injections filled \(passes.filled) properties, not \(expected)")
      }
      return ProcessTask.Output(durations: passes.durations, checksum: passes.filled)
    }
  }
}

/// Timed first injections in a fresh process: the process's first injection, of an object of
/// a type outside the measured ones; then one object of each measured type; then a second
/// object of each. The objects are made before the timing (making them is the classes' own
/// first use) and live until it ends (freeing them is no part of it).
///
/// The process's first injection pays, once, what no later type pays again: the first read
/// of the program's conformance records (by the Swift runtime, to find the `Hashable` of a
/// dictionary's key, and by the injector, for `Injectable`), the injector's caches, and the
/// first calls into the runtime. It is timed on its own, so that the first pass shows what
/// each new type costs.
struct InjectionPasses {
  /// The times of the first injection and of the two passes, as `first-injection`,
  /// `first` and `second`.
  let durations: [String: Duration]
  /// How many properties the two passes filled.
  let filled: Int

  init(makers: [@Sendable () -> AnyObject], source: any InjectionSource) throws {
    let opening = FirstInjection()
    let first = makers.map { $0() }
    let second = makers.map { $0() }
    let clock = ContinuousClock()
    var filled = 0
    let (start, openingDone, firstDone, secondDone) = try withExtendedLifetime(
      (opening, first, second)
    ) {
      let start = clock.now
      _ = try PropertyInjector.injectProperties(into: opening, from: OpeningSource())
      let openingDone = clock.now
      for object in first {
        filled += try PropertyInjector.injectProperties(into: object, from: source)
      }
      let firstDone = clock.now
      for object in second {
        filled += try PropertyInjector.injectProperties(into: object, from: source)
      }
      return (start, openingDone, firstDone, clock.now)
    }
    durations = [
      "first-injection": openingDone - start, "first": firstDone - openingDone,
      "second": secondDone - firstDone,
    ]
    self.filled = filled
  }
}

extension InjectionPasses {
  /// The three rows of a task that runs the passes: the process's first injection (per
  /// process), then the first and the second pass (per type).
  static func benchmarks(
    task: ProcessTask, group: String, typeCount: Int, firstInjection: String, first: String,
    second: String, firstTargets: [BenchmarkTarget] = []
  ) -> [Benchmark] {
    [
      Benchmark(
        name: firstInjection, group: group, unit: "process", task: task,
        field: "first-injection"),
      Benchmark(
        name: first, group: group, unit: "type", unitsPerIteration: typeCount,
        targets: firstTargets, task: task, field: "first"),
      Benchmark(
        name: second, group: group, unit: "type", unitsPerIteration: typeCount, task: task,
        field: "second"),
    ]
  }
}

/// The type of the process's first injection in ``InjectionPasses``: none of the measured
/// types.
private final class FirstInjection {
  @Inject var dependency: Leaf?
}

/// Offers nothing to the process's first injection.
private final class OpeningSource: InjectionSource {
  func injectionValue(forProperty name: String) -> InjectionValue? { nil }
}

/// Offers one value, a `Leaf`, under the name `dependency`.
private final class OffersDependency: InjectionSource {
  private let leaf = Leaf()

  func injectionValue(forProperty name: String) -> InjectionValue? {
    name == "dependency" ? .value(leaf) : nil
  }
}

// MARK: The objects

final class FirstDependency: Sendable {}
final class SecondDependency: Sendable {}
final class ThirdDependency: Sendable {}

/// The values a provider would offer, and a source offering them by name.
struct Values {
  let first = FirstDependency()
  let second = SecondDependency()
  let third = ThirdDependency()

  var source: NamedValues {
    NamedValues(names: ["first", "second", "third"], values: [first, second, third])
  }
}

/// Offers values by name, as a container's resolved dependencies do.
struct NamedValues: InjectionSource {
  let names: [String]
  let values: [AnyObject]

  func injectionValue(forProperty name: String) -> InjectionValue? {
    for index in names.indices where names[index] == name {
      return .value(values[index])
    }
    return nil
  }
}

/// Seven ordinary stored properties, as in a typical view controller.
class SevenProperties {
  var plain = 1
  var count = 0
  var title = "title"
  var subtitle: String?
  var ratio = 1.0
  var items: [Int] = []
  var flag = false
}

final class HandWired: SevenProperties {
  var first: FirstDependency?
  var second: SecondDependency?
  var third: ThirdDependency?

  func clear() {
    first = nil
    second = nil
    third = nil
  }
}

final class Explicit: SevenProperties, Injectable {
  var first: FirstDependency?
  var second: SecondDependency?
  var third: ThirdDependency?

  func clear() {
    first = nil
    second = nil
    third = nil
  }

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&first, named: "first")
    try injector.inject(&second, named: "second")
    try injector.inject(&third, named: "third")
  }
}

final class Automatic: SevenProperties {
  @Inject var first: FirstDependency?
  @Inject var second: SecondDependency?
  @Inject var third: ThirdDependency?

  func clear() {
    first = nil
    second = nil
    third = nil
  }
}

final class Plain: SevenProperties {}
