// swift-tools-version: 6.0
import PackageDescription

// The benchmarks are a package of their own, so nothing they need reaches users of Injineer.
// Run them in release mode:
//
//     swift run -c release --package-path Benchmarks inj-bench [--quick] [--filter <pattern>]

// Compiler settings shared by every target, the same as the main package's.
let swiftSettings: [SwiftSetting] = [
  // `any P` spelled out wherever an existential is used, so its cost is visible.
  .enableUpcomingFeature("ExistentialAny"),
  // A file sees members of a module only if it imports that module itself.
  .enableUpcomingFeature("MemberImportVisibility"),
  // Imports are internal unless marked `public`.
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "InjineerBenchmarks",
  // The runner times with ContinuousClock, which macOS has from 13 on (Injineer itself
  // needs only macOS 12); the benchmarks run on a Mac or on Linux.
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "Injineer", path: "..")
  ],
  targets: [
    // The runner: a small harness, one file per scenario group, and a thin main.
    .executableTarget(
      name: "inj-bench",
      dependencies: [
        .product(name: "INJGraph", package: "Injineer"),
        .product(name: "INJReflection", package: "Injineer"),
        .product(name: "INJContainer", package: "Injineer"),
      ],
      swiftSettings: swiftSettings
    )
  ],
  swiftLanguageModes: [.v6]
)
