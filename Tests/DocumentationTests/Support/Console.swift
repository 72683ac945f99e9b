import Foundation
import Testing

/// Collects what a documentation sample prints, so a test can compare it with the output
/// the documentation shows.
final class Console: @unchecked Sendable {
  // Sendable because `lines` is only read and written with `lock` held.
  private var lines = ""
  private let lock = NSLock()

  /// Everything printed so far.
  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }

  func write(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    lines += text
  }
}

/// A suite whose samples print to a ``Console``: inside its methods, `print` is this one,
/// with the standard library's signature.
protocol PrintingSample {
  var console: Console { get }
}

extension PrintingSample {
  func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    console.write(items.map { String(describing: $0) }.joined(separator: separator) + terminator)
  }
}

extension PrintingSample {
  /// Checks that the document at `path` (from the package root) shows exactly what the
  /// sample printed, as one `text` block.
  func expectPrintedOutputShown(
    in path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let printed = console.text
    do {
      let shown = try Markdown.blocks("text", in: path)
      #expect(
        shown.contains(printed),
        "\(path) shows no text block with what the sample printed:\n\(printed)",
        sourceLocation: sourceLocation)
    } catch {
      Issue.record(error, sourceLocation: sourceLocation)
    }
  }
}
