/// What a benchmark must achieve.
enum BenchmarkTarget {
  /// Its median time per unit is at most this many times its baseline's.
  case ratioToBaseline(atMost: Double)
  /// Its median time per iteration is at most this long.
  case timePerIteration(atMost: Duration)
  /// The medians per unit of every benchmark in the series stay within this factor of each
  /// other, from the fastest to the slowest.
  case flatAcrossSeries(String, within: Double)

  /// A short description, such as `≤ 3× baseline`.
  var summary: String {
    switch self {
    case .ratioToBaseline(let limit):
      "≤ \(Format.number(limit))× baseline"
    case .timePerIteration(let limit):
      "≤ \(Format.duration(nanoseconds: limit.nanoseconds))/iter"
    case .flatAcrossSeries(let series, let factor):
      "\(series) flat within \(Format.number(factor))×"
    }
  }
}

extension Duration {
  /// The duration in nanoseconds.
  var nanoseconds: Double {
    Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
  }
}
