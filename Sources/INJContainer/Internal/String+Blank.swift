extension String {
  /// Whether the string is empty or only white space.
  var isBlank: Bool {
    allSatisfy(\.isWhitespace)
  }
}
