// swift-tools-version: 6.0
import PackageDescription

// Compiler settings shared by every target. Each upcoming feature is on because
// of what it buys the package:
let swiftSettings: [SwiftSetting] = [
  // `any P` spelled out wherever an existential is used, so its cost is visible.
  .enableUpcomingFeature("ExistentialAny"),
  // A file sees members of a module only if it imports that module itself,
  // which keeps the layering honest (no member leaks through a transitive import).
  .enableUpcomingFeature("MemberImportVisibility"),
  // Imports are internal unless marked `public`, so no module re-exports by accident.
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Injineer",
  // The first Apple OS versions with Swift concurrency in the OS (no back-deployed
  // runtime). Nothing the modules use needs more: the package's own atomics and locks
  // stand in for Synchronization's (iOS 18), and Scripts/check-availability.sh compiles
  // every module for these minimums (CONTRIBUTING.md lists what each module uses, and
  // since when).
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
  products: [
    .library(name: "Injineer", targets: ["Injineer"]),
    .library(name: "INJGraph", targets: ["INJGraph"]),
    .library(name: "INJReflection", targets: ["INJReflection"]),
    .library(name: "INJContainer", targets: ["INJContainer"]),
    .library(name: "INJTestSupport", targets: ["INJTestSupport"]),
  ],
  targets: [
    // Modules
    .target(name: "INJGraph"),
    .target(name: "INJReflection", dependencies: ["INJPrimitives"]),
    .target(name: "INJContainer", dependencies: ["INJGraph", "INJReflection", "INJPrimitives"]),
    .target(name: "Injineer", dependencies: ["INJGraph", "INJReflection", "INJContainer"]),
    // The package's atomics and locks, in one place for the modules above; not a
    // product, and everything in it has `package` access.
    .target(name: "INJPrimitives", dependencies: ["CINJAtomics"]),
    // The C side of the atomics (`static inline` functions over `<stdatomic.h>`),
    // wrapped by INJPrimitives' `AtomicWord`; not a product.
    .target(name: "CINJAtomics"),

    // Test support
    .target(
      name: "INJTestSupport", dependencies: ["INJContainer", "INJReflection", "INJPrimitives"]),

    // Examples
    .executableTarget(
      name: "pocket-forecast", dependencies: ["Injineer"], path: "Examples/pocket-forecast",
      exclude: ["README.md"], resources: [.process("Resources")]),
    .executableTarget(
      name: "products", dependencies: ["Injineer"], path: "Examples/products",
      exclude: ["README.md"]),

    // Tests, and the helpers they share
    .target(name: "TestUtilities", path: "Tests/Utilities"),
    .testTarget(name: "INJGraphTests", dependencies: ["INJGraph", "TestUtilities"]),
    .testTarget(
      name: "INJReflectionTests",
      dependencies: ["INJReflection", "INJPrimitives", "CINJAtomics", "TestUtilities"]),
    .testTarget(
      name: "INJContainerTests",
      dependencies: [
        "INJContainer", "INJGraph", "INJReflection", "INJPrimitives", "INJTestSupport",
        "TestUtilities",
      ]),
    .testTarget(name: "InjineerTests", dependencies: ["Injineer"]),
    .testTarget(
      name: "INJTestSupportTests",
      dependencies: ["INJTestSupport", "INJContainer", "INJReflection", "INJPrimitives", "Injineer"]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: ["INJContainer", "INJGraph", "INJReflection", "INJPrimitives", "TestUtilities"],
      exclude: ["FuzzRegressions"]),
    // Runs the example executables and checks their output; depending on them makes
    // `swift test` build them first.
    .testTarget(
      name: "ExampleTests", dependencies: ["pocket-forecast", "products", "TestUtilities"]),
    .testTarget(
      name: "DocumentationTests", dependencies: ["Injineer", "INJTestSupport", "TestUtilities"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
