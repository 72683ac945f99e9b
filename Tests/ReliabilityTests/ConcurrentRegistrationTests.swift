import Dispatch
import INJContainer
import Testing

/// Registering from several threads at once, the case that ThreadSanitizer must see
/// as synchronised: the registry's lock is one it understands.
@Suite("Concurrent registration")
struct ConcurrentRegistrationTests {
  @Test func threadsRegisterAtOnceAndEveryNameResolves() throws {
    let container = Container()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<250 {
        container.addInstance(index, forName: "thread\(thread)-\(index)")
      }
    }
    try container.checkForErrors()
    for thread in 0..<4 {
      for index in stride(from: 0, to: 250, by: 50) {
        #expect(try container.value(forName: "thread\(thread)-\(index)", as: Int.self) == index)
      }
    }
  }
}
