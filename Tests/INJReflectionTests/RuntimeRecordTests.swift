import Testing

@testable import INJReflection

/// The reads of `RuntimeRecord`, on records built here, whose fields are known, and on
/// the metadata of types the compiler names.
@Suite("Runtime records")
struct RuntimeRecordTests {
  private let word = RuntimeRecord.wordSize

  /// Runs `body` with a zeroed buffer of `count` words, aligned to a word.
  private func withWords<R>(_ count: Int, _ body: (UnsafeMutableRawPointer) -> R) -> R {
    let words = UnsafeMutableRawPointer.allocate(byteCount: count * word, alignment: word)
    words.initializeMemory(as: UInt8.self, repeating: 0, count: count * word)
    defer { words.deallocate() }
    return body(words)
  }

  @Test func relativePointersReachTheirRecordDirectlyOrThroughASlot() {
    withWords(8) { words in
      let record = RuntimeRecord(words)
      let target = record.advanced(by: 7 * word)
      // At 0, a direct pointer to word 7; at 4, a null one; at 8, an indirect one to the
      // slot in word 6, which holds word 7's address; at 12, the same told by its low bit.
      words.storeBytes(of: Int32(7 * word), as: Int32.self)
      words.storeBytes(of: Int32(6 * word - 8), toByteOffset: 8, as: Int32.self)
      words.storeBytes(of: Int32(6 * word - 12) | 1, toByteOffset: 12, as: Int32.self)
      words.storeBytes(of: UInt(bitPattern: target.address), toByteOffset: 6 * word, as: UInt.self)
      #expect(record.referent(at: 0) == target)
      #expect(record.referent(at: 0, indirect: nil) == target)
      #expect(record.referent(at: 4) == nil)
      #expect(record.referent(at: 8, indirect: true) == target)
      #expect(record.referent(at: 12, indirect: nil) == target)
      #expect(record.record(atWord: 6) == target)
      #expect(record.record(atWord: 5) == nil)
      #expect(record.word(6) == UInt(bitPattern: target.address))
      #expect(record.uint32(at: 8) == UInt32(6 * word - 8))
      #expect(record.uint16(at: 0) == UInt16(7 * word))
      #expect(record.byte(at: 0) == UInt8(7 * word))
    }
  }

  @Test func namesAreReadUpToTheirEnd() {
    let name = "_service"
    name.withCString { text in
      let record = RuntimeRecord(text)
      #expect(record.string == name)
      #expect(record.advanced(by: 1).string == "service")
    }
  }

  @Test func metadataTellsItsKindItsDescriptorAndItsTypes() {
    #expect(RuntimeRecord(metadataOf: Int.self).kind == MetadataKind.struct)
    #expect(RuntimeRecord(metadataOf: Int?.self).kind == MetadataKind.optional)
    #expect(RuntimeRecord(metadataOf: (() -> Int).self).kind == MetadataKind.function)
    #expect(RuntimeRecord(metadataOf: RuntimeRecordTests.self).kind == MetadataKind.struct)
    #expect(RuntimeRecord.descriptor(of: [Int].self) == RuntimeRecord.descriptor(of: [String].self))
    #expect(RuntimeRecord.descriptor(of: [Int].self) != RuntimeRecord.descriptor(of: Set<Int>.self))
    #expect(RuntimeRecord.descriptor(of: (Int, Int).self) == nil)
    // A struct's generic arguments follow its kind and its descriptor.
    let dictionary = RuntimeRecord(metadataOf: [String: Double].self)
    #expect(ObjectIdentifier(dictionary.type(atWord: 2)) == ObjectIdentifier(String.self))
    #expect(ObjectIdentifier(dictionary.type(atWord: 3)) == ObjectIdentifier(Double.self))
  }
}
