/// Where in a test an issue is reported: the caller's file, line and column.
///
/// Every assertion and helper of this module takes these as defaulted parameters
/// (`fileID: StaticString = #fileID, filePath: StaticString = #filePath,
/// line: UInt = #line, column: UInt = #column`), so a failure points at the test
/// that called it, in XCTest (which uses ``filePath`` and ``line``) and in Swift
/// Testing (which uses all four).
public struct IssueLocation: Sendable, CustomStringConvertible {
  /// The file, as `#fileID` spells it (`Module/File.swift`).
  public let fileID: StaticString
  /// The file's full path, as `#filePath` spells it.
  public let filePath: StaticString
  /// The line, counting from 1.
  public let line: UInt
  /// The column, counting from 1.
  public let column: UInt

  /// Creates a location; by default, the caller's.
  ///
  /// - Parameters:
  ///   - fileID: The file, as `#fileID` spells it.
  ///   - filePath: The file's full path.
  ///   - line: The line.
  ///   - column: The column.
  package init(
    _ fileID: StaticString = #fileID, _ filePath: StaticString = #filePath, _ line: UInt = #line,
    _ column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12:5`.
  public var description: String { "\(fileID):\(line):\(column)" }
}
