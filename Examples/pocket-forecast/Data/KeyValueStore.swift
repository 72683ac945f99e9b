import Foundation

/// A small key-value store kept in one JSON file: the app's user defaults.
///
/// It plays the part `NSUserDefaults` played in the original app, on every platform: the
/// city list, the selected city and the theme's turn live here. It reads the file once,
/// when created, and writes the whole file (atomically) on every change, so a second
/// launch sees what the first one stored.
///
/// The file is the user's data, so the store never writes over what it cannot
/// understand. A file that is not a JSON object, or a key holding another kind of value
/// than the app keeps there (a string where the list of cities belongs), is reported as
/// damaged when the store opens, before anything can be written, and the file is left as
/// it is for the user to repair. Were such a key read as missing, the app would store its
/// default over it, and the user's setting would be gone without a word.
///
/// The container holds it as the instance `userDefaults`. It is `Sendable`, as everything
/// registered in a container should be: a container hands its values to whichever thread
/// resolves them. A lock guards its values (`NSLock`: the standard library's `Mutex` needs
/// iOS 18 or macOS 15, and the app runs on earlier systems too).
final class KeyValueStore: @unchecked Sendable {
  // Sendable because `values` is read and written only with `lock` held, and every other
  // stored property is a constant.

  /// The kinds of value the store keeps.
  enum Kind: Sendable, CustomStringConvertible {
    case integer
    case string
    case strings

    /// The kind in words: `a whole number`, `a string`, `a list of strings`.
    var description: String {
      switch self {
      case .integer: "a whole number"
      case .string: "a string"
      case .strings: "a list of strings"
      }
    }

    /// A value of this kind as it is written in the file, for error messages.
    var example: String {
      switch self {
      case .integer: "2"
      case .string: #""Madrid""#
      case .strings: #"["Madrid", "Omsk"]"#
      }
    }
  }

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

    var kind: Kind {
      switch self {
      case .integer: .integer
      case .string: .string
      case .strings: .strings
      }
    }
  }

  /// The JSON file.
  let fileURL: URL
  private var values: [String: Value]
  private let lock = NSLock()

  /// Opens the store, reading its file when it exists.
  ///
  /// - Parameters:
  ///   - fileURL: The JSON file; it need not exist yet.
  ///   - kinds: The keys the app uses and the kind of value each must hold. The file is
  ///     checked against them now, so that a damaged file stops the app before its
  ///     first change.
  /// - Throws: ``AppError/data(_:)`` when the file exists but is not a JSON object of
  ///   whole numbers, strings and lists of strings, or when a key holds another kind of
  ///   value than `kinds` gives; ``AppError/io(_:)`` when it cannot be read.
  init(fileURL: URL, kinds: [String: Kind]) throws(AppError) {
    self.fileURL = fileURL
    // Read the file rather than first asking whether it exists: asking answers "no" for
    // a file the app may not see (in a folder it may not search), and an empty store
    // would then hide the user's cities. Only a file that is really missing is empty.
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      values = [:]
      return
    } catch {
      throw .io(
        "Cannot read the settings file '\(fileURL.path)': \(Resources.systemReason(of: error)). "
          + "Check that it is a file you may read.")
    }
    let decoded: [String: Value]
    do {
      decoded = try JSONDecoder().decode([String: Value].self, from: data)
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      throw Self.notAnObject(fileURL, data)
    } catch DecodingError.valueNotFound(_, let context) where context.codingPath.isEmpty {
      throw Self.notAnObject(fileURL, data)
    } catch {
      throw Self.damaged(fileURL, Resources.describe(error))
    }
    // Sorted, so that a file with several wrong keys always names the same one.
    for key in kinds.keys.sorted() {
      if let value = decoded[key], let kind = kinds[key] {
        try Self.check(value, forKey: key, is: kind, in: fileURL)
      }
    }
    values = decoded
  }

  /// The whole number stored under `key`, or nil when there is none.
  ///
  /// - Throws: ``AppError/data(_:)`` when the key holds another kind of value.
  func integer(forKey key: String) throws(AppError) -> Int? {
    guard case .integer(let integer)? = try value(forKey: key, of: .integer) else { return nil }
    return integer
  }

  /// The string stored under `key`, or nil when there is none.
  ///
  /// - Throws: ``AppError/data(_:)`` when the key holds another kind of value.
  func string(forKey key: String) throws(AppError) -> String? {
    guard case .string(let string)? = try value(forKey: key, of: .string) else { return nil }
    return string
  }

  /// The list of strings stored under `key`, or nil when there is none.
  ///
  /// - Throws: ``AppError/data(_:)`` when the key holds another kind of value.
  func strings(forKey key: String) throws(AppError) -> [String]? {
    guard case .strings(let strings)? = try value(forKey: key, of: .strings) else { return nil }
    return strings
  }

  /// Whether ``set(_:forKey:)`` may write: whether the file's folder is writable.
  ///
  /// A change replaces the whole file (it is written beside it, then moved over it), so
  /// the folder's permission is what counts, not the file's.
  var isWritable: Bool {
    FileManager.default.isWritableFile(atPath: fileURL.deletingLastPathComponent().path)
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
    lock.lock()
    defer { lock.unlock() }
    var changed = values
    changed[key] = value
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try encoder.encode(changed).write(to: fileURL, options: .atomic)
    } catch {
      throw .io(
        "Cannot write the settings file '\(fileURL.path)': \(Resources.systemReason(of: error)). "
          + "Make its folder writable, or choose another folder with --data-dir.")
    }
    values = changed
  }

  /// The value under `key`, checked to be of `kind`; nil when there is none.
  ///
  /// The keys given to ``init(fileURL:kinds:)`` were checked when the store opened; this
  /// check covers any other key, so that none is ever read as missing.
  private func value(forKey key: String, of kind: Kind) throws(AppError) -> Value? {
    guard let value = storedValue(forKey: key) else { return nil }
    try Self.check(value, forKey: key, is: kind, in: fileURL)
    return value
  }

  /// The value under `key` as stored, unchecked.
  private func storedValue(forKey key: String) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return values[key]
  }

  /// Throws the damaged-file error unless `value` is of `kind`.
  private static func check(
    _ value: Value, forKey key: String, is kind: Kind, in fileURL: URL
  ) throws(AppError) {
    guard value.kind != kind else { return }
    throw damaged(
      fileURL, "'\(key)' is \(value.kind), but it must be \(kind), such as \(kind.example).")
  }

  /// The error for a file that holds something other than a JSON object: a list, or a
  /// single value.
  private static func notAnObject(_ fileURL: URL, _ data: Data) -> AppError {
    let topLevel = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    return damaged(
      fileURL,
      "it holds \(topLevel is [Any] ? "a list" : "a single value"), but it must hold a JSON "
        + #"object with the app's settings, such as {"cities": ["Madrid", "Omsk"]}."#)
  }

  /// The error for a settings file the store will not change: what is wrong with it,
  /// where it is and how to fix it.
  ///
  /// - Parameters:
  ///   - fileURL: The file.
  ///   - problem: What is wrong, as a sentence ending with a period.
  /// - Returns: A data error, naming the file and saying how to fix it.
  private static func damaged(_ fileURL: URL, _ problem: String) -> AppError {
    .data(
      "The settings file '\(fileURL.path)' is damaged: \(problem) "
        + "Repair it, or delete it to start again with the default cities.")
  }
}
