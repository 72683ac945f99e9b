/// A value handed from one isolation domain to another that alone uses it from then
/// on, where the compiler cannot see the hand-over:
///
/// - a product made in a child task and returned to its parent, or made by one task
///   and handed to the tasks that waited for it (``AsyncResolver``);
/// - work an async resolution hands to the actor its creators run on (a synchronous
///   resolution to go on with, a product to inject), and its result back.
///
/// `@unchecked Sendable` is sound there because the side that hands the value over
/// keeps no use of it: a creator's product belongs to the resolution that asked for
/// it, and a shared product (a singleton) is `Sendable` itself, which its
/// registration requires. The async tests run under ThreadSanitizer in CI.
struct HandedOver<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
