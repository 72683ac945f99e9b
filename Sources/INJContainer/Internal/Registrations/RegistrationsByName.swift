/// The registrations of each name made in one container, by slot id, in
/// registration order.
///
/// Most names are registered once, so a name's first registration sits in an array
/// indexed by slot id and only the later ones (duplicates, contributions to a
/// collection) in a dictionary: registering a name costs no hashing and no array of
/// its own.
struct RegistrationsByName {
  /// The first registration of each name, by slot id; nil for a name not registered.
  private var firsts: [Registration?] = []
  /// The second and later registrations of each name that has several.
  private var others: [Int32: [Registration]] = [:]

  /// The registrations of the name with slot id `id`.
  subscript(id: Int32) -> NameRegistrations {
    let index = Int(id)
    guard index < firsts.count, let first = firsts[index] else {
      return NameRegistrations(first: nil, others: [])
    }
    return NameRegistrations(first: first, others: others.isEmpty ? [] : others[id] ?? [])
  }

  /// Records one more registration of the name with slot id `id`.
  mutating func append(_ registration: Registration, to id: Int32) {
    let index = Int(id)
    // Slot ids grow by one or two per registration: a loop, not a generic append.
    while firsts.count <= index {
      firsts.append(nil)
    }
    if firsts[index] == nil {
      firsts[index] = registration
    } else {
      others[id, default: []].append(registration)
    }
  }
}

/// The registrations of one name, in registration order.
struct NameRegistrations: RandomAccessCollection {
  fileprivate let first: Registration?
  fileprivate let others: [Registration]

  var startIndex: Int { 0 }
  var endIndex: Int { first == nil ? 0 : 1 + others.count }

  subscript(position: Int) -> Registration {
    position == 0 ? first! : others[position - 1]
  }
}
