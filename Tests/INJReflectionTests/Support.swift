import INJReflection

/// A source offering fixed values by name, recording which names were asked for.
final class Offers: InjectionSource {
  var values: [String: InjectionValue]
  private(set) var askedNames: [String] = []

  init(_ values: [String: Any] = [:], factories: [String: ProviderFactory] = [:]) {
    self.values = values.mapValues { .value($0) }
    for (name, factory) in factories {
      self.values[name] = .providerClosure(factory)
    }
  }

  func injectionValue(forProperty name: String) -> InjectionValue? {
    askedNames.append(name)
    return values[name]
  }
}

protocol Screen: AnyObject {
  var title: String { get }
}

final class Service {
  let id: Int
  init(id: Int = 0) { self.id = id }
}

final class DetailScreen: Screen {
  let title: String
  init(title: String = "detail") { self.title = title }
}
