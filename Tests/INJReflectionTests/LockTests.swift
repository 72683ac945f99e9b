import Dispatch
import INJPrimitives
import TestUtilities
import Testing

@testable import INJReflection

/// The package's locks, used from many threads: run under ThreadSanitizer by
/// `Scripts/sanitizers.sh`, which fails on any report.
@Suite("Locks")
struct LockTests {
  @Test func lockedCountsEveryIncrementFromEightThreads() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 {
        counter.withLock { $0 += 1 }
      }
    }
    #expect(counter.withLock { $0 } == 80_000)
  }

  /// Sixteen threads of their own (not a pool's few): the lock (`os_unfair_lock` on
  /// Apple platforms, a pthread mutex elsewhere) serialises every change.
  @Test func lockedKeepsEveryAppendFromSixteenThreads() {
    let log = Locked<[Int]>([])
    runConcurrently(16) { thread in
      for step in 0..<1_000 {
        log.withLock { $0.append(thread * 1_000 + step) }
      }
    }
    let appended = log.withLock { $0 }
    #expect(appended.count == 16_000)
    #expect(Set(appended).count == 16_000)
    // Each thread's appends keep their order.
    for thread in 0..<16 {
      let own = appended.filter { $0 / 1_000 == thread }
      #expect(own == Array(thread * 1_000..<(thread + 1) * 1_000))
    }
  }

  @Test func aWaitEndsWhenAnotherThreadChangesTheValueAndWakes() {
    let mailbox = ConditionLocked<[Int]>([])
    let receivedCount = 1_000
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      for number in 0..<receivedCount {
        mailbox.withLock { mailbox in
          mailbox.access { $0.append(number) }
          mailbox.wakeAll()
        }
      }
    }
    var received: [Int] = []
    while received.count < receivedCount {
      received += mailbox.withLock { mailbox in
        while mailbox.access({ $0.isEmpty }) {
          mailbox.wait()
        }
        return mailbox.access { numbers in
          defer { numbers.removeAll() }
          return numbers
        }
      }
    }
    group.wait()
    #expect(received == Array(0..<receivedCount))
  }

  @Test func aLockedValueReturnsWhatItsBodyThrows() {
    struct Refused: Error {}
    let value = Locked(1)
    #expect(throws: Refused.self) {
      try value.withLock { (_) throws(Refused) -> Void in throw Refused() }
    }
    // The lock was released: it can be taken again.
    #expect(value.withLock { $0 } == 1)
  }
}
