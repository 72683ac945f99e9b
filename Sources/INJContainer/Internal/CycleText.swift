import INJReflection

/// The one way a cycle of names is shown, by ``Container/checkForErrors()`` and by
/// a resolution that runs into it: the same closed path and the same fix.
package enum CycleText {
  /// A closed path (`[b, c, a, b]`) rotated to start at its smallest name in `String`
  /// order (`[a, b, c, a]`), so that one cycle always reads the same, wherever it was
  /// entered.
  package static func normalized(_ cycle: [String]) -> [String] {
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
  /// first name becomes a provider closure, and so does the `@Inject` property
  /// (`property`, its declaration) that edge filled, if any.
  static func fix(_ cycle: [String], property: String? = nil) -> String {
    guard cycle.count >= 2 else { return "" }
    let first = cycle[0]
    let closing = cycle[cycle.count - 2]
    return
      "Break the cycle by depending on '\(first)Provider' instead of '\(first)' in '\(closing)'"
      + (property.map { ", and declare its property as `\($0)`." } ?? ".")
  }

  /// The declaration the fix of a normalized cycle asks for: when the product of the
  /// edge's dependent has an `@Inject` property named after the edge's dependency,
  /// that property must hold the dependency's provider closure instead, or it stays
  /// nil (`@Inject var accountProvider: (@MainActor () -> Account)?`).
  static func property(
    fixing cycle: [String], lookup: (String) -> Registration?
  ) -> String? {
    guard cycle.count >= 2,
      let dependent = lookup(cycle[cycle.count - 2])?.provider,
      !dependent.options.contains(.manualInit),
      let offer = lookup(cycle[0])?.closureOffer,
      PropertyInjector.injectProperties(of: dependent.productType)?.contains(where: {
        $0.name == cycle[0]
      }) == true
    else { return nil }
    return "@Inject var \(cycle[0])Provider: (\(offer.closureType))?"
  }
}
