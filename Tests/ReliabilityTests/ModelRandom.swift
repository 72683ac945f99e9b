// The fuzzer compiles these files with `SplitMix64` in one module of its own.
#if canImport(TestUtilities)
import TestUtilities
#endif

/// The model tests' seeded generator: every random case is a function of its seed,
/// so a failure reproduces from the seed it prints.
typealias ModelRandom = SplitMix64

extension SplitMix64 {
  /// The seed of case `index` of a run seeded with `seed`.
  static func caseSeed(_ seed: UInt64, case index: Int) -> UInt64 {
    var mixer = ModelRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    return mixer.next()
  }

  /// `count` random bytes.
  mutating func bytes(count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
  }
}

extension [UInt8] {
  /// The bytes as lowercase hexadecimal text, two digits each.
  var hexText: String {
    let digits = [Character]("0123456789abcdef")
    var text = ""
    text.reserveCapacity(count * 2)
    for byte in self {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return text
  }

  /// Bytes read from hexadecimal text; white space is skipped. Nil when the text
  /// holds anything else or an odd number of digits.
  init?(hexText: String) {
    var bytes: [UInt8] = []
    var high: UInt8?
    for character in hexText where !character.isWhitespace {
      guard let digit = character.hexDigitValue else { return nil }
      if let first = high {
        bytes.append(first << 4 | UInt8(digit))
        high = nil
      } else {
        high = UInt8(digit)
      }
    }
    guard high == nil else { return nil }
    self = bytes
  }
}
