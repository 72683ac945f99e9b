// Writes the app graph of the benchmarks' `startup` group as Swift source, to standard output.
// Run it from the repository root:
//
//     swift Benchmarks/Scripts/generate-startup-graph.swift \
//       > Benchmarks/Sources/inj-bench/Scenarios/StartupGraph.generated.swift
//
// The graph: 200 services `S0` … `S199`, each its own class, in 8 layers of 25 (layer `k` holds
// `S(25k)` … `S(25k + 24)`). Every service of layers 1 to 7 depends on 2 to 4 services of lower
// layers; the last 10 services of the top layer, the roots, may also depend on the top layer's
// other 15, so that those are used too. Every service but the roots is a dependency of at least
// one other, so the roots are exactly the 10 services nothing depends on.
//
// 60 services are singletons: 11 in layer 0 and 7 in each other layer, never a root. A singleton
// depends only on singletons, so no singleton holds a shorter-lived object (the check would
// warn about it). 67 of the transient services of layers 1 to 7 receive their dependencies
// through `@Inject` properties and are created with `init()`; all other services take theirs in
// their initializer. Singletons are `Sendable` classes with `let` properties.
//
// A seeded random generator draws everything, so the output is the same on every run; the
// generator prints what it drew to standard error. The output passes `swift format lint
// --strict` as written.

import Foundation

/// The random generator of the benchmarks' harness (`SplitMix64`), with a draw below a bound
/// that does not depend on the standard library's algorithms.
struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// An element of a non-empty array.
  mutating func pick(_ elements: [Int]) -> Int {
    elements[below(elements.count)]
  }

  /// The elements in a random order (Fisher–Yates).
  mutating func shuffled(_ elements: [Int]) -> [Int] {
    var result = elements
    for index in stride(from: result.count - 1, to: 0, by: -1) {
      result.swapAt(index, below(index + 1))
    }
    return result
  }
}

// MARK: The shape

let layerCount = 8
let perLayer = 25
let serviceCount = layerCount * perLayer
let rootCount = 10
let singletonsPerLayer = [11, 7, 7, 7, 7, 7, 7, 7]
let injectCount = 67
let minimumDependencies = 2
let maximumDependencies = 4
let seed: UInt64 = 0x5354_4152_5455_50  // "STARTUP"

func layer(_ service: Int) -> Int { service / perLayer }
let roots = Array((serviceCount - rootCount)..<serviceCount)
func isRoot(_ service: Int) -> Bool { service >= serviceCount - rootCount }

var random = SplitMix64(state: seed)

// Singletons: a fixed number per layer, drawn among the layer's services (never a root).
var isSingleton = [Bool](repeating: false, count: serviceCount)
for layerIndex in 0..<layerCount {
  let members = (layerIndex * perLayer..<(layerIndex + 1) * perLayer).filter { !isRoot($0) }
  for service in random.shuffled(members).prefix(singletonsPerLayer[layerIndex]) {
    isSingleton[service] = true
  }
}

// What a service may depend on: services of lower layers (a root also on the top layer's other
// services); a singleton only on singletons.
func mayDepend(_ dependent: Int, on dependency: Int) -> Bool {
  let lower =
    layer(dependency) < layer(dependent)
    || (isRoot(dependent) && layer(dependency) == layerCount - 1 && !isRoot(dependency))
  return lower && (!isSingleton[dependent] || isSingleton[dependency])
}

// How many dependencies each service of layers 1 to 7 gets.
var wanted = (0..<serviceCount).map { service in
  layer(service) == 0
    ? 0 : minimumDependencies + random.below(maximumDependencies - minimumDependencies + 1)
}
var dependencies = [[Int]](repeating: [], count: serviceCount)

// First every service but the roots gets one dependent, from the top down, so that only the
// roots are unused.
for service in (0..<serviceCount).reversed() where !isRoot(service) {
  let open = (0..<serviceCount).filter {
    mayDepend($0, on: service) && dependencies[$0].count < wanted[$0]
  }
  if !open.isEmpty {
    dependencies[random.pick(open)].append(service)
    continue
  }
  // Every possible dependent is full: one below the maximum takes one more.
  let growable = (0..<serviceCount).filter {
    mayDepend($0, on: service) && dependencies[$0].count < maximumDependencies
  }
  guard !growable.isEmpty else { fatalError("no dependent left for S\(service)") }
  let dependent = random.pick(growable)
  wanted[dependent] += 1
  dependencies[dependent].append(service)
}

// Then the rest of each service's dependencies, drawn among what it may depend on.
for service in 0..<serviceCount {
  let candidates = (0..<serviceCount).filter { mayDepend(service, on: $0) }
  while dependencies[service].count < wanted[service] {
    let choice = random.pick(candidates)
    if !dependencies[service].contains(choice) { dependencies[service].append(choice) }
  }
  dependencies[service].sort()
}

