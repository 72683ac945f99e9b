import INJContainer
import INJReflection
import Testing

@Suite("The check's reading of @Inject property types")
struct InjectPropertyTypeTests {
  final class Engine: Sendable {}
  struct Gear: Sendable {}

  /// An `@Inject` property whose type names `Engine` twice.
  final class Machine {
    @Inject var parts: (Engine, Gear, Engine)?
  }

  @Test func aPropertyWhoseTypeNamesATypeTwiceAcceptsThatType() {
    let container = Container()
    container.addInstance((Engine(), Gear(), Engine()), forName: "parts")
    container.addProvider(forName: "machine", dependencies: ["parts"]) { _ in Machine() }
    #expect(container.validate().isClean)
    let machine = try? container.value(forName: "machine", as: Machine.self)
    #expect(machine?.parts != nil)
  }

  @Test func aPropertyWhoseTypeNamesATypeTwiceRejectsAnotherTuple() {
    let container = Container()
    container.addInstance(
      (Engine(), Gear(), Gear()), forName: "parts", fileID: "App/P.swift", line: 1)
    container.addProvider(
      forName: "machine", dependencies: ["parts"], fileID: "App/M.swift", line: 2
    ) { _ in Machine() }
    #expect(
      container.validate().problems.map(\.description) == [
        "'machine' (App/M.swift:2) makes Machine, whose @Inject property 'parts' holds "
          + "(Engine, Gear, Engine), but 'parts' (App/P.swift:1) provides (Engine, Gear, Gear), "
          + "which is never (Engine, Gear, Engine). Give the property the type "
          + "(Engine, Gear, Gear) (or one of its protocols or superclasses), or register "
          + "(Engine, Gear, Engine) under 'parts'."
      ])
  }
}
