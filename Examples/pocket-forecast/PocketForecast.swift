// PocketForecast: a weather app for the terminal, wired by the Injineer container.
//
// It is the Objective-C original's example app (itself converted from Typhoon's
// PocketForecast), with its screens drawn as text. Read the files in this order:
//
//   AppContext.swift       the composition root: every registration, with why
//   Keys.swift             the app's names, each declared once with its type
//   PocketForecast.swift   this file: the launch, from the command line to the exit code
//   UserInterface/         the screens; none of them creates another screen itself
//   Data/, Client/, Model/ the services the screens are given
//
// Run `swift run pocket-forecast --help` for the commands and exit codes.

import Foundation
import Injineer

@main
@MainActor
struct PocketForecast {
  static func main() async {
    exit(await run(Array(CommandLine.arguments.dropFirst())).rawValue)
  }

  /// Runs one launch and returns its exit code; output goes to standard output, errors to
  /// standard error.
  static func run(_ arguments: [String]) async -> ExitCode {
    do {
      let invocation = try Invocation.parse(arguments)
      if invocation.showsHelp {
        print(Invocation.usage, terminator: "")
        return .success
      }
      return try await launch(invocation)
    } catch {
      let failure = appError(from: error)
      var message = "pocket-forecast: error: \(failure)"
      if case .usage = failure {
        message += "\nRun 'pocket-forecast --help' for usage."
      }
      printError(message)
      return failure.exitCode
    }
  }

  /// Wires the app, checks the wiring, then runs the command.
  static func launch(_ invocation: Invocation) async throws -> ExitCode {
    let dataDirectory = try DataDirectory.prepare(invocation.dataDirectory)
    let container = try AppContext.makeContainer(dataDirectory: dataDirectory)

    // Check the whole graph before anything is created: every name nothing registers
    // (usually a typo) and every cycle, reported together. A broken wiring is a bug, so
    // the whole report goes to standard error and the app stops.
    do {
      try container.checkForErrors()
    } catch {
      printError("pocket-forecast: error: the app's wiring is broken.\n\(error)")
      return .internalError
    }

    if let format = invocation.graph {
      print(format == .dot ? container.dotText() : container.mermaidText(), terminator: "")
      return .success
    }

    // The launch: make the singletons, in the order of their dependencies. The weather
    // client's creator awaits its fixture here, once; everything above it is synchronous,
    // so resolving the window then makes the root screen, the weather report screen and
    // everything they need without awaiting anything.
    try await container.makeSingletons()
    let window = try container.value(for: .window)
    var failure: (any Error)?
    do {
      try perform(invocation.command, on: window.rootViewController)
    } catch {
      failure = error
    }
    // Whatever was shown before a failure is still drawn.
    print(window.draw(), terminator: "")
    if let failure {
      throw failure
    }
    return .success
  }

  /// Runs a command the way a user would reach it through the app's screens.
  static func perform(
    _ command: Invocation.Command, on root: RootViewController
  ) throws {
    switch command {
    case .report:
      try root.showMainContent()
    case .refresh:
      try root.mainContentViewController.refreshData()
    case .cities:
      try root.showCitiesList()
    case .add(let city):
      try root.makeAddCity().add(city)
    case .remove(let city):
      try root.makeCitiesList().remove(city)
    case .select(let city):
      try root.makeCitiesList().select(city)
    }
  }

  /// The app's own error for any error: a creator's error comes wrapped in the
  /// container's ``ResolutionError``, and anything unexpected is an internal error.
  static func appError(from error: any Error) -> AppError {
    switch error {
    case let error as AppError:
      return error
    case let error as ResolutionError:
      if let underlying = error.underlyingError {
        let inner = appError(from: underlying)
        if case .internal = inner {
          return .internal(String(describing: error))
        }
        return inner
      }
      return .internal(String(describing: error))
    default:
      return .internal(String(describing: error))
    }
  }

  static func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}

/// The folder of the user's data.
enum DataDirectory {
  /// The folder, created when missing.
  ///
  /// The folder may be read-only: commands that only read work there, and a command that
  /// must write reports the file it could not write.
  ///
  /// - Parameter path: The `--data-dir` path, or nil for the default: a `pocket-forecast`
  ///   folder in the user's cache folder, or in the temporary folder when there is none.
  /// - Returns: The folder's URL.
  /// - Throws: ``AppError/io(_:)`` when the path is a file or the folder cannot be made.
  static func prepare(_ path: String?) throws(AppError) -> URL {
    let fileManager = FileManager.default
    let url =
      path.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? (fileManager.urls(for: .cachesDirectory, in: .userDomainMask).first
      ?? fileManager.temporaryDirectory).appendingPathComponent("pocket-forecast")
    var isDirectory: ObjCBool = false
    if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .io("The data directory '\(url.path)' is a file. Choose a folder with --data-dir.")
      }
    } else {
      do {
        try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
      } catch {
        throw .io(
          "Cannot create the data directory '\(url.path)': "
            + "\(blocker(of: url) ?? Resources.systemReason(of: error)). "
            + "Choose another folder with --data-dir.")
      }
    }
    return url
  }

  /// `'/a/b' is a file` when an enclosing path is a file, else nil.
  ///
  /// The system's reason for that case, `not a directory`, names neither the file in
  /// the way nor which of the path's folders it is.
  private static func blocker(of url: URL) -> String? {
    var parent = url.deletingLastPathComponent()
    while parent.path != "/" && !parent.path.isEmpty {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory) {
        return isDirectory.boolValue ? nil : "'\(parent.path)' is a file"
      }
      parent = parent.deletingLastPathComponent()
    }
    return nil
  }
}
