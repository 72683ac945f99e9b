/// What a ``TestContainer`` saw: every name requested, every creator that ran and
/// every name a strict container refused, in order.
///
/// ```swift
/// let app = try testContainer.value(forName: "app", as: App.self)
/// #expect(testContainer.log.createdNames == ["weatherClient", "app"])
/// #expect(testContainer.log.resolvedNames.count { $0 == "weatherClient" } == 1)
/// ```
///
/// A request is logged whether it is made directly (through the test container or
/// its `container`) or as a dependency, through a provider closure or by a creator
/// calling back; requests for an existing singleton are logged too, and only
/// creators that ran are logged as creations.
public struct ResolutionLog: Sendable, Hashable {
  /// One name requested.
  public struct Resolution: Sendable, Hashable {
    /// The name requested.
    public var name: String
    /// The name requested first, then each dependency down to ``name``, inclusive.
    public var path: [String]

    /// Creates a record of a request.
    ///
    /// - Parameters:
    ///   - name: The name requested.
    ///   - path: The path down to `name`, inclusive.
    package init(name: String, path: [String]) {
      self.name = name
      self.path = path
    }
  }

  /// One creator that ran.
  public struct Creation: Sendable, Hashable {
    /// The provider's name.
    public var name: String
    /// The name requested first, then each dependency down to ``name``, inclusive.
    public var path: [String]
    /// The type of the product, as `String(describing:)` spells it.
    public var productType: String

    /// Creates a record of a creation.
    ///
    /// - Parameters:
    ///   - name: The provider's name.
    ///   - path: The path down to `name`, inclusive.
    ///   - productType: The type of the product.
    package init(name: String, path: [String], productType: String) {
      self.name = name
      self.path = path
      self.productType = productType
    }
  }

  /// Every name requested and let through, in order.
  public var resolutions: [Resolution] = []
  /// Every creator that ran, in order.
  public var creations: [Creation] = []
  /// Every request a strict or unimplemented name refused, in order.
  public var refusals: [Resolution] = []

  /// Creates an empty log.
  package init() {}

  /// The names of ``resolutions``, in order, repeated as often as requested.
  public var resolvedNames: [String] { resolutions.map(\.name) }

  /// The names of ``creations``, in order, repeated as often as created.
  public var createdNames: [String] { creations.map(\.name) }

  /// The names of ``refusals``, in order.
  public var refusedNames: [String] { refusals.map(\.name) }
}
