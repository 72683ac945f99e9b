import Testing

@testable import INJReflection

/// The readers of the runtime's records check themselves against the public API.
@Suite("Fast paths check themselves")
struct FastPathsTests {
  @Test func theReadersAgreeWithThePublicAPIHere() {
    #expect(FastPaths.conformanceRecordsAgree())
    #expect(FastPaths.fieldRecordsAgree())
  }

  @Test func theyAnswerUnlessTheEnvironmentTurnsThemOff() {
    #expect(FastPaths.readsConformanceRecords == !FastPaths.areForcedOff)
    #expect(FastPaths.readsFieldRecords == !FastPaths.areForcedOff)
  }
}

/// A provider closure with the function metadata reader off: exactly the factory's own
/// closure types by `as?`, any other refused with an error (never a wrong closure).
/// CI runs it with `INJINEER_PUBLIC_PATHS=all`; otherwise it checks the reader is on.
@Suite("Function metadata's public path")
struct FunctionMetadataFallbackTests {
  @Test func exactClosuresAreHandedOutAndOthersRefused() throws {
    #expect(FastPaths.functionMetadataAgrees())
    #expect(FastPaths.readsFunctionMetadata == !FastPaths.isFunctionMetadataForcedOff)
    let factory = ProviderFactory(making: Int.self) { 42 }
    #expect(try factory.closure(as: (() -> Int).self)() == 42)
    #expect(try factory.closure(as: (() throws -> Int).self)() == 42)
    if FastPaths.readsFunctionMetadata {
      #expect(try factory.closure(as: (() -> Any).self)() as? Int == 42)
    } else {
      #expect(ClosureType((() -> Int).self) == nil)
      #expect(throws: InjectionError.self) { try factory.closure(as: (() -> Any).self) }
    }
  }
}
