/// Escaping of user text for the drawing formats.
///
/// Each function appends to an output string.
enum TextEscaping {
  /// DOT double-quoted strings: quotes and backslashes escaped, line breaks as `\n`, carriage
  /// returns dropped. Graphviz shows the original text in labels. YAML double-quoted strings,
  /// for Mermaid front matter, escape the same.
  private static let dot: [Unicode.Scalar: String] = [
    "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "",
  ]

  /// Mermaid labels: the characters Mermaid would interpret as its entity codes, line breaks
  /// as `<br>`, carriage returns dropped.
  private static let mermaid: [Unicode.Scalar: String] = [
    "\"": "#quot;", "#": "#35;", "&": "#amp;", "<": "#lt;", ">": "#gt;", "\\": "#92;",
    "`": "#96;", "\n": "<br>", "\r": "",
  ]

  /// The DOT keywords, which must be quoted to be used as identifiers.
  private static let dotKeywords: Set<String> = [
    "node", "edge", "graph", "digraph", "subgraph", "strict",
  ]

  /// Appends a DOT double-quoted string.
  static func appendDotQuoted(_ text: String, to output: inout String) {
    appendQuoted(text, rules: dot, to: &output)
  }

  /// Appends a DOT identifier: bare when it is a plain name other than a keyword, quoted
  /// otherwise.
  static func appendDotIdentifier(_ text: String, to output: inout String) {
    if isPlainName(text) && !dotKeywords.contains(text.lowercased()) {
      output += text
    } else {
      appendDotQuoted(text, to: &output)
    }
  }

  /// Appends a Mermaid label in double quotes.
  static func appendMermaidQuoted(_ text: String, to output: inout String) {
    appendQuoted(text, rules: mermaid, to: &output)
  }

  /// Appends a YAML double-quoted string.
  static func appendYAMLQuoted(_ text: String, to output: inout String) {
    appendQuoted(text, rules: dot, to: &output)
  }

  /// Text usable inside a Mermaid `style` statement: commas, semicolons and line breaks
  /// removed, since Mermaid cannot escape them there.
  static func mermaidStyleText(_ text: String) -> String {
    String(text.unicodeScalars.filter { !",;\n\r".unicodeScalars.contains($0) })
  }

  /// Appends `text` in double quotes, with the special characters of `rules` replaced.
  private static func appendQuoted(
    _ text: String, rules: [Unicode.Scalar: String], to output: inout String
  ) {
    output += "\""
    for scalar in text.unicodeScalars {
      if let replacement = rules[scalar] {
        output += replacement
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// Whether a text is an ASCII letter or underscore followed by letters, digits or underscores.
  private static func isPlainName(_ text: String) -> Bool {
    guard let first = text.utf8.first, !isDigit(first) else { return false }
    return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