// `@Inject` services: drawn among the transient services that have dependencies.
var usesInject = [Bool](repeating: false, count: serviceCount)
let injectable = (0..<serviceCount).filter { !isSingleton[$0] && layer($0) > 0 }
for service in random.shuffled(injectable).prefix(injectCount) {
  usesInject[service] = true
}

// The objects one start-up creates: each singleton once, each transient once per dependent.
var transientObjects = [Int](repeating: 0, count: serviceCount)
for service in 0..<serviceCount where !isSingleton[service] {
  transientObjects[service] =
    1 + dependencies[service].filter { !isSingleton[$0] }.map { transientObjects[$0] }.reduce(0, +)
}
let objectCount =
  isSingleton.filter { $0 }.count + roots.map { transientObjects[$0] }.reduce(0, +)

// Every service but the roots is used.
var isUsed = [Bool](repeating: false, count: serviceCount)
for list in dependencies { for dependency in list { isUsed[dependency] = true } }
precondition((0..<serviceCount).filter { !isUsed[$0] } == roots, "the unused are not the roots")

// MARK: The source

func name(_ service: Int) -> String { "s\(service)" }
func type(_ service: Int) -> String { "S\(service)" }
func quoted(_ service: Int) -> String { "\"\(name(service))\"" }

var lines: [String] = []
func emit(_ line: String = "") { lines.append(line) }

/// Emits `head` followed by `items` separated by commas and `tail`, on one line when it fits
/// in 100 columns, else with the items on continuation lines indented two more spaces.
func emitList(_ indent: String, _ head: String, _ items: [String], _ tail: String) {
  let single = indent + head + items.joined(separator: ", ") + tail
  if single.count <= 100 {
    emit(single)
    return
  }
  emit(indent + head)
  var line = indent + "  "
  for (index, item) in items.enumerated() {
    let piece = item + (index == items.count - 1 ? tail : ",")
    if line.count + 1 + piece.count > 100 && line != indent + "  " {
      emit(line)
      line = indent + "  " + piece
    } else {
      line += (line == indent + "  " ? "" : " ") + piece
    }
  }
  emit(line)
}

let singletonCount = isSingleton.filter { $0 }.count
let injectTotal = usesInject.filter { $0 }.count
let edgeCount = dependencies.map(\.count).reduce(0, +)

