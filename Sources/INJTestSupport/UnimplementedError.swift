/// What a throwing ``unimplemented(_:fileID:filePath:line:column:)-7k5ei`` placeholder
/// throws when called, after failing the test.
public struct UnimplementedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name the placeholder was given, such as `"WeatherClient.forecast"`.
  public var name: String

  /// Creates the error.
  ///
  /// - Parameter name: The placeholder's name.
  package init(name: String) {
    self.name = name
  }

  /// `'WeatherClient.forecast' is unimplemented in this test.`
  public var description: String { "'\(name)' is unimplemented in this test." }
}
