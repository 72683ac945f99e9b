/// Escaping of user text for the drawing formats.
///
/// Each function appends to an output string.
enum TextEscaping {
  /// DOT double-quoted strings: quotes and backslashes escaped, line breaks as `\n`, carriage
  /// returns dropped. Graphviz shows the original text in labels. YAML double-quoted strings,
  /// for Mermaid front matter, escape the same.
  static let dot: [Unicode.Scalar: String] = [
    "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "",
  ]

  /// Mermaid labels: the characters Mermaid would interpret as its entity codes, line breaks
  /// as `<br>`, carriage returns dropped.
  static let mermaid: [Unicode.Scalar: String] = [
    "\"": "#quot;", "#": "#35;", "&": "#amp;", "<": "#lt;", ">": "#gt;", "\\": "#92;",
    "`": "#96;", "\n": "<br>", "\r": "",
  ]

  /// The DOT keywords, which must be quoted to be used as identifiers.
  private static let dotKeywords: Set<String> = [
    "node", "edge", "graph", "digraph", "subgraph", "strict",
  ]

  /// Appends `text` in double quotes, with the special characters of `rules` (``dot`` or
  /// ``mermaid``) replaced.
  static func appendQuoted(
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

  /// Appends a DOT identifier: bare when it is a plain name (an ASCII letter or underscore
  /// followed by letters, digits or underscores) other than a keyword, quoted otherwise.
  static func appendDotIdentifier(_ text: String, to output: inout String) {
    let isPlainName =
      text.first?.isNumber == false
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    if isPlainName && !dotKeywords.contains(text.lowercased()) {
      output += text
    } else {
      appendQuoted(text, rules: dot, to: &output)
    }
  }

  /// Text usable inside a Mermaid `style` statement: commas, semicolons and line breaks
  /// removed, since Mermaid cannot escape them there.
  static func mermaidStyleText(_ text: String) -> String {
    String(text.unicodeScalars.filter { !",;\n\r".unicodeScalars.contains($0) })
  }
}
