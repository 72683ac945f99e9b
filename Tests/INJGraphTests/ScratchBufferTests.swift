import Testing

@testable import INJGraph

/// The working memory of the graph algorithms: what each kind of buffer reads back.
@Suite struct ScratchBufferTests {
  @Test func aFilledBufferReadsItsValueEverywhere() {
    let ids = ScratchBuffer<Int32>(count: 1000, repeating: -1)
    defer { ids.deallocate() }
    #expect(ids.count == 1000)
    #expect((0..<ids.count).allSatisfy { ids[$0] == -1 })
    ids[999] = 7
    #expect(ids[999] == 7 && ids[998] == -1)

    // The other element types, as the ready set uses them.
    let words = ScratchBuffer<UInt64>(count: 3, repeating: .max)
    defer { words.deallocate() }
    words[1] = 5
    #expect([words[0], words[1], words[2]] == [.max, 5, .max])
  }

  @Test func anEmptyBufferCanBeMadeAndFreed() {
    let empty = ScratchBuffer<Int>(count: 0, repeating: 1)
    let emptyStack = ScratchBuffer<Int32>(stackCount: 0)
    #expect(empty.count == 0 && emptyStack.count == 0)
    #expect(emptyStack.elements(upTo: 0).isEmpty)
    empty.deallocate()
    emptyStack.deallocate()
  }

  @Test func aStackReadsWhatItWrote() {
    let stack = ScratchBuffer<Int32>(stackCount: 100)
    defer { stack.deallocate() }
    var top = 0
    for value in Int32(0)..<100 {
      stack[top] = value * 3
      top += 1
    }
    #expect(stack.elements(upTo: 4) == [0, 3, 6, 9])
    var popped: [Int32] = []
    while top > 95 {
      top -= 1
      popped.append(stack[top])
    }
    #expect(popped == [297, 294, 291, 288, 285])
  }

  @Test func aViewReadsTheBufferItWasTakenFrom() {
    let tags = ScratchBuffer<Int32>(count: 4, repeating: 0)
    defer { tags.deallocate() }
    let view = tags.view
    tags[2] = 42
    #expect([view[0], view[1], view[2], view[3]] == [0, 0, 42, 0])
  }

  @Test func arraysAreReadAndWrittenInPlace() {
    let offsets: [Int32] = [0, 2, 5]
    let read = ScratchBuffer.withView(of: offsets) { view in [view[0], view[1], view[2]] }
    #expect(read == offsets)

    var targets: [Int32] = [9, 4, 8, 1, 6, 2, 7]
    ScratchBuffer.withBuffer(over: &targets) { buffer in
      buffer.sort(1..<5)
      buffer[6] = 0
    }
    #expect(targets == [9, 1, 4, 6, 8, 2, 0])
  }
}
