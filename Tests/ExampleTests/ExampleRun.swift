import Dispatch
import Foundation
import TestUtilities
import Testing

/// One run of an example executable: its exit code and everything it printed.
struct ExampleRun: Equatable, CustomStringConvertible {
  var exitCode: Int32
  var standardOutput: String
  var standardError: String

  var description: String {
    "exit code \(exitCode)\n--- standard output ---\n\(standardOutput)"
      + "--- standard error ---\n\(standardError)"
  }

  /// How long a run may take before the test fails; a run takes milliseconds.
  static let timeout = DispatchTimeInterval.seconds(60)

  /// Runs a built example with its standard input empty and returns what it did.
  ///
  /// - Parameters:
  ///   - name: The executable's name, such as `products`.
  ///   - arguments: The arguments.
  ///   - environment: Variables to set on top of this process's environment.
  ///   - launcher: A command to run the executable through, such as `setpriv` and its
  ///     options; the executable's path and the arguments follow it. Empty: run it
  ///     directly.
  /// - Returns: The run.
  /// - Throws: When the executable is not built, cannot start or does not finish in time.
  static func run(
    _ name: String, _ arguments: [String] = [], environment: [String: String] = [:],
    launcher: [String] = []
  ) throws -> ExampleRun {
    let outputFolder = try TemporaryFolder()
    let outputURL = outputFolder.url.appendingPathComponent("stdout")
    let errorURL = outputFolder.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? error.close()
    }

    let process = Process()
    let executable = try builtExecutable(named: name)
    if let command = launcher.first {
      process.executableURL = URL(fileURLWithPath: command)
      process.arguments = launcher.dropFirst() + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      throw ExampleTestError("'\(name) \(arguments.joined(separator: " "))' did not finish.")
    }
    // Let Foundation finish with the process and drop the handler it holds:
    // otherwise the process object (and its file handles) is never freed, which
    // LeakSanitizer reports.
    process.waitUntilExit()
    process.terminationHandler = nil
    return ExampleRun(
      exitCode: process.terminationStatus,
      standardOutput: try textOfFile(at: outputURL), standardError: try textOfFile(at: errorURL))
  }
}

/// A new, empty folder in the temporary folder, deleted with the value.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ExampleTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of an item in the folder.
  func path(_ components: String...) -> String {
    components.reduce(url) { $0.appendingPathComponent($1) }.path
  }
}

struct ExampleTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
