import INJContainer
import Testing

protocol Clock: Sendable {
  var now: Int { get }
}

struct FixedClock: Clock {
  var now: Int
}

extension Key {
  static var clock: Key<any Clock> { Key<any Clock>("clock") }
  static var greeting: Key<String> { Key<String>("greeting") }
}

@Suite("Typed keys")
struct KeyTests {
  @Test func keysRegisterAndResolveWithCompilerCheckedTypes() throws {
    let container = Container()
    container.addInstance(FixedClock(now: 42), for: .clock)
    container.addProvider(for: .greeting, using: .clock) { clock in "It is \(clock.now)." }
    let clock: any Clock = try container.value(for: .clock)
    let greeting: String = try container.value(for: .greeting)
    #expect(clock.now == 42)
    #expect(greeting == "It is 42.")
  }

  @Test func keysAndStringsMeetAtRunTime() throws {
    let container = Container()
    container.addInstance(7, forName: "greeting")
    #expect(throws: ResolutionError.self) { try container.value(for: .clock) }
    let error = #expect(throws: ResolutionError.self) { try container.value(for: .greeting) }
    #expect(
      error?.description
        == "Cannot resolve 'greeting' as String: it is of type Int. Ask for Int (or one of its "
        + "protocols or superclasses), or register a value of type String under 'greeting'.")
    container.addProvider(forName: "clock") { _ in FixedClock(now: 1) }
    #expect(try container.value(for: .clock).now == 1)
  }

  @Test func aKeysProviderKeyGivesAClosure() throws {
    let container = Container()
    let made = Counter()
    container.addProvider(for: .greeting) {
      made.increment()
      return "hello"
    }
    let make = try container.value(for: Key<String>.greeting.provider)
    #expect(made.value == 0)
    #expect(make() == "hello")
    #expect(made.value == 1)
    #expect(Key<String>.greeting.provider.name == "greetingProvider")
    #expect(Key<String>.greeting.description == "Key<String>(\"greeting\")")
  }
}