emit("// Generated by Benchmarks/Scripts/generate-startup-graph.swift: do not edit. Regenerate it")
emit("// from the repository root with")
emit("//")
emit("//     swift Benchmarks/Scripts/generate-startup-graph.swift \\")
emit("//       > Benchmarks/Sources/inj-bench/Scenarios/StartupGraph.generated.swift")
emit("//")
let shape = "\(serviceCount) services, each its own class, in \(layerCount) layers of \(perLayer)"
let counts = "\(edgeCount) dependencies, \(singletonCount) singletons, \(injectTotal) services"
emit("// The app graph of the `startup` group: \(shape);")
emit("// \(counts) with `@Inject` properties, \(rootCount) roots. The")
emit("// generator's header comment says how the graph is drawn.")
emit()
emit("import INJContainer")
emit("import INJReflection")
emit()
emit("/// The generated app graph: its registrations in a container, and its facts.")
emit("enum StartupGraph {")
emit("  /// The number of services, each its own class.")
emit("  static let serviceCount = \(serviceCount)")
emit("  /// The number of singletons among them.")
emit("  static let singletonCount = \(singletonCount)")
emit("  /// The names of the roots, the services nothing depends on, that a start-up resolves.")
emit("  static let rootNames = [")
emitList("    ", "", roots.map(quoted), ",")
emit("  ]")
emit("  /// The objects one start-up creates: each singleton once, each transient once per")
emit("  /// dependent.")
emit("  static let objectCount = \(objectCount)")
emit()
emit("  /// The objects created so far, counted by every initializer of the graph, so that a")
emit("  /// benchmark can check that a start-up creates ``objectCount`` of them.")
emit("  nonisolated(unsafe) static var objectsCreated = 0")
emit()
emit("  /// Registers every service of the graph, as an app's composition root would.")
emit("  static func registerAll(in container: Container) {")
for service in 0..<serviceCount {
  let list = dependencies[service]
  var arguments = ["forName: \(quoted(service))"]
  if !list.isEmpty {
    arguments.append("dependencies: [" + list.map(quoted).joined(separator: ", ") + "]")
  }
  if isSingleton[service] { arguments.append("options: .singleton") }
  let creator: String
  if usesInject[service] || list.isEmpty {
    creator = "{ _ in \(type(service))() }"
  } else {
    creator = "{ values in"
  }
  let call = "    container.addProvider(" + arguments.joined(separator: ", ") + ") " + creator
  if call.count <= 100 {
    emit(call)
  } else {
    emit("    container.addProvider(")
    emit("      " + arguments.joined(separator: ", "))
    emit("    ) " + creator)
  }
  if creator == "{ values in" {
    let items = list.map { "\(name($0)): values.value(forName: \(quoted($0)))" }
    emitList("      ", "try \(type(service))(", items, ")")
    emit("    }")
  }
}
emit("  }")
emit()
let injectProperties = (0..<serviceCount).filter { usesInject[$0] }.map { dependencies[$0].count }
emit("  /// The `@Inject` properties of the services, all together.")
emit("  static let injectPropertyCount = \(injectProperties.reduce(0, +))")
emit("  /// Makes one instance of each service with `@Inject` properties, unfilled: a type")
emit("  /// discovered on its first injection.")
emit("  static let makeInjectServices: [@Sendable () -> AnyObject] = [")
var makerLine = "   "
for service in (0..<serviceCount).filter({ usesInject[$0] }) {
  let maker = " { \(type(service))() },"
  if makerLine.count + maker.count > 100 {
    emit(makerLine)
    makerLine = "   "
  }
  makerLine += maker
}
emit(makerLine)
emit("  ]")
emit()
emit("  /// Resolves the roots by name.")
emit("  static func resolveRoots(in container: Container) throws -> [AnyObject] {")
emit("    try [")
for root in roots {
  emit("      container.value(forName: \(quoted(root)), as: \(type(root)).self),")
}
emit("    ]")
emit("  }")
emit("}")
emit()
emit("/// The same graph composed by hand: each singleton made once, on first use, and kept; each")
emit("/// transient made anew for each dependent, its `@Inject` properties set after it is made.")
emit("final class HandWrittenStartupGraph {")
for service in 0..<serviceCount where isSingleton[service] {
  let items = dependencies[service].map { "\(name($0)): \(name($0))" }
  if items.isEmpty {
    emit("  lazy var \(name(service)) = \(type(service))()")
  } else {
    emitList("  ", "lazy var \(name(service)) = \(type(service))(", items, ")")
  }
}
for service in 0..<serviceCount where !isSingleton[service] {
  func make(_ dependency: Int) -> String {
    isSingleton[dependency] ? name(dependency) : "make\(type(dependency))()"
  }
  emit()
  emit("  func make\(type(service))() -> \(type(service)) {")
  if usesInject[service] {
    emit("    let object = \(type(service))()")
    for dependency in dependencies[service] {
      emit("    object.\(name(dependency)) = \(make(dependency))")
    }
    emit("    return object")
  } else {
    let items = dependencies[service].map { "\(name($0)): \(make($0))" }
    emitList("    ", "\(type(service))(", items, ")")
  }
  emit("  }")
}
emit()
emit("  /// Makes the roots.")
emit("  func roots() -> [AnyObject] {")
emit("    [")
for root in roots {
  emit("      make\(type(root))(),")
}
emit("    ]")
emit("  }")
emit("}")

emit()
emit("// MARK: The services")
for service in 0..<serviceCount {
  let list = dependencies[service]
  let kind =
    isSingleton[service]
    ? "singleton" : isRoot(service) ? "transient root" : "transient"
  let style =
    list.isEmpty
    ? "no dependencies"
    : usesInject[service] ? "dependencies in `@Inject` properties" : "dependencies in `init`"
  emit()
  emit("/// Layer \(layer(service)), \(kind); \(style).")
  if usesInject[service] {
    emit("final class \(type(service)) {")
    for dependency in list {
      emit("  @Inject var \(name(dependency)): \(type(dependency))?")
    }
    emit()
    emit("  init() { StartupGraph.objectsCreated &+= 1 }")
    emit("}")
    continue
  }
  emit("final class \(type(service))\(isSingleton[service] ? ": Sendable" : "") {")
  for dependency in list {
    emit("  let \(name(dependency)): \(type(dependency))")
  }
  if list.isEmpty {
    emit("  init() { StartupGraph.objectsCreated &+= 1 }")
  } else {
    emit()
    let parameters = list.map { "\(name($0)): \(type($0))" }
    emitList("  ", "init(", parameters, ") {")
    for dependency in list {
      emit("    self.\(name(dependency)) = \(name(dependency))")
    }
    emit("    StartupGraph.objectsCreated &+= 1")
    emit("  }")
  }
  emit("}")
}

print(lines.joined(separator: "\n"))

// What was drawn, for the record.
var summary = "services \(serviceCount), layers \(layerCount)×\(perLayer)"
summary += ", dependencies \(edgeCount)"
summary += ", singletons \(singletonCount), @Inject \(injectTotal), roots \(roots.count)"
summary += ", objects per start-up \(objectCount)\n"
FileHandle.standardError.write(Data(summary.utf8))
