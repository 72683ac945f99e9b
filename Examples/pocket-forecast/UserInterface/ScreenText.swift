/// Draws a screen as text: a title bar, the content and the notes, between rules, in the
/// characters of a theme.
///
/// ```
/// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
/// Your cities                         Clouds over the city
/// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
/// * Madrid
/// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
/// Added Madrid.
/// ```
enum ScreenText {
  /// The width of the rules, in characters.
  static let width = 56

  /// The screen's text, each line ending with a line break.
  ///
  /// - Parameters:
  ///   - title: Shown on the left of the title bar; the theme's name is on the right.
  ///   - lines: The content.
  ///   - notes: Shown below the closing rule.
  ///   - theme: The theme.
  /// - Returns: The text.
  static func draw(title: String, lines: [String], notes: [String], theme: Theme) -> String {
    let rule = String(repeating: theme.rule, count: width)
    var text = [rule, pad(title, width - theme.name.count - 1) + " " + theme.name, rule]
    text += lines
    text.append(rule)
    text += notes
    return text.map { $0 + "\n" }.joined()
  }

  /// `text` padded with spaces to `width` characters, on the right, or on the left when
  /// `alignRight`.
  ///
  /// - Parameters:
  ///   - text: The text; it is never cut.
  ///   - width: The width to fill.
  ///   - alignRight: Whether the text goes on the right.
  /// - Returns: The padded text.
  static func pad(_ text: String, _ width: Int, alignRight: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return alignRight ? padding + text : text + padding
  }
}
