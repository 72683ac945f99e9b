import Foundation

/// Work measured once per process, for costs paid only on first use (such as an app's
/// start-up: loading type metadata, filling caches) that a second run in the same process no
/// longer pays.
///
/// The runner starts this executable again for each sample, with the hidden option
/// `--run-task <name>`. That process runs the task once, prints what it measured, and exits;
/// it has run nothing of the benchmarks before.
struct ProcessTask {
  /// The name given to `--run-task`, such as `startup/container`.
  let name: String
  /// Does the work once, timing its parts, and returns the times and a checksum of its
  /// results; throws when the work went wrong.
  let run: () throws -> Output

  /// What one run of a task measured.
  struct Output {
    /// Durations by name, such as `total`.
    var durations: [String: Duration]
    /// A checksum of what the run computed.
    var checksum: Int
  }

  /// A child process that failed, or printed something else than an ``Output``.
  struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
  }

  /// Runs the task in a fresh process of this executable and returns what it measured.
  ///
  /// - Throws: ``Failure`` when the process cannot start, exits with a failure, or prints
  ///   no output; the child's own messages go to standard error.
  func runInFreshProcess() throws -> Output {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = ["--run-task", name]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      throw Failure(description: "cannot start \(Self.executable.path): \(error)")
    }
    let printed = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw Failure(
        description: "'--run-task \(name)' failed with status \(process.terminationStatus)")
    }
    guard let output = Output(parsing: String(decoding: printed, as: UTF8.self)) else {
      throw Failure(description: "'--run-task \(name)' printed no measurement")
    }
    return output
  }

  /// This executable.
  private static var executable: URL {
    #if os(Linux)
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
    Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
  }
}

extension ProcessTask.Output {
  /// The output as a child prints it: `checksum <n>`, then `<name> <nanoseconds>` per
  /// duration, sorted by name.
  var text: String {
    var lines = ["checksum \(checksum)"]
    for (name, duration) in durations.sorted(by: { $0.key < $1.key }) {
      lines.append("\(name) \(Int64(duration.nanoseconds.rounded()))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads what ``text`` prints; nil when it is not such a text.
  init?(parsing text: String) {
    var durations: [String: Duration] = [:]
    var checksum: Int?
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let value = Int64(fields[1]) else { return nil }
      if fields[0] == "checksum" {
        checksum = Int(value)
      } else {
        durations[String(fields[0])] = .nanoseconds(value)
      }
    }
    guard let checksum else { return nil }
    self.init(durations: durations, checksum: checksum)
  }
}
