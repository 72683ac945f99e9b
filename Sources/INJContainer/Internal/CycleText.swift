/// The one way a cycle of names is shown, by ``Container/checkForErrors()`` and by
/// a resolution that runs into it: the same closed path and the same fix.
enum CycleText {
  /// A closed path (`[b, c, a, b]`) rotated to start at its smallest name in `String`
  /// order (`[a, b, c, a]`), so that one cycle always reads the same, wherever it was
  /// entered.
  static func normalized(_ cycle: [String]) -> [String] {
    guard cycle.count > 1 else { return cycle }
    let members = cycle.dropLast()
    let start = members.indices.min { members[$0] < members[$1] } ?? members.startIndex
    let rotated = Array(members[start...] + members[..<start])
    return rotated + [rotated[0]]
  }

  /// `a → b → a`, or with the site of each member, `a (App/A.swift:3) → b
  /// (App/B.swift:9) → a`.
  static func chain(_ cycle: [String], sites: [RegistrationSite]? = nil) -> String {
    guard let sites, sites.count == cycle.count - 1 else {
      return cycle.joined(separator: " → ")
    }
    let members = zip(cycle, sites).map { "\($0) (\($1))" }
    return (members + [cycle.last ?? ""]).joined(separator: " → ")
  }

  /// How to break a cycle given as a normalized closed path: the edge back to its
  /// first name becomes a provider closure.
  static func fix(_ cycle: [String]) -> String {
    guard cycle.count >= 2 else { return "" }
    let first = cycle[0]
    let closing = cycle[cycle.count - 2]
    return
      "Break the cycle by depending on '\(first)Provider' instead of '\(first)' in "
      + "'\(closing)'."
  }
}
