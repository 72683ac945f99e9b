#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line: parses the options, selects, runs and reports the benchmarks.
enum BenchmarkCommand {
  /// Runs the command and exits with its status: 0, 1 when `--check-targets` finds a missed
  /// target, 2 for bad arguments.
  static func main(groups: [[Benchmark]]) -> Never {
    let options: RunOptions
    do {
      options = try RunOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      printError("error: \(error)\n\n\(RunOptions.usage)")
      exit(2)
    }
    if options.help {
      print(RunOptions.usage)
      exit(0)
    }

    let all = groups.flatMap { $0 }
    let available = all.filter { !options.quick || $0.isQuick }
    let chosen = available.filter { options.selects($0.name) }
    guard !chosen.isEmpty else {
      printError("error: no benchmark matches '\(options.filter ?? "")'; see --list")
      exit(2)
    }
    if options.list {
      for benchmark in chosen { print(benchmark.name) }
      exit(0)
    }

    if let iterations = options.profileIterations {
      for benchmark in chosen {
        let body = benchmark.setUp()
        print("\(benchmark.name): checksum \(body(iterations))")
      }
      exit(0)
    }

    // Baselines of the chosen benchmarks run too, in the order benchmarks are declared.
    let baselineNames = Set(chosen.compactMap(\.baseline))
    let toRun = available.filter {
      options.selects($0.name) || baselineNames.contains($0.name)
    }
    let runner = Runner(quick: options.quick)
    var measurements: [Measurement] = []
    for benchmark in toRun {
      if !options.json { printError("running \(benchmark.name)") }
      measurements.append(runner.measure(benchmark))
    }
    let results = runner.judge(measurements)
    if options.json {
      print(Report.json(results, checksum: blackHoleTotal), terminator: "")
    } else {
      print(Report.table(results), terminator: "")
    }
    let missed = results.filter { !$0.meetsTargets }.count
    if options.checkTargets && missed > 0 {
      printError("error: \(missed) benchmark(s) missed a target")
      exit(1)
    }
    exit(0)
  }

  /// Writes a line to standard error.
  private static func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in
      _ = write(2, bytes.baseAddress, bytes.count)
    }
  }
}
