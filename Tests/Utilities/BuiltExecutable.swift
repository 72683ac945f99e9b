public import Foundation

/// The package's built executable of that name: next to the test product, where
/// `swift build` and `swift test` put every product of the package, or in the
/// package's default debug folder.
///
/// - Parameter name: The executable product, such as `"pocket-forecast"`.
/// - Returns: Its file URL.
/// - Throws: ``ExecutableNotBuilt`` when no such executable exists.
public func builtExecutable(named name: String) throws -> URL {
  var folders: [URL] = []
  // On Linux the test product is an executable in the products folder.
  if let testRunner = Bundle.main.executableURL {
    folders.append(testRunner.deletingLastPathComponent())
  }
  #if canImport(Darwin)
  // On Apple platforms it is a bundle in the products folder, loaded by a runner that
  // lives elsewhere. (Elsewhere, listing the bundles leaks an array in Foundation,
  // which LeakSanitizer reports.)
  for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
    folders.append(bundle.bundleURL.deletingLastPathComponent())
  }
  #endif
  // Last, the package's default debug build folder, found from this file's path.
  let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  folders.append(packageRoot.appendingPathComponent(".build/debug"))
  for folder in folders {
    let url = folder.appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: url.path) {
      return url
    }
  }
  throw ExecutableNotBuilt(name: name, searched: folders)
}

/// The executable a test needs was not built.
public struct ExecutableNotBuilt: Error, CustomStringConvertible {
  /// The executable's name.
  public var name: String
  /// The folders searched.
  public var searched: [URL]

  /// Says which executable is missing, where it was looked for, and what to do.
  public var description: String {
    "No built '\(name)' in \(searched.map(\.path).joined(separator: ", ")). "
      + "Run 'swift build' first."
  }
}

/// The whole text of a file, read through a file handle: `Data(contentsOf:)` leaks its
/// buffer when reading what a child process wrote, which LeakSanitizer reports.
///
/// - Parameter url: The file.
/// - Returns: Its contents as UTF-8 text.
/// - Throws: When the file cannot be opened or read.
public func textOfFile(at url: URL) throws -> String {
  let handle = try FileHandle(forReadingFrom: url)
  defer { try? handle.close() }
  return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
}
