import CINJAtomics
import Foundation
import INJPrimitives
import TestUtilities
import Testing

@testable import INJReflection

/// The package's atomics, used from many threads at once: `Scripts/sanitizers.sh` runs
/// them under ThreadSanitizer, which fails on any report. Each publication test writes
/// plain memory on one thread and reads it on others only after an acquiring load saw
/// the releasing store that followed the write: without those orderings, or were
/// ThreadSanitizer blind to the C atomics, it would report the plain accesses as races
/// (``AtomicOrderingProbe`` shows that it does, for relaxed ones).
@Suite("Atomics")
struct AtomicTests {
  /// Threads each test starts: many more than the machine has cores.
  static let threadCount = 16

  @Test func aWordHasTheLayoutOfAnInteger() {
    #expect(MemoryLayout<inj_atomic_word>.size == MemoryLayout<Int>.size)
    #expect(MemoryLayout<inj_atomic_word>.alignment == MemoryLayout<Int>.alignment)
  }

  @Test func anIntegerKeepsWhatIsStoredAndAdded() {
    let integer = AtomicWords(value: -3)
    #expect(integer[0].load(ordering: .relaxed) == -3)
    integer[0].store(Int.max, ordering: .releasing)
    #expect(integer[0].load(ordering: .acquiring) == Int.max)
    #expect(integer[0].wrappingAddRelaxed(1) == Int.max)
    #expect(integer[0].load(ordering: .relaxed) == Int.min)
  }

  @Test func aCompareExchangeExchangesOnlyWhatItExpects() {
    let integer = AtomicWords(value: 1)
    let missed = integer[0].compareExchange(expected: 2, desired: 3, ordering: .acquiring)
    #expect(!missed.exchanged && missed.original == 1)
    let hit = integer[0].compareExchange(expected: 1, desired: 3, ordering: .acquiringAndReleasing)
    #expect(hit.exchanged && hit.original == 1)
    #expect(integer[0].load(ordering: .relaxed) == 3)
  }

  @Test func anIntegerCountsEveryAdditionFromManyThreads() {
    let count = AtomicWords()
    runConcurrently(Self.threadCount) { _ in
      for _ in 0..<10_000 {
        _ = count[0].wrappingAddRelaxed(1)
      }
    }
    #expect(count[0].load(ordering: .acquiring) == Self.threadCount * 10_000)
  }

  @Test func exactlyOneThreadClaimsAnIntegerByCompareExchange() {
    for _ in 0..<50 {
      let state = AtomicWords()
      let winners = AtomicWords()
      let unseen = AtomicWords()
      let claimed = Payload()
      runConcurrently(Self.threadCount) { thread in
        if state[0].compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
          _ = winners[0].wrappingAddRelaxed(1)
          claimed.value = thread
          state[0].store(2, ordering: .releasing)
        } else if state[0].load(ordering: .acquiring) == 2, claimed.value < 0 {
          // The claimer's write is visible once its releasing store is seen.
          _ = unseen[0].wrappingAddRelaxed(1)
        }
      }
      #expect(winners[0].load(ordering: .relaxed) == 1)
      #expect(unseen[0].load(ordering: .relaxed) == 0)
    }
  }

  @Test func aReleasingStorePublishesWhatWasWrittenBeforeIt() {
    for round in 0..<50 {
      let ready = AtomicWords()
      let payload = Payload()
      let wrong = AtomicWords()
      let start = StartLine(threads: Self.threadCount)
      runConcurrently(Self.threadCount) { thread in
        start.wait()
        if thread == 0 {
          payload.value = round
          ready[0].store(1, ordering: .releasing)
        } else {
          while ready[0].load(ordering: .acquiring) == 0 {}
          if payload.value != round { _ = wrong[0].wrappingAddRelaxed(1) }
        }
      }
      #expect(wrong[0].load(ordering: .relaxed) == 0)
    }
  }

  @Test func aReferencePublishesAnObjectMadeOnAnotherThread() {
    for round in 0..<50 {
      let reference = AtomicWords()
      let made = Payload()
      let wrong = AtomicWords()
      let start = StartLine(threads: Self.threadCount)
      runConcurrently(Self.threadCount) { thread in
        start.wait()
        if thread == 0 {
          made.value = round
          reference[0].storeReference(Unretained(made), ordering: .releasing)
        } else {
          var seen = reference[0].loadReference(ordering: .acquiring, as: Payload.self)
          while seen == nil {
            seen = reference[0].loadReference(ordering: .acquiring, as: Payload.self)
          }
          if seen?.retained.value != round { _ = wrong[0].wrappingAddRelaxed(1) }
        }
      }
      #expect(wrong[0].load(ordering: .relaxed) == 0)
      withExtendedLifetime(made) {}
    }
  }

  @Test func exactlyOneThreadSetsAnEmptyReference() {
    let reference = AtomicWords()
    let candidates = (0..<Self.threadCount).map { Payload(value: $0) }
    let winners = AtomicWords()
    let emptyLosers = AtomicWords()
    runConcurrently(Self.threadCount) { thread in
      let outcome = reference[0].compareExchangeReference(
        expected: nil, desired: Unretained(candidates[thread]),
        ordering: .acquiringAndReleasing)
      if outcome.exchanged {
        _ = winners[0].wrappingAddRelaxed(1)
      } else if outcome.original == nil {
        _ = emptyLosers[0].wrappingAddRelaxed(1)
      }
    }
    #expect(emptyLosers[0].load(ordering: .relaxed) == 0)
    #expect(winners[0].load(ordering: .relaxed) == 1)
    let set = reference[0].loadReference(ordering: .acquiring, as: Payload.self)?.retained
    #expect(set.map { candidate in candidates.contains { $0 === candidate } } == true)
  }

  @Test func everySlotOfAnArrayPublishesItsOwnObject() {
    let count = 256
    let array = AtomicWords(count: count)
    let objects = (0..<count).map { Payload(value: $0) }
    let wrong = AtomicWords()
    runConcurrently(Self.threadCount) { thread in
      // Each thread stores every 16th slot and reads all of them.
      for index in stride(from: thread, to: count, by: Self.threadCount) {
        array[index].storeReference(Unretained(objects[index]), ordering: .releasing)
      }
      for index in 0..<count {
        if let found = array[index].loadReference(ordering: .acquiring, as: Payload.self),
          found.retained.value != index
        {
          _ = wrong[0].wrappingAddRelaxed(1)
        }
      }
    }
    #expect(wrong[0].load(ordering: .relaxed) == 0)
    for index in 0..<count {
      let found = array[index].loadReference(ordering: .relaxed, as: Payload.self)
      #expect(found?.retained === objects[index])
    }
  }
}

