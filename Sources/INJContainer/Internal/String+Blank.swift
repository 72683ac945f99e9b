extension String {
  /// Whether the string is empty or only white space.
  var isBlank: Bool {
    // Names nearly always start with an ASCII letter: decided by the first byte, without
    // looking up Unicode properties. A character that starts with an ASCII byte other
    // than white space is not white space.
    if let first = utf8.first, first < 0x80, first != 0x20, !(0x09...0x0D).contains(first) {
      return false
    }
    return allSatisfy(\.isWhitespace)
  }
}
