import INJReflection
import Testing

private class RootController: Injectable {
  var service: Service?
  var title: String!
  var observedSets = 0
  var observed: Int? {
    didSet { observedSets += 1 }
  }

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&service, named: "service")
    try injector.inject(&title, named: "title")
    try injector.inject(&observed, named: "observed")
  }
}

private final class DetailController: RootController {
  var screenProvider: (() -> any Screen)?
  var throwingProvider: (() throws -> DetailScreen)?
  @Inject var extra: String?

  override func injectProperties(_ injector: inout PropertyInjector) throws {
    try super.injectProperties(&injector)
    try injector.inject(&screenProvider, named: "screenProvider")
    try injector.inject(&throwingProvider, named: "throwingProvider")
  }
}

/// A class that imports nothing; its conformance lives elsewhere.
private final class PlainView {
  var service: Service?
}

extension PlainView: Injectable {
  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&service, named: "service")
  }
}

@Suite("Injectable")
struct InjectableTests {
  @Test func fillsHandedPropertiesIncludingImplicitlyUnwrappedOnes() throws {
    let root = RootController()
    let service = Service()
    let filled = try PropertyInjector.injectProperties(
      into: root, from: Offers(["service": service, "title": "Root"]))
    #expect(filled == 2)
    #expect(root.service === service)
    #expect(root.title == "Root")
  }

  @Test func subclassesHandOverTheirSuperclassPropertiesThroughSuper() throws {
    let detail = DetailController()
    let factory = ProviderFactory(making: DetailScreen.self) { DetailScreen(title: "made") }
    let filled = try PropertyInjector.injectProperties(
      into: detail,
      from: Offers(
        ["service": Service(), "title": "Detail", "extra": "wrapped"],
        factories: ["screenProvider": factory, "throwingProvider": factory]))

    #expect(filled == 5)
    #expect(detail.service != nil)
    #expect(detail.title == "Detail")
    #expect(detail.screenProvider?().title == "made")
    #expect(try detail.throwingProvider?().title == "made")
    #expect(detail.extra == "wrapped")
  }

  @Test func aConformanceInAnExtensionWorks() throws {
    let view = PlainView()
    try PropertyInjector.injectProperties(into: view, from: Offers(["service": Service()]))
    #expect(view.service != nil)
  }

  @Test func neverOverwritesAValue() throws {
    let root = RootController()
    root.title = "kept"
    try PropertyInjector.injectProperties(into: root, from: Offers(["title": "replaced"]))
    #expect(root.title == "kept")
  }

  @Test func propertyObserversRunForEveryHandedProperty() throws {
    let root = RootController()
    try PropertyInjector.injectProperties(into: root, from: Offers())
    #expect(root.observedSets == 1)
    #expect(root.observed == nil)
  }

  @Test func aWrongTypeThrowsNamingPropertyAndTypes() throws {
    let error = #expect(throws: InjectionError.self) {
      try PropertyInjector.injectProperties(into: RootController(), from: Offers(["service": 1]))
    }
    #expect(
      error?.description
        == "Cannot inject 'service' into RootController: the property holds Service, but the "
        + "dependency 'service' is of type Int. Change the property's type, or register a "
        + "value of type Service under 'service'.")
  }

  @Test func listsHandedNamesThenInjectProperties() {
    #expect(
      PropertyInjector.injectablePropertyNames(of: DetailController())
        == ["service", "title", "observed", "screenProvider", "throwingProvider", "extra"])
  }

  @Test func anInjectorCountsWhatItFilled() throws {
    var injector = PropertyInjector(
      source: Offers(["service": Service()]), ownerType: RootController.self)
    var service: Service?
    var missing: Service?
    try injector.inject(&service, named: "service")
    try injector.inject(&missing, named: "missing")
    #expect(injector.injectedCount == 1)
    #expect(service != nil)
    #expect(missing == nil)
  }
}
