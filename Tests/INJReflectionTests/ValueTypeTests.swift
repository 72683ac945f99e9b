import INJReflection
import Testing

private struct Settings {
  @Inject var service: Service?
  @Inject var name: String?
  var plain = 0
}

private struct Point {
  var x = 0
  var y = 0
}

private enum Mode {
  case light
  case dark
}

@Suite("Value types are never injected")
struct ValueTypeTests {
  @Test func aStructWithInjectPropertiesThrows() throws {
    let settings = Settings()
    let error = #expect(throws: InjectionError.self) {
      try PropertyInjector.injectProperties(into: settings, from: Offers(["service": Service()]))
    }
    #expect(
      error?.description
        == "Cannot inject into Settings: it is a value type, and its copies would share its "
        + "@Inject properties 'service', 'name'. Pass the dependencies to its initializer in "
        + "the creator, or make Settings a class.")
    #expect(settings.service == nil)
  }

  @Test func valueTypesWithoutInjectPropertiesAreLeftAlone() throws {
    #expect(try PropertyInjector.injectProperties(into: Point(), from: Offers(["x": 1])) == 0)
    #expect(try PropertyInjector.injectProperties(into: Mode.dark, from: Offers()) == 0)
    #expect(try PropertyInjector.injectProperties(into: 42, from: Offers()) == 0)
    #expect(try PropertyInjector.injectProperties(into: "text", from: Offers()) == 0)
  }
}
