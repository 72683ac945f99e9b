import Foundation
import Testing

/// The documentation cannot drift from the code: every Swift block of the README and of
/// the articles is compiled and run by this target.
@Suite("Documentation drift")
struct DocumentationDriftTests {
  /// The sources of this target, white space normalized, in one string.
  static func compiledSamples() throws -> String {
    let folder = Markdown.testSources
    let files =
      FileManager.default.enumerator(atPath: folder.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
    return try files.map {
      Markdown.normalized(
        try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
    }.joined(separator: "\n")
  }

  @Test func everySwiftBlockIsCompiledByThisTarget() throws {
    let samples = try Self.compiledSamples()
    var checked = 0
    for document in try Markdown.checkedDocuments() {
      for block in try Markdown.blocks(in: document)
      where block.language == "swift" && !block.isMarkedNotCompiled {
        checked += 1
        if !samples.contains(Markdown.normalized(block.code)) {
          Issue.record(
            """
            The Swift block at \(document.lastPathComponent):\(block.line) is not in \
            Tests/DocumentationTests. Copy it into a test that compiles and runs it, or mark \
            it <!-- not compiled --> if it is a fragment.
            """)
        }
      }
    }
    #expect(checked > 0)
  }

  /// Prose quotes expressions too, such as `Key<any Forecasting>.forecaster.name`; one
  /// that names a member of one of the package's types must be compiled like the blocks,
  /// or it can stop compiling unnoticed (a span is not a block).
  // Regex: macOS 13 and iOS 16 on, above the package's minimums.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func everyInlineExpressionOnAPackageTypeIsCompiledByThisTarget() throws {
    let samples = try Self.compiledSamples()
    let types = try Self.publicTypeNames()
    let expression = /^([A-Z][A-Za-z0-9]*)(<[^`]*>)?(\.[a-z][A-Za-z0-9]*)+$/
    var checked = 0
    for document in try Markdown.checkedDocuments() {
      for span in try Markdown.inlineCode(in: document) {
        guard let match = span.code.wholeMatch(of: expression),
          types.contains(String(match.output.1))
        else { continue }
        checked += 1
        if !samples.contains(Markdown.normalized(span.code)) {
          Issue.record(
            """
            The expression `\(span.code)` at \(document.lastPathComponent):\(span.line) is \
            not in Tests/DocumentationTests. Use it in a test so that it is compiled.
            """)
        }
      }
    }
    #expect(checked > 0)
  }

  /// The names of the public types the package's modules declare.
  static func publicTypeNames() throws -> Set<String> {
    let sources = Markdown.packageRoot.appendingPathComponent("Sources")
    let files =
      FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    let declaration = /public (?:final )?(?:class|struct|enum|protocol) ([A-Z][A-Za-z0-9]*)/
    var names = Set<String>()
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: declaration) {
        names.insert(String(match.output.1))
      }
    }
    return names
  }

  @Test func everyCodeBlockNamesItsLanguage() throws {
    for document in try Markdown.checkedDocuments() {
      for block in try Markdown.blocks(in: document) {
        #expect(
          !block.language.isEmpty,
          "The block at \(document.lastPathComponent):\(block.line) has no language.")
      }
    }
  }
}
