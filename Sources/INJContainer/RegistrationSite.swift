/// Where in the source a name was registered.
///
/// Registration methods capture it from their call site, so reports point at the
/// app's own code.
public struct RegistrationSite: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `#fileID` spells it (`Module/File.swift`).
  public var fileID: String
  /// The line of the registration call.
  public var line: Int

  /// Creates a site.
  ///
  /// - Parameters:
  ///   - fileID: The file, as `#fileID` spells it.
  ///   - line: The line.
  public init(fileID: String, line: Int) {
    self.fileID = fileID
    self.line = line
  }

  /// `Module/File.swift:12`.
  public var description: String {
    "\(fileID):\(line)"
  }
}
