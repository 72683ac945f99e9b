/// Runs benchmarks: warm-up, calibration, samples, then targets judged across the run.
struct Runner {
  /// How long one sample should last at least.
  let minimumSampleTime: Duration
  /// How many samples to take of a benchmark whose iteration is short.
  let sampleCount: Int
  /// The most time to spend sampling one benchmark; fewer samples are taken beyond it.
  let timeBudget: Duration
  /// What each fresh process of a task measured, by task name, kept for the other
  /// benchmarks reading the same task.
  private var processOutputs: [String: [ProcessTask.Output]] = [:]

  /// The settings for a normal run or a `--quick` smoke run.
  init(quick: Bool) {
    minimumSampleTime = quick ? .milliseconds(2) : .milliseconds(20)
    sampleCount = quick ? 3 : 11
    timeBudget = quick ? .milliseconds(200) : .seconds(8)
  }

  /// Measures one benchmark.
  ///
  /// - Throws: ``ProcessTask/Failure`` when a fresh process of a task fails.
  mutating func measure(_ benchmark: Benchmark) throws -> Measurement {
    switch benchmark.sampling {
    case .iterations(let setUp):
      return measure(benchmark, body: setUp())
    case .freshProcess(let task, let field):
      return try measure(benchmark, task: task, field: field)
    }
  }

  /// Measures a benchmark timed in this process.
  private func measure(_ benchmark: Benchmark, body: (Int) -> Int) -> Measurement {
    let clock = ContinuousClock()
    func time(_ iterations: Int) -> Duration {
      let start = clock.now
      let checksum = body(iterations)
      let elapsed = clock.now - start
      blackHole(checksum)
      releaseKept()
      return elapsed
    }

    // Warm up with one iteration, then double the iterations until a sample lasts long enough.
    var iterations = 1
    var elapsed = time(iterations)
    while elapsed < minimumSampleTime && iterations < 1 << 30 {
      let estimate = minimumSampleTime.nanoseconds / max(elapsed.nanoseconds, 1) * 1.2
      iterations = max(iterations * 2, min(Int(estimate) * iterations, iterations * 100))
      elapsed = time(iterations)
    }

    // Big benchmarks take fewer samples, within the time budget, but always at least three.
    let affordable = Int(timeBudget.nanoseconds / max(elapsed.nanoseconds, 1))
    let count = max(3, min(sampleCount, affordable))
    let units = Double(iterations * benchmark.unitsPerIteration)
    let samples = (0..<count).map { _ in time(iterations).nanoseconds / units }
    return Measurement(benchmark: benchmark, iterationsPerSample: iterations, samples: samples)
  }

  /// Measures a benchmark of first use: one iteration per fresh process, as many processes
  /// as samples, all started when the first benchmark reading its task is measured.
  private mutating func measure(
    _ benchmark: Benchmark, task: ProcessTask, field: String
  ) throws -> Measurement {
    let outputs: [ProcessTask.Output]
    if let known = processOutputs[task.name] {
      outputs = known
    } else {
      outputs = try (0..<sampleCount).map { _ in try task.runInFreshProcess() }
      processOutputs[task.name] = outputs
      for output in outputs { blackHole(output.checksum) }
    }
    let units = Double(benchmark.unitsPerIteration)
    let samples = try outputs.map { output in
      guard let duration = output.durations[field] else {
        throw ProcessTask.Failure(description: "'--run-task \(task.name)' measured no '\(field)'")
      }
      return duration.nanoseconds / units
    }
    return Measurement(benchmark: benchmark, iterationsPerSample: 1, samples: samples)
  }

  /// Judges every measurement: its ratio to its baseline, and its targets.
  func judge(_ measurements: [Measurement]) -> [Result] {
    let byName = Dictionary(
      measurements.map { ($0.benchmark.name, $0) }, uniquingKeysWith: { first, _ in first })
    // Every series of a flatness target: the slowest median over the fastest.
    var spread: [String: Double] = [:]
    for measurement in measurements {
      for case .flatAcrossSeries(let series, _) in measurement.benchmark.targets {
        spread[series] = 0
      }
    }
    for series in spread.keys {
      let medians = measurements.filter { measurement in
        measurement.benchmark.targets.contains {
          if case .flatAcrossSeries(series, _) = $0 { return true }
          return false
        }
      }.map(\.median)
      spread[series] = (medians.max() ?? 0) / (medians.min() ?? 1)
    }

    return measurements.map { measurement in
      let ratio = measurement.benchmark.baseline.flatMap { byName[$0] }.map {
        measurement.median / $0.median
      }
      let targets = measurement.benchmark.targets.map { target in
        switch target {
        case .ratioToBaseline(let limit):
          guard let ratio else { return (target, false, "no baseline") }
          return (target, ratio <= limit, "\(Format.number(ratio, digits: 2))×")
        case .timePerIteration(let limit):
          let perIteration = measurement.medianPerIteration
          return (
            target, perIteration <= limit.nanoseconds,
            Format.duration(nanoseconds: perIteration)
          )
        case .flatAcrossSeries(let series, let factor):
          let value = spread[series] ?? .nan
          return (target, value <= factor, "\(Format.number(value, digits: 2))×")
        }
      }
      return Result(measurement: measurement, ratioToBaseline: ratio, targets: targets)
    }
  }
}
