import TestUtilities
import Testing

@testable import INJReflection

@Suite("The conformance index's table of descriptors")
struct DescriptorTableTests {
  /// An address made from a small number: the table only compares them.
  private func address(_ value: UInt) -> RuntimeRecord {
    RuntimeRecord(UnsafeRawPointer(bitPattern: value * 8 + 8)!)
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func answersAsADictionaryKeepingTheFirstValue(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var table = DescriptorTable()
    var model: [UInt: UInt] = [:]
    for _ in 0..<500 {
      let key = UInt.random(in: 0..<200, using: &generator)
      let value = UInt.random(in: 0..<1_000, using: &generator)
      table.insertIfAbsent(address(key), address(value))
      if model[key] == nil { model[key] = value }
      let probe = UInt.random(in: 0..<220, using: &generator)
      #expect(table[address(probe)] == model[probe].map(address), "seed \(seed)")
    }
    #expect(table.count == model.count, "seed \(seed)")
    for key in 0..<UInt(220) {
      #expect(table[address(key)] == model[key].map(address), "seed \(seed), key \(key)")
    }
  }

  @Test func anEmptyTableHoldsNothing() {
    let table = DescriptorTable()
    #expect(table.count == 0)
    #expect(table[address(0)] == nil)
  }
}
