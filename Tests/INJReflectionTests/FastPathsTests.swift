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
