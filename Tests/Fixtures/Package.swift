// swift-tools-version: 6.2
import PackageDescription

// Compile-level fixtures: small programs built against Injineer that show what the
// compiler accepts and what it rejects. Scripts/fixtures.sh builds each target on its
// own and checks the outcome. `NonSendableShared` is meant not to compile, so build
// the targets one at a time, never the whole package:
//
//     swift build --package-path Tests/Fixtures --product DefaultMainActor
//
// The targets use no upcoming features, the way an app's own targets usually don't.

let injineer: Target.Dependency = .product(name: "Injineer", package: "Injineer")
let testSupport: Target.Dependency = .product(name: "INJTestSupport", package: "Injineer")

let package = Package(
  name: "InjineerFixtures",
  // Injineer's own minimums: the fixtures build as an app at the lowest version would.
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
  dependencies: [
    .package(name: "Injineer", path: "../..")
  ],
  targets: [
    // Main-actor code by default (an app target's setting): registers and resolves
    // main-actor classes with no warning.
    .executableTarget(
      name: "DefaultMainActor", dependencies: [injineer],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    // Must not compile: sharing a non-Sendable class is an error in Swift 6.
    .target(name: "NonSendableShared", dependencies: [injineer]),
    // Non-Sendable transients, Sendable and main-actor singletons: no warning.
    .executableTarget(name: "Transients", dependencies: [injineer]),
    // The registrations NonSendableShared makes, accepted in the Swift 5 language mode.
    .executableTarget(
      name: "SwiftFive", dependencies: [injineer],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // An @Observable view model with an @ObservationIgnored @Inject property.
    .executableTarget(name: "ObservableViewModel", dependencies: [injineer]),
    // Must not compile: a creator or instance whose type is not its key's.
    .target(name: "KeyTypeMistake", dependencies: [injineer]),
    // The test target of a main-actor-by-default app: a suite trait names the app's
    // main-actor factory, and main-actor modules are installed and checked.
    .target(
      name: "MainActorTests", dependencies: [injineer, testSupport],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    // Every call shape of the README, the articles and the contract (the files of
    // Shared/CallShapes, linked into each target), in the three modes apps use.
    .executableTarget(name: "CallShapes", dependencies: [injineer, testSupport]),
    .executableTarget(
      name: "CallShapesSwiftFive", dependencies: [injineer, testSupport],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "CallShapesMainActor", dependencies: [injineer, testSupport],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
  ],
  swiftLanguageModes: [.v6]
)
