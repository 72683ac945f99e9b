extension Array {
  /// `Array(unsafeUninitializedCapacity:initializingWith:)` for arrays that may be
  /// empty: an empty array is made without running `initializer`.
  ///
  /// The standard library's initializer writes the element count into the array's
  /// storage after `initializer` returns, and for a capacity of zero that storage is
  /// the one shared by every empty array of the process: threads making empty arrays
  /// at the same time then write the same memory, and ThreadSanitizer reports a race
  /// in the caller's program. Every array the module makes this way comes from here.
  ///
  /// - Parameters:
  ///   - count: The capacity: the most elements `initializer` may initialize.
  ///   - initializer: Initializes the elements and sets how many it initialized, as
  ///     for the standard initializer. It does not run when `count` is zero, so it must
  ///     have no other effect that an empty array needs.
  @inlinable
  init(
    uninitializedCount count: Int,
    initializingWith initializer: (
      _ buffer: inout UnsafeMutableBufferPointer<Element>, _ initializedCount: inout Int
    ) throws -> Void
  ) rethrows {
    guard count > 0 else {
      self = []
      return
    }
    try self.init(unsafeUninitializedCapacity: count, initializingWith: initializer)
  }
}
