extension Unmanaged {
  /// Runs `body` with the instance borrowed: no reference counting, which is safe
  /// while something else keeps the instance alive.
  ///
  /// The standard library's `_withUnsafeGuaranteedRef` with typed throws.
  @inline(__always)
  func withGuaranteedRef<Result, Failure: Error>(
    _ body: (Instance) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try _withUnsafeGuaranteedRef { instance in
      Swift.Result { () throws(Failure) in try body(instance) }
    }
    .get()
  }
}
