import Foundation

/// The documentation files of the package, read from the checkout this test was built from.
enum Markdown {
  /// The package's root folder.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The folder of this test target's sources.
  static let testSources = packageRoot.appendingPathComponent("Tests/DocumentationTests")

  /// The documents whose Swift code blocks must all be compiled by this target: the README
  /// and every page of the catalogs whose samples live here.
  static func checkedDocuments() throws -> [URL] {
    let catalogs = [
      "Sources/INJContainer/INJContainer.docc", "Sources/Injineer/Injineer.docc",
      "Sources/INJReflection/INJReflection.docc", "Sources/INJTestSupport/INJTestSupport.docc",
    ]
    var documents = [packageRoot.appendingPathComponent("README.md")]
    for catalog in catalogs {
      let folder = packageRoot.appendingPathComponent(catalog)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      documents += names.filter { $0.hasSuffix(".md") }.sorted().map {
        folder.appendingPathComponent($0)
      }
    }
    return documents
  }

  /// A fenced code block of a Markdown file.
  struct Block: Equatable {
    /// The language after the opening fence, such as `swift` or `text`.
    var language: String
    /// The lines between the fences, joined with newlines, with a final newline.
    var code: String
    /// Whether the line before the opening fence is `<!-- not compiled -->`.
    var isMarkedNotCompiled: Bool
    /// The line of the opening fence, counting from 1.
    var line: Int
  }

  /// Every fenced code block of a file, in order.
  static func blocks(in url: URL) throws -> [Block] {
    let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      guard line.hasPrefix("```") else {
        index += 1
        continue
      }
      let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
      let marked =
        index > 0
        && lines[index - 1].trimmingCharacters(in: .whitespaces) == "<!-- not compiled -->"
      var code: [String] = []
      var end = index + 1
      while end < lines.count, !lines[end].hasPrefix("```") {
        code.append(lines[end])
        end += 1
      }
      blocks.append(
        Block(
          language: language, code: code.map { $0 + "\n" }.joined(), isMarkedNotCompiled: marked,
          line: index + 1))
      index = end + 1
    }
    return blocks
  }

  /// Every inline code span (`` `like this` ``) of a file's prose, outside fenced blocks,
  /// with its line.
  static func inlineCode(in url: URL) throws -> [(code: String, line: Int)] {
    let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    var spans: [(code: String, line: Int)] = []
    var isInBlock = false
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") {
        isInBlock.toggle()
        continue
      }
      guard !isInBlock else { continue }
      // Double backticks open symbol links (``Container``), which DocC checks itself.
      let parts = line.replacingOccurrences(of: "``", with: "\u{0}").split(
        separator: "`", omittingEmptySubsequences: false)
      for (position, part) in parts.enumerated() where position % 2 == 1 {
        spans.append((String(part), index + 1))
      }
    }
    return spans
  }

  /// The blocks of one language in a file given by its path from the package root.
  static func blocks(_ language: String, in path: String) throws -> [String] {
    try blocks(in: packageRoot.appendingPathComponent(path)).filter { $0.language == language }
      .map(\.code)
  }

  /// The text without its white space, so that code compares equal however it is indented
  /// and wrapped.
  static func normalized(_ text: String) -> String {
    String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
  }
}
