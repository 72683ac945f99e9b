import INJPrimitives
import Testing

/// ``Unretained``: a reference that does not keep its object alive, read by borrowing.
@Suite("Unretained references")
struct UnretainedTests {
  final class Payload {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test func aReferenceReadsItsObjectAndComparesByAddress() {
    let payload = Payload(7)
    let other = Payload(7)
    let reference = Unretained(payload)
    #expect(reference.read { $0.value } == 7)
    #expect(reference.retained === payload)
    #expect(reference.refers(to: payload))
    #expect(!reference.refers(to: other))
    withExtendedLifetime((payload, other)) {}
  }

  @Test func aReferenceDoesNotKeepItsObjectAlive() {
    weak var weakPayload: Payload?
    var reference: Unretained<Payload>?
    do {
      let payload = Payload(1)
      weakPayload = payload
      reference = Unretained(payload)
      #expect(reference?.read { $0.value } == 1)
    }
    // Only the unretained reference is left, and it is not read again.
    #expect(reference != nil)
    #expect(weakPayload == nil)
  }

  @Test func aReadPassesOnTheErrorItsBodyThrows() {
    struct Refused: Error, Equatable {}
    let payload = Payload(2)
    #expect(throws: Refused()) {
      try Unretained(payload).read { (_) throws(Refused) -> Int in throw Refused() }
    }
  }

  @Test func anAtomicWordHoldsAReference() {
    let payload = Payload(3)
    let words = AtomicWords()
    #expect(words[0].loadReference(ordering: .acquiring, as: Payload.self) == nil)
    words[0].storeReference(Unretained(payload), ordering: .releasing)
    let loaded = words[0].loadReference(ordering: .acquiring, as: Payload.self)
    #expect(loaded?.refers(to: payload) == true)
    withExtendedLifetime(payload) {}
  }
}
