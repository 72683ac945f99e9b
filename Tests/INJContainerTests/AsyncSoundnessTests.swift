import Foundation
import INJContainer
import INJReflection
import Testing

/// A session object of the async soundness tests.
final class Session: Sendable {
  let id: Int
  init(id: Int = 0) { self.id = id }
}

/// A task another one hands over, kept until the test asks for it.
final class KeptTask<Success: Sendable>: Sendable {
  private let task = Locked<Task<Success, any Error>?>(nil)

  func keep(_ task: Task<Success, any Error>) {
    self.task.withLock { $0 = task }
  }

  var value: Success {
    get async throws {
      while true {
        if let task = task.withLock({ $0 }) { return try await task.value }
        try await Task.sleep(for: .milliseconds(1))
      }
    }
  }
}

/// A one-way signal tasks poll.
final class Signal: Sendable {
  private let state = Locked(false)

  func raise() { state.withLock { $0 = true } }
  var isRaised: Bool { state.withLock { $0 } }

  /// Suspends until raised.
  func wait() async throws {
    while !isRaised { try await Task.sleep(for: .milliseconds(1)) }
  }
}

/// Async resolution where tasks meet: tasks started by creators, cancelled owners and
/// waiters, shared objects, and waits that do not block a thread.
@Suite("Async soundness")
struct AsyncSoundnessTests {
  // MARK: Tasks started by creators

  @Test(arguments: [false, true])
  func aTaskACreatorLeftRunningAsksAsANewRequestOnceTheCreationEnded(
    isSingleton: Bool
  ) async throws {
    let container = Container()
    let creationEnded = Signal()
    let background = KeptTask<Session>()
    let made = Locked(0)
    container.addAsyncProvider(
      forName: "session", options: isSingleton ? .singleton : []
    ) { [unowned container] _ in
      let id = made.withLock { $0 += 1; return $0 }
      if id == 1 {
        background.keep(
          Task {
            try await creationEnded.wait()
            return try await container.asyncValue(forName: "session", as: Session.self)
          })
      }
      return Session(id: id)
    }
    let session = try await container.asyncValue(forName: "session", as: Session.self)
    creationEnded.raise()
    // Not a cycle "session → session": the creation that started the task has ended.
    let later = try await background.value
    #expect(isSingleton ? later === session : later.id == 2)
  }

  @Test func aTaskACreatorLeftRunningGetsObjectGraphProductsOfItsOwn() async throws {
    let container = Container()
    let made = Locked(0)
    container.addAsyncProvider(forName: "unitOfWork", options: .objectGraph) { _ in
      Session(id: made.withLock { $0 += 1; return $0 })
    }
    let creationEnded = Signal()
    let background = KeptTask<Session>()
    container.addAsyncProvider(forName: "screen", dependencies: ["unitOfWork"]) {
      [unowned container] values in
      background.keep(
        Task {
          try await creationEnded.wait()
          return try await container.asyncValue(forName: "unitOfWork", as: Session.self)
        })
      return try values.value(forName: "unitOfWork", as: Session.self)
    }
    let first = try await container.asyncValue(forName: "screen", as: Session.self)
    creationEnded.raise()
    let later = try await background.value
    #expect(first.id == 1)
    #expect(later.id == 2)
  }

  @Test func aTaskACreatorAwaitsIsPartOfTheCreation() async throws {
    let container = Container()
    container.addAsyncProvider(forName: "a", options: .singleton) { [unowned container] _ in
      try await Task { try await container.asyncValue(forName: "b", as: Session.self) }.value
    }
    container.addAsyncProvider(forName: "b", options: .singleton) { [unowned container] _ in
      try await container.asyncValue(forName: "a", as: Session.self)
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await container.asyncValue(forName: "a", as: Session.self)
    }
    #expect(error?.reason.cycleNames == ["a", "b", "a"])
  }
}
