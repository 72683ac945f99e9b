import TestUtilities
import Testing

@testable import INJContainer

/// The storage of a creator's values is kept per thread for the provider's next
/// creation; these tests hold it to the answers of fresh storage every time.
@Suite struct ValueStorageTests {
  final class Part: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
  }

  final class Counter: @unchecked Sendable {
    // Only touched from the test's own thread.
    var next = 0
    func take() -> Int {
      next += 1
      return next
    }
  }

  /// A product that keeps the values its creator received.
  final class Keeper: @unchecked Sendable {
    // Written once by the creator, read by the test on the same thread.
    let values: ResolvedValues
    init(values: ResolvedValues) { self.values = values }
  }

  @Test func valuesKeptByACreatorStayAsTheyWere() throws {
    let counter = Counter()
    let container = Container()
    container.addProvider(forName: "part") { _ in Part(serial: counter.take()) }
    container.addProvider(forName: "keeper", dependencies: ["part"]) { values in
      Keeper(values: values)
    }
    let first = try container.value(forName: "keeper", as: Keeper.self)
    // Later creations of the same provider must not write into the kept values.
    for _ in 0..<5 {
      _ = try container.value(forName: "keeper", as: Keeper.self)
    }
    #expect(try first.values.value(forName: "part", as: Part.self).serial == 1)
    #expect(first.values.names == ["part"])
    #expect(first.values.providerName == "keeper")
    let last = try container.value(forName: "keeper", as: Keeper.self)
    #expect(try last.values.value(forName: "part", as: Part.self).serial == 7)
  }

  @Test func providersSharingStorageEntriesEachGetTheirOwnValues() throws {
    // More providers than a thread keeps storages, resolved in a scrambled order,
    // so that providers take turns in the same entries.
    let container = Container()
    let count = 100
    for index in 0..<count {
      container.addInstance(index, forName: "number\(index)")
      container.addInstance(-index, forName: "negative\(index)")
      container.addProvider(
        forName: "pair\(index)", dependencies: ["number\(index)", "negative\(index)"]
      ) { values in
        [
          try values.value(forName: "number\(index)", as: Int.self),
          try values.value(forName: "negative\(index)", as: Int.self),
        ]
      }
    }
    var generator = SplitMix64(seed: 0x5EED_0F57_04A6)
    for _ in 0..<2_000 {
      let index = Int(generator.next() % UInt64(count))
      #expect(try container.value(forName: "pair\(index)", as: [Int].self) == [index, -index])
    }
  }

  @Test func providersWithTheSameNameInTwoContainersKeepTheirOwnDependencies() throws {
    // A child's copy of a name shares nothing with the parent's but the text.
    let parent = Container()
    parent.addInstance(1, forName: "one")
    parent.addInstance(2, forName: "two")
    parent.addProvider(forName: "sum", dependencies: ["one"]) { values in
      try values.value(forName: "one", as: Int.self)
    }
    let child = parent.makeChild()
    child.addProvider(forName: "sum", dependencies: ["one", "two"]) { values in
      try values.value(forName: "one", as: Int.self) + values.value(forName: "two", as: Int.self)
    }
    for _ in 0..<3 {
      #expect(try parent.value(forName: "sum", as: Int.self) == 1)
      #expect(try child.value(forName: "sum", as: Int.self) == 3)
    }
  }

  final class Witness: @unchecked Sendable {
    // Only touched from the test's own thread.
    weak var part: Part?
  }

  @Test func aFailedResolutionReleasesTheValuesResolvedSoFar() {
    let witness = Witness()
    let container = Container()
    container.addProvider(forName: "part") { _ in
      let part = Part(serial: 1)
      witness.part = part
      return part
    }
    container.addProvider(forName: "whole", dependencies: ["part", "missing"]) { _ in 0 }
    #expect(throws: ResolutionError.self) {
      try container.value(forName: "whole", as: Int.self)
    }
    #expect(witness.part == nil)
  }
}
