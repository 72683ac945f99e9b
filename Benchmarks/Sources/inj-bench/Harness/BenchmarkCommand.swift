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
    if let name = options.task {
      runTask(named: name, among: all)
    }
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
      var tasksRun: Set<String> = []
      for benchmark in chosen {
        switch benchmark.sampling {
        case .iterations(let setUp):
          let body = setUp()
          print("\(benchmark.name): checksum \(body(iterations))")
          releaseKept()
        case .freshProcess(let task, _):
          // First use happens once per process: each task runs once, here.
          guard tasksRun.insert(task.name).inserted else { continue }
          do {
            let output = try task.run()
            print("\(benchmark.name): checksum \(output.checksum) (task \(task.name), run once)")
          } catch {
            printError("error: task \(task.name): \(error)")
            exit(1)
          }
        }
      }
      exit(0)
    }

    // Baselines of the chosen benchmarks run too, in the order benchmarks are declared.
    let baselineNames = Set(chosen.compactMap(\.baseline))
    let toRun = available.filter {
      options.selects($0.name) || baselineNames.contains($0.name)
    }
    var runner = Runner(quick: options.quick)
    var measurements: [Measurement] = []
    for benchmark in toRun {
      if !options.json { printError("running \(benchmark.name)") }
      do {
        measurements.append(try runner.measure(benchmark))
      } catch {
        printError("error: \(benchmark.name): \(error)")
        exit(1)
      }
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

  /// Runs the task of a fresh-process benchmark once, as a process the runner started, prints
  /// what it measured and exits: 0, 1 when the task fails, 2 when no benchmark has the task.
  private static func runTask(named name: String, among benchmarks: [Benchmark]) -> Never {
    guard let task = benchmarks.lazy.compactMap(\.processTask).first(where: { $0.name == name })
    else {
      printError("error: no task '\(name)'")
      exit(2)
    }
    do {
      print(try task.run().text, terminator: "")
      exit(0)
    } catch {
      printError("error: task \(name): \(error)")
      exit(1)
    }
  }

  /// Writes a line to standard error.
  private static func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in
      _ = write(2, bytes.baseAddress, bytes.count)
    }
  }
}
