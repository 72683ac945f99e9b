import Foundation
import Synchronization

/// A small key-value store kept in one JSON file: the app's user defaults.
///
/// It plays the part `NSUserDefaults` played in the original app, on every platform: the
/// city list, the selected city and the theme's turn live here. It reads the file once,
/// when created, and writes the whole file (atomically) on every change, so a second
/// launch sees what the first one stored.
///
/// The container holds it as the instance `userDefaults`. It is `Sendable`, as everything
/// registered in a container should be: a container hands its values to whichever thread
/// resolves them.
final class KeyValueStore: Sendable {
  /// A stored value: the kinds the app needs, and nothing else.
  enum Value: Sendable, Equatable, Codable {
    case integer(Int)
    case string(String)
    case strings([String])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let integer = try? container.decode(Int.self) {
        self = .integer(integer)
      } else if let string = try? container.decode(String.self) {
        self = .string(string)
      } else if let strings = try? container.decode([String].self) {
        self = .strings(strings)
      } else {
        throw DecodingError.typeMismatch(
          Value.self,
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "A value must be a whole number, a string or a list of strings."))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .integer(let integer): try container.encode(integer)
      case .string(let string): try container.encode(string)
      case .strings(let strings): try container.encode(strings)
      }
    }
  }

  /// The JSON file.
  let fileURL: URL
  private let values: Mutex<[String: Value]>

  /// Opens the store, reading its file when it exists.
  ///
  /// - Parameter fileURL: The JSON file; it need not exist yet.
  /// - Throws: ``AppError/data(_:)`` when the file exists but is not a JSON object of
  ///   whole numbers, strings and lists of strings; ``AppError/io(_:)`` when it cannot be
  ///   read.
  init(fileURL: URL) throws(AppError) {
    self.fileURL = fileURL
    guard FileManager.default.fileExists(atPath: fileURL.path) else {
      values = Mutex([:])
      return
    }
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      throw .io("Cannot read '\(fileURL.path)'. Check its permissions.")
    }
    do {
      values = Mutex(try JSONDecoder().decode([String: Value].self, from: data))
    } catch {
      throw .data(
        "The settings file '\(fileURL.path)' is damaged: \(Resources.describe(error)) "
          + "Delete it to start again with the default cities.")
    }
  }

  /// The whole number stored under `key`, or nil when there is none.
  func integer(forKey key: String) -> Int? {
    guard case .integer(let integer) = values.withLock({ $0[key] }) else { return nil }
    return integer
  }

  /// The string stored under `key`, or nil when there is none.
  func string(forKey key: String) -> String? {
    guard case .string(let string) = values.withLock({ $0[key] }) else { return nil }
    return string
  }

  /// The list of strings stored under `key`, or nil when there is none.
  func strings(forKey key: String) -> [String]? {
    guard case .strings(let strings) = values.withLock({ $0[key] }) else { return nil }
    return strings
  }

  /// Stores `value` under `key`, or removes the key when `value` is nil, and writes the
  /// file.
  ///
  /// - Parameters:
  ///   - value: The new value, or nil.
  ///   - key: The key.
  /// - Throws: ``AppError/io(_:)`` when the file cannot be written; the store keeps the
  ///   value it had.
  func set(_ value: Value?, forKey key: String) throws(AppError) {
    try values.withLock { values throws(AppError) in
      var changed = values
      changed[key] = value
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      do {
        try encoder.encode(changed).write(to: fileURL, options: .atomic)
      } catch {
        throw .io(
          "Cannot write '\(fileURL.path)'. Check that its folder exists and is writable.")
      }
      values = changed
    }
  }
}
