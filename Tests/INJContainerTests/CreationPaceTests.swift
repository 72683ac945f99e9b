import INJPrimitives
import INJReflection
import Testing

@testable import INJContainer

/// The rule that decides whether an async dependency gets a task of its own.
///
/// A pace is a view of a word its provider keeps; the tests that need no provider keep
/// the word in `AtomicWords`.
@Suite struct CreationPaceTests {
  @Test func aProviderWithoutAFinishedCreationCountsAsSlow() {
    let word = AtomicWords()
    let pace = CreationPace(word[0])
    let quick = pace.isQuick
    #expect(!quick)
  }

  @Test func theLatestCreationDecides() {
    let word = AtomicWords()
    let pace = CreationPace(word[0])
    var seen: [Bool] = []
    for nanoseconds in [1_000, 2_000_000, CreationPace.quick, 0] {
      pace.record(nanoseconds: nanoseconds)
      seen.append(pace.isQuick)
    }
    #expect(seen == [true, false, false, true])
  }

  @Test func whileSlowEveryCreationIsTimed() {
    let word = AtomicWords()
    let pace = CreationPace(word[0])
    #expect((0..<40).allSatisfy { _ in pace.timesNextCreation() })
    pace.record(nanoseconds: 1_000_000_000)
    #expect((0..<40).allSatisfy { _ in pace.timesNextCreation() })
  }

  @Test func whileQuickOneCreationInSixteenIsTimedAndASlowOneEndsIt() {
    let word = AtomicWords()
    let pace = CreationPace(word[0])
    pace.record(nanoseconds: 0)
    var timed: [Int] = []
    for creation in 1...48 where pace.timesNextCreation() {
      timed.append(creation)
      pace.record(nanoseconds: creation >= 32 ? 1_000_000 : 0)
    }
    // Every 16th while quick; from the slow 32nd on, every one.
    #expect(timed == [16] + Array(32...48))
    let quick = pace.isQuick
    #expect(!quick)
  }

  @Test func recordsAndReadsFromManyTasks() async {
    let provider = Self.provider(in: Self.container(), named: "first")
    await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var quick = 0
          for step in 0..<1_000 {
            if provider.asyncPace.timesNextCreation() {
              provider.asyncPace.record(
                nanoseconds: (task + step).isMultiple(of: 2) ? 0 : 1_000_000_000)
            }
            quick += provider.asyncPace.isQuick ? 1 : 0
          }
          return quick
        }
      }
      for await _ in group {}
    }
    // Whatever the tasks left, a slow creation makes the provider count as slow, and
    // every creation after it is timed.
    provider.asyncPace.record(nanoseconds: 1_000_000_000)
    let quick = provider.asyncPace.isQuick
    #expect(!quick)
    #expect((0..<20).allSatisfy { _ in provider.asyncPace.timesNextCreation() })
  }

  @Test func aFailedCreationIsTimed() async {
    let container = Container()
    container.addAsyncProvider(forName: "failing") { _ -> Int in
      try await Task.sleep(nanoseconds: 1_000_000)
      throw Failure()
    }
    let provider = Self.provider(in: container, named: "failing")
    provider.asyncPace.record(nanoseconds: 0)
    // Sixteen creations: the sixteenth is timed, fails after a millisecond, and counts.
    for _ in 0..<CreationPace.sampling {
      _ = try? await container.asyncValue(forName: "failing", as: Int.self)
    }
    let quick = provider.asyncPace.isQuick
    #expect(!quick)
  }

  struct Failure: Error {}

  @Test func quickDependenciesAreMadeByTheRequestingTask() async throws {
    let container = Self.container()
    for name in ["first", "second"] {
      Self.provider(in: container, named: name).asyncPace.record(nanoseconds: 0)
    }
    let tasks = try await container.asyncValue(forName: "pair", as: [String: TaskID].self)
    #expect(tasks["first"] == tasks["pair"])
    #expect(tasks["second"] == tasks["pair"])
  }

  @Test func slowDependenciesGetTasksOfTheirOwn() async throws {
    let container = Self.container()
    for name in ["first", "second"] {
      Self.provider(in: container, named: name).asyncPace.record(nanoseconds: 1_000_000_000)
    }
    let tasks = try await container.asyncValue(forName: "pair", as: [String: TaskID].self)
    #expect(tasks["first"] != tasks["pair"])
    #expect(tasks["second"] != tasks["pair"])
    #expect(tasks["first"] != tasks["second"])
  }

  // MARK: Helpers

  /// The current task, comparable after it ended.
  struct TaskID: Hashable, Sendable {
    let hash: Int

    static var current: TaskID {
      TaskID(hash: withUnsafeCurrentTask { $0?.hashValue } ?? 0)
    }
  }

  /// "pair" depends on two async transients; each product says which task made it.
  private static func container() -> Container {
    let container = Container()
    for name in ["first", "second"] {
      container.addAsyncProvider(forName: name) { _ in TaskID.current }
    }
    container.addAsyncProvider(forName: "pair", dependencies: ["first", "second"]) { values in
      [
        "first": try values.value(forName: "first", as: TaskID.self),
        "second": try values.value(forName: "second", as: TaskID.self),
        "pair": TaskID.current,
      ]
    }
    return container
  }

  private static func provider(in container: Container, named name: String) -> Provider {
    container.lookup(name, hash: name.hashValue)!.retained.provider!
  }
}
