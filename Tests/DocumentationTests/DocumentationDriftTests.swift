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
