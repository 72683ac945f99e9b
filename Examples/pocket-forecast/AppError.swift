/// Why a command failed, with the exit code that tells scripts which kind of failure it
/// was.
///
/// Every message says what happened and how to fix it; the program prints it on
/// standard error after `pocket-forecast: error: `.
enum AppError: Error, Equatable, CustomStringConvertible {
  /// The command line is wrong: an unknown command or option, a missing argument.
  case usage(String)
  /// The input data is wrong: an unknown city, a stored file that cannot be read.
  case data(String)
  /// The data directory cannot be created, read or written.
  case io(String)
  /// The program itself is broken: its wiring or its bundled resources.
  case `internal`(String)

  /// The message, without the program name.
  var description: String {
    switch self {
    case .usage(let message), .data(let message), .io(let message), .internal(let message):
      message
    }
  }

  /// The process's exit code for this failure, as listed by `--help`.
  var exitCode: ExitCode {
    switch self {
    case .usage: .usage
    case .data: .dataError
    case .io: .ioError
    case .internal: .internalError
    }
  }
}

/// The exit codes `pocket-forecast` uses; the numbers follow BSD's `sysexits.h`.
enum ExitCode: Int32 {
  case success = 0
  case usage = 64
  case dataError = 65
  case internalError = 70
  case ioError = 74
}

/// The value, or an internal error naming the property the container should have set.
///
/// Injected properties are optional because the container sets them after `init`; a nil
/// one after injection means the wiring lost a dependency, which is a bug in the app.
///
/// - Parameters:
///   - value: The injected property.
///   - name: The dependency's name.
///   - owner: The name of the object that should have received it.
/// - Returns: The value.
/// - Throws: ``AppError/internal(_:)`` when `value` is nil.
func injected<T>(_ value: T?, _ name: String, in owner: String) throws(AppError) -> T {
  guard let value else {
    throw .internal(
      "'\(owner)' was not given '\(name)'. List '\(name)' among the dependencies of '\(owner)'.")
  }
  return value
}
