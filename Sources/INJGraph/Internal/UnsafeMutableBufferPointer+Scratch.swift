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
}
