import INJContainer
import INJReflection
import Testing

/// One generic `value(forName:as:)`, `ResolvedValues.value(forName:as:)` and `@Inject`
/// make every closure shape a provider's products fit, typed by `as:` or by annotation.
@Suite("Provider closures of every shape")
struct ClosureShapeTests {
  final class Part: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
  }

  final class Label {
    let text: String
    init(text: String) { self.text = text }
  }

  final class Assembly {
    @Inject var partProvider: (@Sendable () -> Part)?
    @Inject var labelProvider: ((String) -> Label)?
    @Inject var throwingLabelProvider: ((String) throws -> Label)?
  }

  private static func container() -> Container {
    let container = Container()
    let counter = Counter()
    container.addProvider(forName: "part", dependencies: []) { _ in
      counter.increment()
      return Part(serial: counter.value)
    }
    container.addProvider(forName: "label", argument: String.self) { _, text in
      Label(text: text)
    }
    container.addProvider(forName: "throwingLabel", argument: String.self) { _, text in
      Label(text: text + "!")
    }
    container.addProvider(
      forName: "assembly", dependencies: ["partProvider", "labelProvider", "throwingLabelProvider"]
    ) { _ in Assembly() }
    return container
  }

  @Test func aClosureTypedByAnnotationIsMade() throws {
    let container = Self.container()
    let plain: () -> Part = try container.value(forName: "partProvider")
    let throwing: () throws -> Part = try container.value(forName: "partProvider")
    let sendable: @Sendable () -> Part = try container.value(forName: "partProvider")
    let async: () async -> Part = try container.value(forName: "partProvider")
    #expect(plain().serial == 1)
    #expect(try throwing().serial == 2)
    #expect(sendable().serial == 3)
    _ = async
  }

  @Test func asyncClosuresOfASynchronousProvider() async throws {
    let container = Self.container()
    let plain: () async -> Part = try container.value(forName: "partProvider")
    let callers: nonisolated(nonsending) () async throws -> Part = try container.value(
      forName: "partProvider")
    #expect(await plain().serial == 1)
    #expect(try await callers().serial == 2)
  }

  @Test func aCreatorReadsAnyShapeFromItsValues() throws {
    let container = Self.container()
    container.addProvider(forName: "reader", dependencies: ["partProvider", "labelProvider"]) {
      values -> String in
      let make: () throws -> Part = try values.value(forName: "partProvider")
      let label: (String) -> Label = try values.value(forName: "labelProvider")
      return "\(try make().serial) \(label("x").text)"
    }
    #expect(try container.value(forName: "reader", as: String.self) == "1 x")
  }

  @Test func injectionFillsSendableAndArgumentClosures() throws {
    let container = Self.container()
    let assembly = try container.value(forName: "assembly", as: Assembly.self)
    #expect(assembly.partProvider?().serial == 1)
    #expect(assembly.labelProvider?("a").text == "a")
    #expect(try assembly.throwingLabelProvider?("b").text == "b!")
  }

  @Test func aProviderKeyResolvesThroughTheOneKeyMethod() throws {
    let container = Self.container()
    let make = try container.value(for: Key<Part>("part").provider)
    #expect(make().serial == 1)
    let makeOnMain = try container.value(for: Key<Part>("part").mainActorProvider)
    _ = makeOnMain
  }

  @Test func aClosureWithAnArgumentTheCreatorLacksIsRefused() {
    let error = #expect(throws: ResolutionError.self) {
      try Self.container().value(forName: "partProvider", as: ((Int) -> Part).self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'partProvider' as (Int) -> Part: the creator of 'part' takes no "
        + "argument, so its provider closure takes none. Ask for () -> Part.")
  }

  @Test func aClosureWithTypedThrowsIsRefused() {
    let error = #expect(throws: ResolutionError.self) {
      try Self.container().value(
        forName: "partProvider", as: (() throws(CancellationError) -> Part).self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'partProvider' as () throws(CancellationError) -> Part: a provider "
        + "closure cannot have typed throws. Ask for () throws -> Part.")
  }

  @Test func aClosureOfTwoParametersOfAProviderWithoutArgumentIsToldSo() {
    let error = #expect(throws: ResolutionError.self) {
      try Self.container().value(forName: "partProvider", as: ((Int, String) -> Part).self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'partProvider' as (Int, String) -> Part: the creator of 'part' takes "
        + "no argument, so its provider closure takes none. Ask for () -> Part.")
    let tuple = #expect(throws: ResolutionError.self) {
      try Self.container().value(forName: "labelProvider", as: ((String, Int) -> Label).self)
    }
    #expect(
      tuple?.description
        == "Cannot resolve 'labelProvider' as (String, Int) -> Label: a provider closure cannot "
        + "have more than one parameter (take a tuple). Ask for (String) -> Label.")
  }

  @Test func aValueThatIsNoClosureOfAProviderClosureNameIsATypeMismatch() {
    let error = #expect(throws: ResolutionError.self) {
      try Self.container().value(forName: "partProvider", as: Part.self)
    }
    #expect(
      error?.description
        == "Cannot resolve 'partProvider' as Part: it is the provider closure of 'part' "
        + "(resolve 'part' for the value itself). Ask for () -> Part.")
  }
}
