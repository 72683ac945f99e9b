import Foundation
import TestUtilities
import Testing

/// The README's pictures of the pocket-forecast example are its own output: the Mermaid block
/// is exactly what `pocket-forecast --graph mermaid` prints, and the committed SVG (rendered
/// from `--graph dot` by Scripts/render-graph.sh) names every node that the DOT text has.
@Suite("The example's graph in the README")
struct ExampleGraphTests {
  /// Runs the built example with a throwaway data folder and returns what it printed.
  func graph(_ format: String) throws -> String {
    let data = FileManager.default.temporaryDirectory
      .appendingPathComponent("DocumentationTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: data) }
    let output = data.appendingPathComponent("graph")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }

    let process = Process()
    process.executableURL = try builtExecutable(named: "pocket-forecast")
    process.arguments = ["--data-dir", data.path, "--graph", format]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return try textOfFile(at: output)
  }

  @Test func theMermaidBlockIsTheExamplesOutput() throws {
    let shown = try Markdown.blocks("mermaid", in: "README.md")
    #expect(shown == [try graph("mermaid")])
  }

  @Test func thePictureShowsEveryNodeOfTheDOTText() throws {
    let dot = try graph("dot")
    let svg = try String(
      contentsOf: Markdown.packageRoot.appendingPathComponent(
        "Docs/Images/pocket-forecast-graph.svg"),
      encoding: .utf8)
    let labels = dot.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: "label=\"") else { return nil }
      return String(line[start.upperBound...].prefix { $0 != "\"" })
    }
    #expect(labels.count == 13)
    for label in labels {
      #expect(svg.contains(">\(label)</text>"), "The SVG has no node '\(label)'.")
    }
    let dashed = dot.split(separator: "\n").filter { $0.contains("style=\"dashed\"") }.count
    #expect(
      svg.components(separatedBy: "stroke-dasharray").count - 1 == dashed,
      "Run Scripts/render-graph.sh to redraw the picture.")
  }
}
