// The umbrella module: `import Injineer` gives an app everything it registers and
// resolves with. Test support (`INJTestSupport`) is imported on its own, by tests.
@_exported import INJContainer
@_exported import INJGraph
@_exported import INJReflection
