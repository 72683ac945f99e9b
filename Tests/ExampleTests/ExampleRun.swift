import Dispatch
import Foundation
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
  /// - Returns: The run.
  /// - Throws: When the executable is not built, cannot start or does not finish in time.
  static func run(
    _ name: String, _ arguments: [String] = [], environment: [String: String] = [:]
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
    process.executableURL = try executableURL(named: name)
    process.arguments = arguments
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
    return ExampleRun(
      exitCode: process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
  }

  /// The built executable: next to the test product, where `swift build` and
  /// `swift test` put every product of the package.
  static func executableURL(named name: String) throws -> URL {
    var folders: [URL] = []
    // On Linux the test product is an executable in the products folder.
    if let testRunner = Bundle.main.executableURL {
      folders.append(testRunner.deletingLastPathComponent())
    }
    // On Apple platforms it is a bundle in the products folder, loaded by a runner that
    // lives elsewhere.
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    // Last, the package's default debug build folder, found from this file's path.
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    folders.append(packageRoot.appendingPathComponent(".build/debug"))
    for folder in folders {
      let url = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) {
        return url
      }
    }
    throw ExampleTestError(
      "No built '\(name)' in \(folders.map(\.path).joined(separator: ", ")). "
        + "Run 'swift build' first.")
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
