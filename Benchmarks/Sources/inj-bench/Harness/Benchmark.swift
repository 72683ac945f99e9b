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
  /// How its samples are taken.
  let sampling: Sampling

  /// How a benchmark's samples are taken.
  enum Sampling {
    /// Iterations in this process, timed by the runner. The closure prepares the benchmark
    /// (outside the timing) and returns its body, which runs the given number of iterations
    /// and returns a checksum of their results.
    case iterations(setUp: () -> (_ iterations: Int) -> Int)
    /// One iteration per fresh process: each sample is the duration named `field` that one
    /// run of the task measured in a process of its own. Benchmarks reading the same task
    /// share its processes.
    case freshProcess(ProcessTask, field: String)
  }

  /// A benchmark timed in this process.
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
    self.sampling = .iterations(setUp: setUp)
  }

  /// A benchmark of first use: each sample is one run of `task` in a fresh process, and the
  /// duration it reports as `field` is the time of one iteration.
  init(
    name: String, group: String, unit: String, unitsPerIteration: Int = 1,
    baseline: String? = nil, targets: [BenchmarkTarget] = [], isQuick: Bool = true,
    task: ProcessTask, field: String
  ) {
    self.name = name
    self.group = group
    self.unit = unit
    self.unitsPerIteration = unitsPerIteration
    self.baseline = baseline
    self.targets = targets
    self.isQuick = isQuick
    self.sampling = .freshProcess(task, field: field)
  }

  /// The task whose fresh processes give the samples, for a fresh-process benchmark.
  var processTask: ProcessTask? {
    if case .freshProcess(let task, _) = sampling { return task }
    return nil
  }
}
