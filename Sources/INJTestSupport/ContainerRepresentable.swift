public import INJContainer

/// A value that stands for a container in the assertions of this module: a
/// `Container` or a ``TestContainer``.
///
/// ```swift
/// assertNoErrors(AppContainer.make())
/// assertResolves(testContainer, "weatherReport", as: WeatherReport.self)
/// ```
public protocol ContainerRepresentable: Sendable {
  /// The container to check and resolve in.
  var container: Container { get }
}

extension Container: ContainerRepresentable {
  /// The container itself.
  public var container: Container { self }
}
