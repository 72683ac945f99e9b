import Dispatch
import Foundation
import INJContainer
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
  final class Service: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
  }

  @Test func aSingletonIsCreatedOnceUnderContention() throws {
    for _ in 0..<20 {
      let container = Container()
      let created = Counter()
      container.addProvider(forName: "slow", options: .singleton) { _ in
        created.increment()
        usleep(2_000)
        return Service(id: 1)
      }
      container.addProvider(forName: "user", dependencies: ["slow"]) { values in
        try values.value(forName: "slow", as: Service.self)
      }
      let results = Results()
      DispatchQueue.concurrentPerform(iterations: 16) { index in
        results.record {
          try container.value(forName: index.isMultiple(of: 2) ? "slow" : "user", as: Service.self)
        }
      }
      #expect(created.value == 1)
      #expect(results.failures.isEmpty)
      #expect(Set(results.values.map(ObjectIdentifier.init)).count == 1)
    }
  }

  @Test func manyThreadsResolveAMixedGraphWhileOthersRegister() throws {
    let container = Container()
    let created = Counter()
    for index in 0..<50 {
      container.addProvider(forName: "singleton\(index)", options: .singleton) { _ in
        created.increment()
        return Service(id: index)
      }
      container.addProvider(
        forName: "transient\(index)",
        dependencies: ["singleton\(index)", "singleton\((index + 1) % 50)Provider"]
      ) { values in
        Service(id: try values.value(forName: "singleton\(index)", as: Service.self).id)
      }
    }
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for round in 0..<400 {
        let index = (thread * 7 + round) % 50
        if thread == 0 {
          container.addInstance(round, forName: "late\(round)")
        }
        results.record {
          try container.value(
            forName: round.isMultiple(of: 2) ? "transient\(index)" : "singleton\(index)",
            as: Service.self)
        }
      }
    }
    #expect(results.failures.isEmpty)
    #expect(created.value == 50)
    #expect(try container.value(forName: "late399", as: Int.self) == 399)
  }

  @Test func creatorsMayResolveOtherNames() throws {
    let container = Container()
    container.addProvider(forName: "inner", options: .singleton) { _ in Service(id: 7) }
    container.addProvider(forName: "outer") { [unowned container] _ in
      Service(id: try container.value(forName: "inner", as: Service.self).id + 1)
    }
    #expect(try container.value(forName: "outer", as: Service.self).id == 8)
  }

  @Test func aCycleThroughCreatorsCallingBackThrows() throws {
    let container = Container()
    container.addProvider(forName: "a") { [unowned container] _ in
      try container.value(forName: "b", as: Service.self)
    }
    container.addProvider(forName: "b") { [unowned container] _ in
      try container.value(forName: "a", as: Service.self)
    }
    let error = #expect(throws: ResolutionError.self) { try container.value(forName: "a") }
    #expect(error?.path == ["a", "b", "a"])
  }

  @Test func singletonsWaitingForEachOtherAcrossThreadsThrowInsteadOfDeadlocking() throws {
    for _ in 0..<10 {
      let container = Container()
      let bothStarted = Barrier(parties: 2)
      container.addProvider(forName: "a", options: .singleton) { [unowned container] _ in
        bothStarted.arrive()
        return try container.value(forName: "b", as: Service.self)
      }
      container.addProvider(forName: "b", options: .singleton) { [unowned container] _ in
        bothStarted.arrive()
        return try container.value(forName: "a", as: Service.self)
      }
      let results = Results()
      let threads = (0..<2).map { index in
        Thread {
          results.record {
            try container.value(forName: index == 0 ? "a" : "b", as: Service.self)
          }
        }
      }
      threads.forEach { $0.start() }
      while !threads.allSatisfy(\.isFinished) { usleep(1_000) }
      #expect(results.failures.count >= 1)
      #expect(
        results.failures.allSatisfy {
          if case .cycle = $0.reason { true } else { false }
        })
    }
  }

  /// A child with many providers, checked while another thread makes new names in it:
  /// the check works on the registrations as they were when it started.
  @Test(arguments: [false, true])
  func checkingAChildWhileAnotherThreadMakesNamesInIt(byRegistering: Bool) throws {
    let count = 3_000
    let parent = Container()
    let child = parent.makeChild()
    for index in 0..<count {
      child.addProvider(forName: "r\(index)") { _ in Service(id: index) }
    }
    try child.checkForErrors()
    let done = Flag()
    let thread = Thread {
      // From the last name down, so the check meets names made after its snapshot.
      for index in (0..<count).reversed() {
        if byRegistering {
          child.addProvider(forName: "u\(index)", dependencies: ["r\(index)Provider"]) { _ in
            Service(id: index)
          }
        } else {
          _ = try? child.value(forName: "r\(index)Provider", as: (() -> Service).self)
        }
      }
      done.set()
    }
    thread.start()
    var checks = 0
    while !done.isSet || checks == 0 {
      let report = child.validate()
      #expect(report.problems.isEmpty, "\(report.problems)")
      checks += 1
    }
    try child.checkForErrors()
  }
}

/// A flag one thread sets and others read.
final class Flag: @unchecked Sendable {
  // Guarded by `lock`.
  private var value = false
  private let lock = NSLock()

  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}

/// Collects results and resolution failures from several threads.
final class Results: @unchecked Sendable {
  // Guarded by `lock`.
  private var storedValues: [AnyObject] = []
  private var storedFailures: [ResolutionError] = []
  private let lock = NSLock()

  func record(_ body: () throws -> AnyObject) {
    do {
      let value = try body()
      lock.withLock { storedValues.append(value) }
    } catch let error as ResolutionError {
      lock.withLock { storedFailures.append(error) }
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  var values: [AnyObject] { lock.withLock { storedValues } }
  var failures: [ResolutionError] { lock.withLock { storedFailures } }
}

/// Lets threads pass once all of them have arrived; later arrivals pass at once.
final class Barrier: @unchecked Sendable {
  // Guarded by `condition`.
  private var waiting: Int
  private let condition = NSCondition()

  init(parties: Int) {
    waiting = parties
  }

  func arrive() {
    condition.lock()
    defer { condition.unlock() }
    waiting -= 1
    if waiting <= 0 {
      condition.broadcast()
    }
    while waiting > 0 {
      condition.wait()
    }
  }
}
