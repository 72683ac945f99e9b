import Testing

@testable import INJContainer

/// Resolving by name remembers the hashes of recent names per thread; these tests
/// hold the container to the answers of plain string equality whatever is
/// remembered.
@Suite struct NameHashTests {
  final class Service: Sendable {}

  @Test func aStaleRememberedHashStillFindsTheName() throws {
    // A name long enough to live on the heap, whose storage a later string could
    // reuse: the remembered hash is then only a guess.
    let name = String(repeating: "service", count: 4)
    let container = Container()
    container.addInstance(Service(), forName: name)
    ThreadState.current.pointee.nameHashes.remember(name.hashValue &+ 1, for: name)
    #expect(NameHashes.rememberedHash(of: name) != name.hashValue)
    #expect((try? container.value(forName: name, as: Service.self)) != nil)
  }

  @Test func canonicallyEqualNamesResolveTheSameRegistration() throws {
    let container = Container()
    let service = Service()
    container.addInstance(service, forName: "caf\u{E9}")
    // The same name with a combining accent: different bits, equal strings.
    let decomposed = "cafe\u{301}"
    #expect(try container.value(forName: decomposed, as: Service.self) === service)
  }

  @Test func moreNamesThanRememberedResolveInTurn() throws {
    let container = Container()
    let names = (0..<300).map { "name\($0)" }
    for (index, name) in names.enumerated() {
      container.addInstance(index, forName: name)
    }
    for round in 0..<3 {
      for (index, name) in names.enumerated() {
        #expect(try container.value(forName: name, as: Int.self) == index, "round \(round)")
      }
    }
  }

  @Test func anUnknownNameStillSaysWhatItResembles() {
    let container = Container()
    container.addInstance(Service(), forName: "service")
    // Twice: the second request finds the name's hash remembered.
    for _ in 0..<2 {
      #expect {
        try container.value(forName: "servce", as: Service.self)
      } throws: { error in
        (error as? ResolutionError)?.suggestion == "service"
      }
    }
  }
}
