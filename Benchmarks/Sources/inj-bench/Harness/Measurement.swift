/// What the runner measured for one benchmark.
struct Measurement {
  /// The benchmark measured.
  let benchmark: Benchmark
  /// The iterations in each sample.
  let iterationsPerSample: Int
  /// The time per unit of each sample, in nanoseconds.
  let samples: [Double]

  /// The median time per unit, in nanoseconds.
  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The fastest sample's time per unit, in nanoseconds.
  var minimum: Double { samples.min() ?? .nan }

  /// The slowest sample's time per unit, in nanoseconds.
  var maximum: Double { samples.max() ?? .nan }

  /// The median time of one iteration, in nanoseconds.
  var medianPerIteration: Double { median * Double(benchmark.unitsPerIteration) }
}

/// A measurement with everything the report says about it.
struct Result {
  /// The measurement.
  let measurement: Measurement
  /// The median time per unit divided by the baseline's, when the baseline ran.
  let ratioToBaseline: Double?
  /// Each target, whether it was met, and the measured value it was judged by.
  let targets: [(target: BenchmarkTarget, isMet: Bool, measured: String)]

  /// Whether every target was met.
  var meetsTargets: Bool { targets.allSatisfy(\.isMet) }
}
