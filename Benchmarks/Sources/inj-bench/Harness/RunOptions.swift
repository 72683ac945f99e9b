/// The command-line options of `inj-bench`.
struct RunOptions {
  /// Print JSON instead of a table.
  var json = false
  /// Only benchmarks whose name contains this text or matches it as a regular expression.
  var filter: String?
  /// A smoke run: few samples, small sizes only.
  var quick = false
  /// List the selected benchmark names instead of running them.
  var list = false
  /// Exit with a failure when a target is missed.
  var checkTargets = false
  /// Print the usage and exit.
  var help = false
  /// Run each selected benchmark's body once with this many iterations, untimed, for a
  /// profiler such as callgrind.
  var profileIterations: Int?
  /// Run this task of a fresh-process benchmark once, print what it measured, and exit: what
  /// the runner asks of the processes it starts (`--run-task <name>`, not in the usage).
  var task: String?

  /// The usage text.
  static let usage = """
    USAGE: inj-bench [--quick] [--filter <pattern>] [--json] [--list] [--check-targets]
                     [--profile <iterations>]

    OPTIONS:
      --quick              A smoke run that finishes in seconds: few samples, small sizes only.
      --filter <pattern>   Run only benchmarks whose name contains <pattern>, or matches it as a
                           regular expression. Baselines of selected benchmarks run too.
      --json               Print the results as JSON instead of a table.
      --list               List the names of the selected benchmarks and exit.
      --check-targets      Exit with status 1 when a benchmark misses a target.
      --profile <n>        Run each selected benchmark (not its baseline) once with n
                           iterations, untimed, and print its checksum: for a profiler. The
                           difference between two counts of instructions (callgrind) for
                           different n, divided by the difference of n, is the cost of one
                           iteration without setup.
      -h, --help           Show this text.
    """

  /// A problem with the arguments.
  struct UsageError: Error, CustomStringConvertible {
    /// What is wrong.
    let description: String
  }

  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``UsageError`` for an unknown option, a missing value, or a bad pattern.
  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json": json = true
      case "--quick": quick = true
      case "--list": list = true
      case "--check-targets": checkTargets = true
      case "-h", "--help": help = true
      case "--profile":
        guard let count = remaining.popFirst().flatMap({ Int($0) }), count >= 0 else {
          throw UsageError(description: "--profile needs a number of iterations, such as 10000")
        }
        profileIterations = count
      case "--run-task":
        guard let name = remaining.popFirst(), !name.hasPrefix("--") else {
          throw UsageError(description: "--run-task needs a task name, such as startup/container")
        }
        task = name
      case "--filter":
        guard let pattern = remaining.popFirst(), !pattern.hasPrefix("--") else {
          throw UsageError(description: "--filter needs a pattern, such as --filter graph/order")
        }
        filter = pattern
      default:
        if argument.hasPrefix("--filter=") {
          filter = String(argument.dropFirst("--filter=".count))
        } else {
          throw UsageError(description: "unknown argument '\(argument)'")
        }
      }
    }
    if filter?.isEmpty == true {
      throw UsageError(description: "--filter needs a non-empty pattern")
    }
  }

  /// Whether a benchmark name is selected by `--filter`: it contains the pattern as text, or
  /// matches it as a regular expression (a pattern that is no valid expression is only text).
  func selects(_ name: String) -> Bool {
    guard let filter else { return true }
    if name.contains(filter) { return true }
    guard let regex = try? Regex(filter) else { return false }
    return name.contains(regex)
  }
}
