import Dispatch
import INJPrimitives
import INJReflection
import Testing

@testable import INJContainer

/// The cells that keep shared products: read by any thread while one stores.
@Suite("Singleton cells")
struct SingletonCellTests {
  final class Product: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
  }

  /// Keeps a singleton cell as a provider does: its word is the holder's first stored
  /// property, and the holder releases the product as it goes.
  final class Holder: @unchecked Sendable {
    // Sendable as `Provider` is: `word` is used only through `cell`, atomically.
    private var word = 0

    var cell: SingletonCell { SingletonCell(ObjectWords.word(0, of: self)) }

    deinit {
      cell.release()
    }
  }

  @Test func readersSeeNothingOrTheWholeProduct() {
    for round in 0..<50 {
      let holder = Holder()
      let seen = AtomicWords()
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        if thread == 0 {
          holder.cell.store(Resolved(object: Product(serial: round)))
        }
        for _ in 0..<1_000 {
          if let value = holder.cell.value {
            #expect((value.object as? Product)?.serial == round)
            _ = seen[0].wrappingAddRelaxed(1)
          }
        }
      }
      #expect(holder.cell.value != nil)
    }
  }

  @Test func theCellKeepsItsProductAliveAndReleasesIt() {
    weak var released: Product?
    do {
      let holder = Holder()
      do {
        let product = Product(serial: 1)
        released = product
        holder.cell.store(Resolved(object: product))
      }
      #expect(released != nil)
      #expect((holder.cell.value?.object as? Product)?.serial == 1)
    }
    #expect(released == nil)
  }

  @Test func aWeakCellForgetsItsProductWhenNobodyHoldsIt() {
    let cell = ResettableCell(weak: true)
    do {
      let product = Product(serial: 2)
      cell.store(Resolved(object: product))
      #expect((cell.value?.object as? Product)?.serial == 2)
    }
    #expect(cell.value == nil)
  }

  @Test func aStrongCellKeepsItsProductUntilItIsCleared() {
    let cell = ResettableCell(weak: false)
    weak var released: Product?
    do {
      let product = Product(serial: 3)
      released = product
      cell.store(Resolved(object: product))
    }
    #expect((cell.value?.object as? Product)?.serial == 3)
    #expect((cell.clear()?.object as? Product)?.serial == 3)
    #expect(cell.value == nil)
    #expect(released == nil)
  }
}
