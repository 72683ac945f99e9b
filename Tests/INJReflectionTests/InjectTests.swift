import INJReflection
import Testing

private class BaseController {
  @Inject var service: Service?
  @Inject var title: String?
  var plain: Service?
}

private final class ListController: BaseController {
  @Inject var screen: (any Screen)?
  @Inject var count: Int?
  weak var delegate: Service?
  let constant = 1
}

private final class Generic<Element> {
  @Inject var element: Element?
  @Inject var elements: [Element]?
}

private final class NoSlots {
  var a = 1
  var b: String? = nil
}

@Suite("@Inject properties")
struct InjectTests {
  @Test func fillsNilPropertiesOfClassAndSuperclasses() throws {
    let controller = ListController()
    let service = Service(id: 7)
    let screen = DetailScreen()
    let offers = Offers(["service": service, "title": "Products", "screen": screen, "count": 3])

    let filled = try PropertyInjector.injectProperties(into: controller, from: offers)

    #expect(filled == 4)
    #expect(controller.service === service)
    #expect(controller.title == "Products")
    #expect(controller.screen === screen)
    #expect(controller.count == 3)
    #expect(controller.plain == nil)
  }

  @Test func listsPropertyNamesBaseClassFirst() {
    #expect(
      PropertyInjector.injectablePropertyNames(of: ListController())
        == ["service", "title", "screen", "count"])
  }

  @Test func listsPropertyNamesOfATypeOnEveryPlatform() throws {
    let names = PropertyInjector.injectProperties(of: ListController.self)?.map(\.name)
    #expect(names == ["service", "title", "screen", "count"])
  }

  @Test func neverOverwritesAValue() throws {
    let controller = ListController()
    let original = Service(id: 1)
    controller.service = original
    let offers = Offers(["service": Service(id: 2), "title": "T"])

    let filled = try PropertyInjector.injectProperties(into: controller, from: offers)

    #expect(filled == 1)
    #expect(controller.service === original)
    #expect(!offers.askedNames.contains("service"))
  }

  @Test func fillsOnlyNamesTheSourceOffers() throws {
    let controller = ListController()
    let offers = Offers(["title": "Only the title"])

    #expect(try PropertyInjector.injectProperties(into: controller, from: offers) == 1)
    #expect(controller.service == nil)
    #expect(controller.title == "Only the title")
    #expect(offers.askedNames == ["service", "title", "screen", "count"])
  }

  @Test func genericClassesUseTheirConcreteElementType() throws {
    let strings = Generic<String>()
    try PropertyInjector.injectProperties(
      into: strings, from: Offers(["element": "a", "elements": ["b", "c"]]))
    #expect(strings.element == "a")
    #expect(strings.elements == ["b", "c"])

    let numbers = Generic<Int>()
    try PropertyInjector.injectProperties(into: numbers, from: Offers(["element": 4]))
    #expect(numbers.element == 4)
  }

  @Test func aWrongTypeThrowsNamingPropertyAndTypes() throws {
    let controller = ListController()
    let error = #expect(throws: InjectionError.self) {
      try PropertyInjector.injectProperties(into: controller, from: Offers(["count": "three"]))
    }
    #expect(
      error?.description
        == "Cannot inject 'count' into ListController: the property holds Int, but the "
        + "dependency 'count' is of type String. Change the property's type, or register "
        + "a value of type Int under 'count'.")
    #expect(error?.reason == .typeMismatch(expected: "Int", actual: "String"))
    #expect(error?.propertyName == "count")
  }

  @Test func aProtocolPropertyRejectsAValueThatDoesNotConform() throws {
    let error = #expect(throws: InjectionError.self) {
      try PropertyInjector.injectProperties(into: ListController(), from: Offers(["screen": 5]))
    }
    #expect(error?.reason == .typeMismatch(expected: "Screen", actual: "Int"))
  }

  @Test func aTypeWithoutPropertiesIsLeftAlone() throws {
    let object = NoSlots()
    #expect(try PropertyInjector.injectProperties(into: object, from: Offers(["a": 2])) == 0)
    #expect(object.a == 1)
    #expect(PropertyInjector.injectablePropertyNames(of: object).isEmpty)
  }

  @Test func theWrapperReadsAndWritesLikeAnOptional() {
    let controller = ListController()
    #expect(controller.title == nil)
    controller.title = "set by hand"
    #expect(controller.title == "set by hand")
    controller.title = nil
    #expect(controller.title == nil)
  }
}
