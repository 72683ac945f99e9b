/// Number and duration formatting for the report.
enum Format {
  /// A number with up to `digits` decimals and no trailing zeros, such as `2`, `1.5` or `0.031`.
  static func number(_ value: Double, digits: Int = 3) -> String {
    guard value.isFinite else { return "-" }
    var text = fixed(value, digits: digits)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// A number with exactly `digits` decimals.
  static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    let fractionText = String(fraction)
    return "\(sign)\(whole)." + String(repeating: "0", count: digits - fractionText.count)
      + fractionText
  }

  /// A time per unit in nanoseconds, three significant digits: `0.412`, `31.7`, `1,250`.
  static func nanoseconds(_ value: Double) -> String {
    switch value {
    case ..<10: fixed(value, digits: 3)
    case ..<100: fixed(value, digits: 2)
    case ..<1000: fixed(value, digits: 1)
    default: grouped(Int(value.rounded()))
    }
  }

  /// A duration with a unit: `850 ns`, `12.3 µs`, `45.6 ms`, `1.23 s`.
  static func duration(nanoseconds value: Double) -> String {
    switch value {
    case ..<1e3: "\(number(value, digits: 0)) ns"
    case ..<1e6: "\(number(value / 1e3, digits: 2)) µs"
    case ..<1e9: "\(number(value / 1e6, digits: 2)) ms"
    default: "\(number(value / 1e9, digits: 3)) s"
    }
  }

  /// An integer with thousands separators: `1,000,000`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }

  /// A text padded with spaces to `width` characters, on the left or the right.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }
}
