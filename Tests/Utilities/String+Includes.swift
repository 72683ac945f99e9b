extension StringProtocol {
  /// Whether `part` occurs in the string, compared character by character.
  ///
  /// The tests run at the package's minimum OS versions, where the standard library's
  /// `contains(_:)` for a string argument needs iOS 16 and macOS 13 (Foundation's is
  /// older, but not every test file imports Foundation).
  public func includes(_ part: some StringProtocol) -> Bool {
    if part.isEmpty { return true }
    var rest = self[...]
    while !rest.isEmpty {
      if rest.hasPrefix(part) { return true }
      rest = rest.dropFirst()
    }
    return false
  }
}
