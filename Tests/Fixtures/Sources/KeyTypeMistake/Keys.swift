import Injineer

// A key declared in a constrained extension, as the documentation shows: a creator of
// another type gets the compiler's plain message, through the declared key and in place.
extension Key where Value == Int {
  static var port: Self { Self("port") }
}

func register(in container: Container) {
  // expected-error on the next line: cannot convert value of type 'String' to closure result type 'Int'
  container.addProvider(for: .port) { "8080" }
  // expected-error on the next line: cannot convert value of type 'String' to closure result type 'Int'
  container.addProvider(for: Key<Int>("port"), options: .singleton) { "8080" }
  // expected-error on the next line: cannot convert value of type 'String' to expected argument type 'Int'
  container.addInstance("8080", for: .port)
  // A creator that still takes the resolved values, as before typed wiring replaced the
  // key forms: without keys after `using:` the creator takes no parameter, and the
  // compiler says so only in terms of the parameter pack.
  // expected-error on the next line: pack expansion requires that '' and '_' have the same shape
  container.addProvider(for: .port) { _ in 8080 }
}
