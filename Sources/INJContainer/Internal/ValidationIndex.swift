/// What ``Container/checkForErrors()`` needs of every registration, in flat arrays
/// kept in registration order.
///
/// A check then reads a few contiguous arrays instead of visiting each
/// registration object, so its cost per registration stays nearly the same from a
/// thousand registrations to a million.
struct ValidationIndex {
  struct Flags: OptionSet {
    let rawValue: UInt8

    /// Registered as a provider (valid or not).
    static let provider = Flags(rawValue: 1 << 0)
    /// A singleton or weak singleton: it keeps what it depends on.
    static let shared = Flags(rawValue: 1 << 1)
    /// A valid transient or object-graph provider: shorter-lived than a shared one.
    static let shortLived = Flags(rawValue: 1 << 2)
    /// Made as an override.
    static let override = Flags(rawValue: 1 << 3)
    /// `.manualInit`: its product's properties are not injected.
    static let manualInit = Flags(rawValue: 1 << 4)
    /// The name is empty or only white space.
    static let blankName = Flags(rawValue: 1 << 5)
    /// The name ends in `Provider` after a non-blank base.
    static let providerClosureName = Flags(rawValue: 1 << 6)
    /// Registered with more than one scope: reported as such.
    static let conflictingScopes = Flags(rawValue: 1 << 7)
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

  mutating func append(_ registration: Registration, isOverride: Bool) {
    var entryFlags: Flags = []
    if registration.isProvider { entryFlags.insert(.provider) }
    if registration.scope.isShared { entryFlags.insert(.shared) }
    if registration.role == .provider, !registration.scope.isShared {
      entryFlags.insert(.shortLived)
    }
    if isOverride { entryFlags.insert(.override) }
    if registration.options.contains(.manualInit) { entryFlags.insert(.manualInit) }
    if registration.hasBlankName { entryFlags.insert(.blankName) }
    if Container.baseName(ofProviderClosure: registration.name) != nil {
      entryFlags.insert(.providerClosureName)
    }
    if case .conflictingScopes = registration.invalidReason {
      entryFlags.insert(.conflictingScopes)
    }
    entries.append(registration)
    slotIDs.append(registration.slotID)
    flags.append(entryFlags)
    dependencyIDs.append(contentsOf: registration.dependencySlotIDs)
    dependencyEnds.append(Int32(dependencyIDs.count))
    productTypes.append(registration.productType)
  }
}

/// A set of small non-negative integers, one bit each: a million fit in 128 KB, so
/// testing members at random stays in the processor's caches.
struct BitSet {
  private var words: [UInt64]

  /// An empty set for the integers below `count`.
  init(count: Int) {
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
  }

  subscript(member: Int) -> Bool {
    get { words[member >> 6] & (1 << UInt64(member & 63)) != 0 }
    set {
      if newValue {
        words[member >> 6] |= 1 << UInt64(member & 63)
      } else {
        words[member >> 6] &= ~(1 << UInt64(member & 63))
      }
    }
  }
}
