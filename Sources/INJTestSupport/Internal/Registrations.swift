import INJContainer

extension Container {
  /// Whether `name` resolves to a registration here: registered (in production,
  /// copied from it, or by the test), overridden, or the provider closure of a
  /// registered name. A name registered twice, or colliding with a provider-closure
  /// name, counts as registered: resolving it fails for that reason, not because it
  /// is unknown.
  func isRegistered(_ name: String) -> Bool {
    switch registeredDependencies(ofName: name) {
    case .success:
      return true
    case .failure(let error):
      switch error.reason {
      case .unknownName, .blankName: return false
      default: return true
      }
    }
  }

  /// The registered name closest to the unregistered `name`, if one is close.
  ///
  /// - Parameters:
  ///   - name: A name that is not registered.
  ///   - added: The names the test added, in the order it added them.
  ///   - providerClosures: Whether the provider-closure name `fooProvider` of each
  ///     registered `foo` may be suggested too.
  /// - Returns: The suggestion, or nil when no registered name is close.
  func closestRegisteredName(
    to name: String, added: [String], providerClosures: Bool
  ) -> String? {
    // Registration order: what the container registers, then what the test added,
    // then what it holds as overrides only (copied from another test container).
    var seen = Set<String>()
    var candidates: [String] = []
    for registered in registeredNames + added + overriddenNames
    where !registered.allSatisfy(\.isWhitespace) && seen.insert(registered).inserted {
      candidates.append(registered)
      if providerClosures, seen.insert(registered + "Provider").inserted {
        candidates.append(registered + "Provider")
      }
    }
    return NameSuggestion.closest(to: name, among: candidates)
  }
}

/// The closeness rule of the container's own "Did you mean" suggestions, for the
/// names a test container checks.
enum NameSuggestion {
  /// The candidate nearest to `name` by Damerau-Levenshtein distance (each
  /// insertion, deletion, substitution, or swap of two adjacent characters is one
  /// edit), when it is at most `max(1, name.count / 3)` edits away; of equally near
  /// candidates, the first.
  static func closest(to name: String, among candidates: [String]) -> String? {
    let typed = Array(name)
    let limit = max(1, typed.count / 3)
    var nearest: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let letters = Array(candidate)
      guard abs(letters.count - typed.count) <= limit else { continue }
      let distance = editDistance(typed, letters)
      if distance <= limit, distance < nearest?.distance ?? .max {
        nearest = (candidate, distance)
      }
    }
    return nearest?.name
  }

  /// The number of edits turning `source` into `target`, where an edit inserts,
  /// deletes or replaces a character, or swaps two adjacent ones (no character is
  /// edited twice).
  static func editDistance(_ source: [Character], _ target: [Character]) -> Int {
    guard !source.isEmpty else { return target.count }
    guard !target.isEmpty else { return source.count }
    // Three rows of the table: distances from source prefixes of length row - 2,
    // row - 1 and row to every target prefix.
    var twoRowsUp = [Int](repeating: 0, count: target.count + 1)
    var rowUp = Array(0...target.count)
    var row = [Int](repeating: 0, count: target.count + 1)
    for i in 1...source.count {
      row[0] = i
      for j in 1...target.count {
        let replaced = rowUp[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
        var best = min(replaced, rowUp[j] + 1, row[j - 1] + 1)
        if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
          best = min(best, twoRowsUp[j - 2] + 1)
        }
        row[j] = best
      }
      (twoRowsUp, rowUp, row) = (rowUp, row, twoRowsUp)
    }
    return rowUp[target.count]
  }
}
