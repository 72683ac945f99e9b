/// The working memory of the graph algorithms: `count` elements of a trivial type at one
/// address, read and written by index.
///
/// The algorithms keep their per-node state in such buffers and index them in plain loops,
/// without the reference counting and copy-on-write checks of an array, which keeps them fast
/// even in unoptimized (debug) builds on graphs of millions of nodes.
///
/// Invariant, which makes every access safe:
/// - The elements are `BitwiseCopyable`: writing an element initializes it, and no element
///   needs deinitializing.
/// - A buffer made by ``init(count:repeating:)`` or ``init(stackCount:)`` owns its memory. The
///   object that makes it keeps it in a `let` and calls ``deallocate()`` once, in its `deinit`;
///   copies of the buffer and its views share the memory and are used only while that object
///   lives.
/// - A buffer made by ``init(stackCount:)`` is a stack: its memory is left as the allocator
///   gives it, and it reads only elements it wrote. On a large graph the pages a shallow stack
///   never reaches are then never touched.
/// - A buffer or view of an array's elements, from ``withBuffer(over:_:)`` or
///   ``withView(of:_:)``, borrows the array's storage inside the closure only and is never
///   deallocated; a view is only read.
/// - Every index is in `0..<count`: a buffer of per-node state is made for every node and
///   indexed by node id, a stack of nodes never holds more than every node, and the graph's
///   row offsets and edge positions are in range by the graph's own invariant. Debug builds
///   check it (the buffer pointer's own check).
///
/// The accessors are `@_transparent`, and repeated for `Int32`, the element of every per-node
/// buffer: an unoptimized (debug) build does not inline a call from another file, and these
/// forms, which take no element type, keep such a call close to the cost of indexing a buffer
/// pointer directly.
///
/// `ScratchBufferTests` checks what each kind of buffer reads back.
struct ScratchBuffer<Element: BitwiseCopyable> {
  /// The memory of the elements.
  private let memory: UnsafeMutableBufferPointer<Element>

  /// The number of elements.
  @_transparent var count: Int { memory.count }

  /// The element at `index`, in `0..<count`.
  subscript(index: Int) -> Element {
    @_transparent get { memory[index] }
    @_transparent nonmutating set { memory[index] = newValue }
  }

  /// The element at `index`, in `0..<count`, without a generic call in a debug build.
  subscript(index: Int) -> Int32 where Element == Int32 {
    @_transparent get { memory[index] }
    @_transparent nonmutating set { memory[index] = newValue }
  }

  /// The elements for reading only, while the buffer lives.
  var view: View { View(memory: UnsafeBufferPointer(memory)) }

  /// The elements in `0..<end`, copied into an array.
  func elements(upTo end: Int) -> [Element] {
    Array(UnsafeBufferPointer(rebasing: memory[0..<end]))
  }

  /// Sorts the elements in `range` ascending.
  func sort(_ range: Range<Int>) where Element: Comparable {
    var slice = UnsafeMutableBufferPointer(rebasing: memory[range])
    slice.sort()
  }

  /// Frees an owned buffer's memory; called once, by its owner.
  func deallocate() {
    memory.deallocate()
  }

  /// Calls `body` with a buffer over the elements of `array`, valid only inside `body`.
  static func withBuffer<Result>(over array: inout [Element], _ body: (Self) -> Result) -> Result {
    array.withUnsafeMutableBufferPointer { body(Self(memory: $0)) }
  }

  /// Calls `body` with a view of the elements of `array`, valid only inside `body`.
  static func withView<Result>(of array: [Element], _ body: (View) -> Result) -> Result {
    array.withUnsafeBufferPointer { body(View(memory: $0)) }
  }

  /// Elements of a ``ScratchBuffer`` or an array, for reading only.
  struct View {
    /// The memory of the elements.
    fileprivate let memory: UnsafeBufferPointer<Element>

    /// The element at `index`, in `0..<count`.
    subscript(index: Int) -> Element { @_transparent get { memory[index] } }

    /// The element at `index`, in `0..<count`, without a generic call in a debug build.
    subscript(index: Int) -> Int32 where Element == Int32 { @_transparent get { memory[index] } }
  }
}

extension ScratchBuffer {
  /// Allocates `count` elements, each set to `value`; the owner deallocates them.
  init(count: Int, repeating value: Element) {
    self.init(stackCount: count)
    memory.initialize(repeating: value)
  }

  /// Allocates a stack of up to `count` elements, left uninitialized; the owner deallocates it.
  init(stackCount count: Int) {
    let allocation = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(count, 1))
    self.init(memory: .init(rebasing: allocation[0..<count]))
  }
}
