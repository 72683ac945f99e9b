/// Finds the registered name closest to a mistyped one: the rule of every "Did you
/// mean" of the package (test support uses it too).
package enum Suggestion {
  /// The candidate closest to `name` by Damerau-Levenshtein distance (a swap of
  /// two adjacent characters is one edit), when it is at most
  /// `max(1, name.count / 3)` edits away; ties go to the earliest candidate.
  package static func closest(
    to name: String, among candidates: some Sequence<String>
  ) -> String? {
    let target = Array(name)
    let limit = max(1, target.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let bound = min(limit, (best?.distance ?? limit + 1) - 1)
      guard bound >= 1 else { break }
      if let distance = distance(target, Array(candidate), atMost: bound) {
        best = (candidate, distance)
        if distance == 0 { break }
      }
    }
    return best?.name
  }

  /// The optimal-string-alignment distance between `a` and `b`, or nil when it
  /// exceeds `bound`.
  static func distance(_ a: [Character], _ b: [Character], atMost bound: Int) -> Int? {
    let n = a.count
    let m = b.count
    if abs(n - m) > bound { return nil }
    // Against an empty string, the distance is the other's length, within the bound.
    guard n > 0, m > 0 else { return max(n, m) }
    var beforePrevious = [Int](repeating: 0, count: m + 1)
    var previous = Array(0...m)
    var current = [Int](repeating: 0, count: m + 1)
    for i in 1...n {
      current[0] = i
      var rowMinimum = i
      for j in 1...m {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, beforePrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > bound { return nil }
      swap(&beforePrevious, &previous)
      swap(&previous, &current)
    }
    return previous[m] <= bound ? previous[m] : nil
  }
}
