import Injineer

// Typed wiring: each dependency declared once as a key, its value a typed parameter.
extension Key where Value == String {
  static var host: Self { Self("host") }
}

final class Server {
  init(host: String, port: Int) {}
}

extension Key where Value == Server {
  static var server: Self { Self("server") }
}

func wire(in container: Container) {
  // A creator of another type than its key's.
  // expected-error on the next line: cannot convert value of type 'String' to closure result type 'Server'
  container.addProvider(for: .server, using: .host, .port) { host, port in "\(host):\(port)" }
  // A parameter of another type than its key's: the compiler names the key.
  // expected-error on the next line: member chain produces result of type 'Key<String>' but contextual base was inferred as 'Key<Int>'
  // expected-error on the next line: static property 'host' requires the types 'Int' and 'String' be equivalent
  container.addProvider(for: .server, using: .host, .port) { (host: Int, port: Int) in
    Server(host: "\(host)", port: port)
  }
  // Fewer parameters than keys.
  // expected-error on the next line: extra argument in call
  container.addProvider(for: .server, using: .host, .port) { host in Server(host: host, port: 1) }
  // A key nobody declared.
  // expected-error on the next line: type 'Key<String>' has no member 'hots'
  container.addProvider(for: .server, using: .hots, .port) { Server(host: $0, port: $1) }
}
