/// How a provider's products are shared and set up.
///
/// By default a provider is *transient*: its creator runs every time something
/// depends on it. One scope option at most may be given:
///
/// ```swift
/// container.addProvider(forName: "weatherClient", options: .singleton) { _ in
///   WeatherClient()
/// }
/// container.addProvider(forName: "theme", options: [.singleton, .manualInit]) { values in
///   Theme(named: try values.value(forName: "themeName", as: String.self))
/// }
/// ```
public struct ProviderOptions: OptionSet, Sendable, Hashable {
  /// The options' bits.
  public let rawValue: Int

  /// Creates options from their bits.
  ///
  /// - Parameter rawValue: The bits; unknown bits are kept and ignored.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The creator runs once; every dependent gets that one product.
  public static let singleton = ProviderOptions(rawValue: 1 << 0)

  /// The container does not inject the product's properties: the creator sets
  /// everything up itself.
  public static let manualInit = ProviderOptions(rawValue: 1 << 1)

  /// One product is shared while anything holds it; after the last holder lets go,
  /// the next resolution creates a new one. The product must be a class instance.
  public static let weakSingleton = ProviderOptions(rawValue: 1 << 2)

  /// One product per top-level resolution: everything created by one call to
  /// ``Container/value(forName:as:)->T`` shares it, and the next call makes a new one.
  public static let objectGraph = ProviderOptions(rawValue: 1 << 3)

  /// The options that choose a scope; at most one may be given.
  static let scopes: ProviderOptions = [.singleton, .weakSingleton, .objectGraph]
}
