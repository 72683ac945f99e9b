import Injineer

let container = Container()
registerCountersAndClocks(in: container)
registerScreen(in: container)
try container.checkForErrors()

var report: [String] = []
for name in ["counter", "graphCounter", "manualCounter"] {
  let shared = try resolvesToOneObject(name, as: Counter.self, in: container)
  report.append("\(name)=\(shared ? "shared" : "new")")
}
for name in ["clock", "weakClock", "manualClock"] {
  let shared = try resolvesToOneObject(name, as: Clock.self, in: container)
  report.append("\(name)=\(shared ? "shared" : "new")")
}
let screen = try container.value(forName: "screen", as: Screen.self)
let sameScreen = screen === (try container.value(forName: "screen", as: Screen.self))
report.append("screen=\(sameScreen ? "shared" : "new")(\(screen.title))")
print(report.joined(separator: " "))