extension AtomicTests {
  /// A box keeps its state word inside itself: the word is the box's first stored
  /// property, where the runtime placed it.
  @Test func anInjectBoxKeepsItsStateWhereTheRuntimePlacedIt() {
    let box = InjectBox<Int>(filler: InjectBox.fillValue)
    let first = Self.firstFieldOffset(of: box)
    #expect(first?.0 == "stateWord")
    #expect(first?.1 == Self.storedPropertiesOffset(of: box))
    #expect(box.state.load(ordering: .relaxed) == InjectBoxState.empty.rawValue)
    #expect(box.fill(with: 7))
    #expect(box.state.load(ordering: .acquiring) == InjectBoxState.full.rawValue)
    #expect(box.current == 7)
  }

  @Test func exactlyOneThreadFillsAnInjectBox() {
    for round in 0..<50 {
      let box = InjectBox<Int>(filler: InjectBox.fillValue)
      let fills = AtomicWords()
      let wrong = AtomicWords()
      runConcurrently(Self.threadCount) { thread in
        if box.fill(with: thread) { _ = fills[0].wrappingAddRelaxed(1) }
        if let seen = box.current, !(0..<Self.threadCount).contains(seen) {
          _ = wrong[0].wrappingAddRelaxed(1)
        }
      }
      #expect(fills[0].load(ordering: .relaxed) == 1, "round \(round)")
      #expect(wrong[0].load(ordering: .relaxed) == 0)
    }
  }

  /// The name and offset of the first stored field of `object`'s class, as the runtime
  /// lists them.
  static func firstFieldOffset(of object: AnyObject) -> (String, Int)? {
    var first: (String, Int)?
    _ = RuntimeFields.forEach(of: type(of: object)) { name, offset, _ in
      first = (name.string, offset)
      return false
    }
    return first
  }

  /// Where the stored properties of `object` start, from its address.
  static func storedPropertiesOffset(of object: AnyObject) -> Int {
    _getUnsafePointerToStoredProperties(object)
      - UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
  }
}

/// A ThreadSanitizer check of its own: publishes memory with relaxed atomics, which
/// order nothing, so ThreadSanitizer must report the plain accesses as a race. Run only
/// by `Scripts/sanitizers.sh`, which expects that report: with the orderings of
/// ``AtomicTests`` clean and these reported, ThreadSanitizer sees what the C atomics
/// order and what they do not.
@Suite("Atomic ordering probe")
struct AtomicOrderingProbe {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["INJINEER_TSAN_PROBE"] == "1"))
  func aRelaxedStorePublishesNothing() {
    let ready = AtomicWords()
    let payload = Payload()
    let seen = AtomicWords()
    let start = StartLine(threads: 2)
    runConcurrently(2) { thread in
      start.wait()
      if thread == 0 {
        payload.value = 1
        ready[0].store(1, ordering: .relaxed)
      } else {
        while ready[0].load(ordering: .relaxed) == 0 {}
        seen[0].store(payload.value, ordering: .relaxed)
      }
    }
    #expect(seen[0].load(ordering: .relaxed) != 0)
  }
}

/// Holds threads until all of them run, with relaxed atomics only, so that nothing but
/// the atomics under test orders what they do after it: no lock, and no thread that
/// ended before another began.
private final class StartLine: Sendable {
  private let arrived = AtomicWords()
  private let threads: Int

  init(threads: Int) {
    self.threads = threads
  }

  func wait() {
    _ = arrived[0].wrappingAddRelaxed(1)
    while arrived[0].load(ordering: .relaxed) < threads {}
  }
}

/// Plain memory that the tests hand from thread to thread through an atomic.
private final class Payload: @unchecked Sendable {
  // Sendable only as the tests use it: written before an atomic publishes it, read after
  // an atomic load saw it published (or, in the probe, racing on purpose).
  var value: Int

  init(value: Int = -1) {
    self.value = value
  }
}
