/// What ``Container/checkForErrors()`` needs of every registration, in flat arrays
/// kept in registration order.
///
/// A check then reads a few contiguous arrays instead of visiting each
/// registration object, so its cost per registration stays nearly the same from a
/// thousand registrations to a million.
struct ValidationIndex {
  struct Flags: OptionSet {
    let rawValue: UInt16

    /// Registered as a provider (valid or not).
    static let provider = Flags(rawValue: 1 << 0)
    /// A singleton or weak singleton: it keeps what it depends on.
    static let shared = Flags(rawValue: 1 << 1)
    /// Made as an override.
    static let override = Flags(rawValue: 1 << 2)
    /// `.manualInit`: its product's properties are not injected.
    static let manualInit = Flags(rawValue: 1 << 3)
    /// The name ends in `Provider` after a non-blank base.
    static let providerClosureName = Flags(rawValue: 1 << 4)
    /// Registered with more than one scope: reported as such.
    static let conflictingScopes = Flags(rawValue: 1 << 5)
    /// A provider that lists a dependency as a key (typed wiring, or `.key(_:)`), whose
    /// type the check compares with the name's registration.
    static let keyed = Flags(rawValue: 1 << 6)
    /// A provider that depends on a provider closure (a name ending in `Provider` after
    /// a non-blank base): its product may have closure properties to check.
    static let closureDependency = Flags(rawValue: 1 << 7)
  }

  /// The registrations, overrides included.
  private(set) var entries: [Registration] = []
  /// The slot id of each entry's name.
  private(set) var slotIDs: [Int32] = []
  private(set) var flags: [Flags] = []
  /// Where each entry's dependencies end in `dependencyIDs`; they start where the
  /// previous entry's end.
  private(set) var dependencyEnds: [Int32] = []
  /// The slot ids of every entry's dependencies, one entry after another.
  private(set) var dependencyIDs: [Int32] = []
  /// The product type each entry declares.
  private(set) var productTypes: [Any.Type] = []

  var count: Int { entries.count }

  /// The dependency ids of entry `index`.
  func dependencies(of index: Int) -> ArraySlice<Int32> {
    let start = index == 0 ? 0 : Int(dependencyEnds[index - 1])
    return dependencyIDs[start..<Int(dependencyEnds[index])]
  }

  /// Indexes a registration, whose name has `slot`.
  mutating func append(_ registration: Registration, slot: NameSlot, isOverride: Bool) {
    var entryFlags: Flags = isOverride ? .override : []
    if let provider = registration.registeredProvider {
      entryFlags.insert(.provider)
      if provider.scope.isShared { entryFlags.insert(.shared) }
      if provider.options.contains(.manualInit) { entryFlags.insert(.manualInit) }
      if provider.dependencyKeyTypes != nil { entryFlags.insert(.keyed) }
      // A loop: appending a lazy map went through the generic sequence copy.
      for dependency in provider.dependencySlots {
        dependencyIDs.append(dependency.id)
        if dependency.baseName != nil { entryFlags.insert(.closureDependency) }
      }
    }
    if slot.baseName != nil { entryFlags.insert(.providerClosureName) }
    if case .conflictingScopes = registration.problem { entryFlags.insert(.conflictingScopes) }
    entries.append(registration)
    slotIDs.append(registration.slotID)
    flags.append(entryFlags)
    dependencyEnds.append(Int32(dependencyIDs.count))
    productTypes.append(registration.productType)
  }
}
