/// Where in the source a name was registered.
///
/// Registration methods capture it from their call site, so reports point at the
/// app's own code.
public struct RegistrationSite: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `#fileID` spells it (`Module/File.swift`).
  public var fileID: String
  /// The line of the registration call.
  public var line: Int
  /// The ``ContainerModule`` that made the registration, by name; nil for one made
  /// outside a module.
  public var module: String?

  /// Creates a site.
  ///
  /// - Parameters:
  ///   - fileID: The file, as `#fileID` spells it.
  ///   - line: The line.
  ///   - module: The name of the module that made the registration, if any.
  package init(fileID: String, line: Int, module: String? = nil) {
    self.fileID = fileID
    self.line = line
    self.module = module
  }

  /// `Module/File.swift:12`, or `CheckoutModule, Checkout/CheckoutModule.swift:12` for a
  /// registration a module made.
  public var description: String { (module.map { "\($0), " } ?? "") + "\(fileID):\(line)" }
}
