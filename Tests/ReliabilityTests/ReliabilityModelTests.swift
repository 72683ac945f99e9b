import Foundation
import TestUtilities
import Testing

/// Random scripts of registrations, resolutions and checks, run on a real container
/// and on `ReferenceModel`: every resolution must return or throw what the model
/// predicts, and every check must report exactly the problems it predicts.
///
/// `INJINEER_MODEL_CASES` sets the number of cases (default 3,000),
/// `INJINEER_MODEL_SEED` the seed (default fixed, so CI runs the same cases), and
/// `INJINEER_MODEL_CASE` runs a single case, as a failure message says.
@Suite("Model-based randomized tests")
struct ReliabilityModelTests {
  static let defaultSeed: UInt64 = 0x1A7E_C0DE
  static let defaultCases = 3_000

  @Test func randomScriptsAgreeWithTheReferenceModel() {
    let seed = ReliabilityEnvironment.integer("INJINEER_MODEL_SEED") ?? Self.defaultSeed
    let cases: Range<Int>
    if let single = ReliabilityEnvironment.integer("INJINEER_MODEL_CASE") {
      cases = Int(single)..<Int(single) + 1
    } else {
      cases = 0..<Int(ReliabilityEnvironment.integer("INJINEER_MODEL_CASES") ?? 3_000)
    }
    var statistics = ModelStatistics()
    var failed = 0
    let started = Stopwatch()
    for index in cases {
      var random = ModelRandom(seed: ModelRandom.caseSeed(seed, case: index))
      let bytes = random.bytes(count: 4 + Int(random.next() % 160))
      let script = ModelScript(bytes: bytes)
      let (mismatch, caseStatistics) = ModelHarness.run(script)
      statistics.add(caseStatistics)
      guard let mismatch else { continue }
      Issue.record(
        """
        Seed \(hex(seed)), case \(index): \(mismatch)
        Reproduce with INJINEER_MODEL_SEED=\(hex(seed)) INJINEER_MODEL_CASE=\(index) \
        swift test --filter ReliabilityModelTests
        Script:
        \(script)
        Bytes (store as a file in FuzzRegressions to keep the case): \(bytes.hexText)
        """)
      failed += 1
      if failed == 3 { break }
    }
    print(
      "Model-based: seed \(hex(seed)), \(statistics.summary), "
        + "in \(started)")
    guard cases.count >= 1_000 else { return }
    // The scripts reach every kind of outcome, so agreement means something.
    for reason in [
      "unknownName", "blankName", "duplicateName", "nameCollision", "conflictingScopes", "cycle",
      "creatorFailed", "typeMismatch",
    ] {
      #expect(statistics.failures[reason, default: 0] > 0, "no case failed with \(reason)")
    }
    #expect(statistics.values > cases.count)
    #expect(statistics.closureCalls > 0)
    #expect(statistics.concurrentRounds > 0)
    #expect(statistics.cyclesReported > 0)
    #expect(statistics.missingReported > 0)
    #expect(statistics.moduleInstalls > 0)
    #expect(statistics.duplicateModulesReported > 0)
    #expect(statistics.skippedSteps * 100 < statistics.steps)
  }

  @Test func fuzzRegressionsAgreeWithTheReferenceModel() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("FuzzRegressions")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!files.isEmpty)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
      let script = ModelScript(bytes: bytes)
      let replay = {
        if let mismatch = ModelHarness.run(script).mismatch {
          Issue.record("FuzzRegressions/\(file): \(mismatch)\nScript:\n\(script)")
        }
      }
      // An input named `known-issue-…` shows a container bug not fixed yet: it must
      // still fail, and once it passes, drop the prefix so it guards the fix.
      if file.hasPrefix("known-issue-") {
        withKnownIssue("FuzzRegressions/\(file) shows a known container bug") {
          replay()
        }
      } else {
        replay()
      }
    }
  }

  // MARK: The model itself

  @Test func theModelFindsTheOriginalsCycles() {
    var model = ReferenceModel()
    let edges = [("A", ["B"]), ("B", ["C"]), ("C", ["A"]), ("D", ["E"]), ("E", ["D"])]
    for (index, (name, dependencies)) in edges.enumerated() {
      model.register(
        .init(
          index: index, name: name,
          kind: .provider(
            .init(
              dependencies: dependencies, scope: .transient, failEvery: nil,
              callsClosures: false))))
    }
    #expect(model.cycles() == [["A", "B", "C", "A"], ["D", "E", "D"]])
  }

  @Test func theModelFindsEveryCycleThroughSharedNodes() {
    var model = ReferenceModel()
    let edges = [("a", ["b", "a"]), ("b", ["a", "c"]), ("c", ["a"])]
    for (index, (name, dependencies)) in edges.enumerated() {
      model.register(
        .init(
          index: index, name: name,
          kind: .provider(
            .init(
              dependencies: dependencies, scope: .transient, failEvery: nil,
              callsClosures: false))))
    }
    #expect(model.cycles() == [["a", "a"], ["a", "b", "a"], ["a", "b", "c", "a"]])
  }

  @Test func theModelsEditDistanceCountsASwapAsOneEdit() {
    #expect(ReferenceModel.editDistance(Array("cache"), Array("cahce")) == 1)
    #expect(ReferenceModel.editDistance(Array(""), Array("api")) == 3)
    #expect(ReferenceModel.editDistance(Array("client"), Array("clinet")) == 1)
    #expect(ReferenceModel.editDistance(Array("store"), Array("screen")) == 4)
  }

  @Test func everyByteStringDecodesAndHexRoundTrips() {
    var random = ModelRandom(seed: 7)
    for _ in 0..<200 {
      let bytes = random.bytes(count: Int(random.next() % 64))
      #expect([UInt8](hexText: bytes.hexText) == bytes)
      #expect(ModelScript(bytes: bytes).steps.count <= ModelScript.maximumSteps)
    }
    #expect(ModelScript(bytes: []).steps.isEmpty)
  }
}
