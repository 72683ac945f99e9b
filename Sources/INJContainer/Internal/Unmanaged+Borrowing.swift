extension Unmanaged {
  /// Runs `body` with the instance borrowed: no reference counting, which is safe
  /// while something else keeps the instance alive.
  ///
  /// The standard library's `_withUnsafeGuaranteedRef` with typed throws.
  @inline(__always)
  func withGuaranteedRef<Result, Failure: Error>(
    _ body: (Instance) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    do {
      return try _withUnsafeGuaranteedRef(body)
    } catch let error as Failure {
      throw error
    } catch {
      // `body` throws only `Failure`, and `_withUnsafeGuaranteedRef` only rethrows.
      preconditionFailure("unreachable: \(error)")
    }
  }
}
