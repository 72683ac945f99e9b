import Foundation

/// The files bundled with the program (SwiftPM resources, found through `Bundle.module`).
enum Resources {
  /// The configuration: service URL, API key, days to retrieve.
  static var configuration: URL { url("Configuration") }
  /// What the stub weather client serves: a fixed forecast for each city it knows.
  static var forecastFixture: URL { url("ForecastFixture") }

  /// The bundled JSON file with this name; loading it reports a missing file.
  private static func url(_ name: String) -> URL {
    Bundle.module.url(forResource: name, withExtension: "json")
      ?? Bundle.module.bundleURL.appendingPathComponent(name + ".json")
  }

  /// A decoding or file error in one sentence, naming the key or the problem.
  ///
  /// - Parameter error: What `JSONDecoder` or `Data(contentsOf:)` threw.
  /// - Returns: A sentence ending with a period.
  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      return "the key '\(path(context.codingPath + [key]))' is missing."
    case DecodingError.typeMismatch(let type, let context),
      DecodingError.valueNotFound(let type, let context):
      return "'\(path(context.codingPath))' is not a \(describe(type))."
    case DecodingError.dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "it is not valid JSON." : "'\(path(context.codingPath))' is not valid."
    case let error as CocoaError where error.code == .fileReadNoSuchFile:
      return "the file does not exist."
    default:
      return "\(error.localizedDescription)"
    }
  }

  /// Why a file operation failed, as the system says it: `permission denied`,
  /// `not a directory`, `read-only file system`.
  ///
  /// Foundation wraps the system's error code in a `CocoaError` whose own text is vague
  /// ("You don't have permission."); the code it wraps names the actual cause.
  ///
  /// - Parameter error: What a `FileManager` call or a `Data` read or write threw.
  /// - Returns: A phrase starting in lower case, without a period.
  static func systemReason(of error: any Error) -> String {
    let wrapped = error as NSError
    let underlying = (wrapped.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
    let posix = [wrapped, underlying].compactMap { $0 }.first { $0.domain == NSPOSIXErrorDomain }
    var text = posix.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription
    if text.hasSuffix(".") {
      text.removeLast()
    }
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// `forecast[2].low`.
  private static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "string"
    case is Int.Type: "whole number"
    case is URL.Type: "URL"
    case is KeyValueStore.Value.Type: "whole number, a string or a list of strings"
    default: "\(type)"
    }
  }
}
