import Dispatch
import INJReflection
import Testing

@testable import INJContainer

/// The cell behind singletons and provider-closure factories: set once, read by any
/// thread without a lock. Run under ThreadSanitizer by `Scripts/sanitizers.sh`.
@Suite("Once references")
struct OnceReferenceTests {
  final class Object: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
  }

  final class Holder: Sendable {
    let reference = OnceReference<Object>()
  }

  @Test func theFirstObjectSetWinsAndEveryThreadSeesIt() {
    for _ in 0..<50 {
      let holder = Holder()
      // A POSIX lock, which ThreadSanitizer sees.
      let winners = Locked<Set<Int>>([])
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        let kept = holder.reference.setIfEmpty(Object(serial: thread))
        winners.withLock { _ = $0.insert(kept.serial) }
        #expect(holder.reference.withObject(\.serial) == kept.serial)
      }
      #expect(winners.withLock { $0.count } == 1)
      #expect(holder.reference.object?.serial == winners.withLock { $0.first })
    }
  }

  @Test func anEmptyReferenceHasNoObject() {
    let holder = Holder()
    #expect(holder.reference.object == nil)
    #expect(holder.reference.withObject(\.serial) == nil)
  }

  @Test func theReferenceKeepsItsObjectAliveAndReleasesIt() {
    weak var released: Object?
    do {
      let holder = Holder()
      do {
        let object = Object(serial: 7)
        released = object
        _ = holder.reference.setIfEmpty(object)
        // A second object is not kept.
        _ = holder.reference.setIfEmpty(Object(serial: 8))
      }
      #expect(released?.serial == 7)
      #expect(holder.reference.object?.serial == 7)
    }
    #expect(released == nil)
  }
}
