extension UnsafeMutableBufferPointer where Element == Int32 {
  /// Allocates scratch memory for `count` ids, each set to `value`; the caller deallocates it.
  ///
  /// The algorithms keep their per-node working state in such buffers and index them in plain
  /// loops, which is fast even in unoptimized (debug) builds on graphs of millions of nodes.
  static func allocate(count: Int, repeating value: Int32) -> Self {
    let buffer = allocate(capacity: Swift.max(count, 1))
    buffer.initialize(repeating: value)
    return Self(rebasing: buffer[0..<count])
  }

  /// Allocates scratch memory for a stack of up to `count` ids; the caller deallocates it.
  ///
  /// The memory is left as the allocator gives it: `Int32` is a trivial type, so writing an
  /// element initializes it, and a stack reads only what it wrote. On a large graph the pages
  /// a shallow stack never reaches are then never touched.
  static func allocateStack(count: Int) -> Self {
    allocate(capacity: Swift.max(count, 1))
  }
}
