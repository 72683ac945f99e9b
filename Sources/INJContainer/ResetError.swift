/// Why ``Container/reset(scope:)`` or ``Container/reset(_:)`` dropped nothing: an unknown
/// scope or name, or a name whose products no reset drops.
///
/// ```
/// Cannot reset the scope 'sesion': no provider has it. Did you mean 'session'?
/// ```
public struct ResetError: Error, Sendable, CustomStringConvertible {
  /// What happened and how to fix it.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
