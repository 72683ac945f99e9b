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

  /// Whether the name ends in `Provider` after at least one byte: the shape of a
  /// provider-closure name. Decided from the last bytes without a string comparison,
  /// as the lookup of a missing name asks it in every container it walks through.
  @inline(__always)
  var hasProviderClosureShape: Bool {
    let answer = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard bytes.count > 8 else { return false }
      let suffix: StaticString = "Provider"
      let tail = bytes.count - 8
      for offset in 0..<8 where bytes[tail + offset] != suffix.utf8Start[offset] {
        return false
      }
      return true
    }
    return answer ?? (utf8.count > 8 && hasSuffix("Provider"))
  }
}
