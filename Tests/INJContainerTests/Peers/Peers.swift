/// The behaviour tests of other dependency-injection containers (Swinject, Factory,
/// DITranquillity), each translated into Injineer's API: the same scenario and the same
/// assertion, or Injineer's documented behaviour where it deliberately differs. Each test
/// names the peer test it translates in the comment line above it.
///
/// `swift test --filter Peers` runs them all.
enum Peers {}
