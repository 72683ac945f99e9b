/// How the screens look: the original app's four themes, drawn in text.
///
/// The container holds ``all`` as the instance `themes`; the `theme` provider picks this
/// launch's theme from it (see ``ThemeFactory``).
struct Theme: Sendable, Equatable {
  /// The theme's name, shown in every screen's title bar.
  let name: String
  /// The character of the rules above and below each screen.
  let rule: Character
  /// The mark in front of each list entry.
  let bullet: Character

  /// The four themes, in the order launches go through them.
  static let all = [
    Theme(name: "Clouds over the city", rule: "~", bullet: "*"),
    Theme(name: "Lights in the rain", rule: ":", bullet: "o"),
    Theme(name: "Beach", rule: "=", bullet: ">"),
    Theme(name: "Sunset over the city", rule: "-", bullet: "+"),
  ]
}

/// Picks each launch's theme: the next one in turn, remembered in the user defaults.
struct ThemeFactory {
  /// The key of the next theme's index in the user defaults.
  static let nextThemeKey = "theme.next"

  let themes: [Theme]
  let userDefaults: KeyValueStore

  /// This launch's theme; the next call, in this launch or the next, gets the next one.
  ///
  /// In a data directory the app may only read, the turn is not stored, and every launch
  /// there shows the same theme: the turn is a nicety, and a command that only reads (a
  /// list, a stored report) must not fail for want of it.
  ///
  /// - Returns: The theme whose turn it is.
  /// - Throws: ``AppError/internal(_:)`` when there are no themes,
  ///   ``AppError/data(_:)`` when the stored turn is not a whole number, and
  ///   ``AppError/io(_:)`` when the turn cannot be stored in a writable directory.
  func sequentialTheme() throws(AppError) -> Theme {
    guard !themes.isEmpty else {
      throw .internal("There are no themes to choose from. Register at least one in 'themes'.")
    }
    // A stored index out of range (an edited file, fewer themes than before) wraps around.
    let stored = try userDefaults.integer(forKey: Self.nextThemeKey) ?? 0
    let index = (stored % themes.count + themes.count) % themes.count
    if userDefaults.isWritable {
      try userDefaults.set(.integer((index + 1) % themes.count), forKey: Self.nextThemeKey)
    }
    return themes[index]
  }
}
