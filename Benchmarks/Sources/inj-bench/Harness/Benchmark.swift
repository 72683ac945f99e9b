/// One measured operation: what it is called, what one iteration does, what it is compared
/// with, and what it must achieve.
struct Benchmark {
  /// The full name, `group/operation/size`, such as `graph/order+scc/1k`.
  let name: String
  /// The scenario group, such as `graph`.
  let group: String
  /// What one unit of work is, such as `node` or `op`.
  let unit: String
  /// How many units one iteration performs.
  let unitsPerIteration: Int
  /// The benchmark this one is compared with, measured in the same run.
  let baseline: String?
  /// What this benchmark must achieve; reported, and checked with `--check-targets`.
  let targets: [BenchmarkTarget]
  /// Whether `--quick` runs it.
  let isQuick: Bool
  /// Prepares the benchmark (outside the timing) and returns its body, which runs the given
  /// number of iterations and returns a checksum of their results.
  let setUp: () -> (_ iterations: Int) -> Int

  init(
    name: String, group: String, unit: String, unitsPerIteration: Int, baseline: String? = nil,
    targets: [BenchmarkTarget] = [], isQuick: Bool = true,
    setUp: @escaping () -> (_ iterations: Int) -> Int
  ) {
    self.name = name
    self.group = group
    self.unit = unit
    self.unitsPerIteration = unitsPerIteration
    self.baseline = baseline
    self.targets = targets
    self.isQuick = isQuick
    self.setUp = setUp
  }
}
