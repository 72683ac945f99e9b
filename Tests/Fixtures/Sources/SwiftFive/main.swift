import Injineer

// The registrations of NonSendableShared, which Swift 6 rejects, compile in the
// Swift 5 language mode without a word: its Sendable checks are off.

/// A plain class with mutable state, so not `Sendable`.
final class Counter {
  var n = 0
}

let container = Container()
container.addProvider(forName: "sharedCounter", options: .singleton) { _ in Counter() }
container.addInstance(Counter(), forName: "counter")
try container.checkForErrors()

let singleton = try container.value(forName: "sharedCounter", as: Counter.self)
singleton.n += 1
let instance = try container.value(forName: "counter", as: Counter.self)
instance.n += 2
let sharedSingleton = try container.value(forName: "sharedCounter", as: Counter.self).n == 1
let sharedInstance = try container.value(forName: "counter", as: Counter.self).n == 2
print("sharedCounter shared: \(sharedSingleton), counter shared: \(sharedInstance)")
