import INJPrimitives
import INJReflection

/// A hash table from names to slots that any number of threads read without a
/// lock while one writer at a time adds names.
///
/// Entries are never removed. A reader probes the buffer it loaded; when the
/// writer grows the table it publishes a new buffer and keeps the old one alive
/// until the table is released, so a reader never touches freed memory (it may
/// miss a name added after it started, as if it had looked a moment earlier).
final class NameTable: @unchecked Sendable {
  // `buffer` is atomic and read by any thread. The other properties are touched
  // only by writers, which the owning container serialises with its registry lock
  // (every mutating method says so). So no two accesses to them ever overlap, and
  // they skip the run-time exclusivity check (`@exclusivity(unchecked)`), which
  // costs a registration about a tenth of its time.
  private let buffer = AtomicWords()
  @exclusivity(unchecked) private var strong: Buffer
  @exclusivity(unchecked) private var retired: [Buffer] = []
  /// Every slot, by id.
  @exclusivity(unchecked) private(set) var slots: [NameSlot] = []
  /// How many slots have names that are empty or only white space (each slot knows
  /// whether it is one). A count rather than a set of ids: a `Set<Int32>` made the
  /// runtime scan every conformance record, to find `Int32`'s `Hashable`, at the
  /// first check of a process.
  @exclusivity(unchecked) private(set) var blankSlotCount = 0
  /// The slots of provider-closure names whose base name has no slot yet, by base
  /// name: linked to the base's slot when it is made.
  @exclusivity(unchecked) private var closureSlotsAwaitingBase: [String: NameSlot] = [:]

  init() {
    let initial = Buffer(capacity: 64)
    strong = initial
    // Before the table is shared: any ordering does.
    buffer[0].storeReference(Unretained(initial), ordering: .relaxed)
  }

  /// The slot for `name`, if the name is known. Safe from any thread.
  @inline(__always)
  func slot(named name: String, hash: Int) -> Unretained<NameSlot>? {
    // Never nil: `init` stores the first buffer and growing stores each next one.
    buffer[0].loadReference(ordering: .acquiring, as: Buffer.self)!.read {
      $0.find(name, hash: hash)
    }
  }

  /// The slot for `name`, created if new. Call with the registry lock held.
  func internSlot(named name: String) -> NameSlot {
    let hash = name.hashValue
    if let existing = slot(named: name, hash: hash) {
      return existing.retained
    }
    let slot = NameSlot(name: name, hash: hash, id: Int32(slots.count))
    slots.append(slot)
    if slot.isBlank {
      blankSlotCount += 1
    }
    link(slot)
    if slots.count * 2 > strong.capacity {
      let grown = Buffer(capacity: strong.capacity * 2)
      for existing in slots {
        grown.insert(existing)
      }
      retired.append(strong)
      strong = grown
      buffer[0].storeReference(Unretained(grown), ordering: .releasing)
    } else {
      strong.insert(slot)
    }
    return slot
  }

  /// Links a new slot with its provider-closure slot or its base name's slot, in
  /// whichever order the two names come. Call with the registry lock held.
  private func link(_ slot: NameSlot) {
    if !closureSlotsAwaitingBase.isEmpty,
      let closureSlot = closureSlotsAwaitingBase.removeValue(forKey: slot.name)
    {
      slot.setClosureSlot(closureSlot)
    }
    guard let base = slot.baseName else { return }
    if let baseSlot = self.slot(named: base, hash: base.hashValue) {
      baseSlot.retained.setClosureSlot(slot)
    } else {
      closureSlotsAwaitingBase[base] = slot
    }
  }

  /// An open-addressing array of slot pointers; the table keeps the slots alive.
  final class Buffer {
    let capacity: Int
    private let mask: Int
    private let entries: AtomicWords

    init(capacity: Int) {
      self.capacity = capacity
      mask = capacity - 1
      entries = AtomicWords(count: capacity)
    }

    @inline(__always)
    func find(_ name: String, hash: Int) -> Unretained<NameSlot>? {
      var index = hash & mask
      while let entry = entries[index].loadReference(ordering: .acquiring, as: NameSlot.self) {
        let matches = entry.read { $0.hash == hash && $0.name == name }
        if matches { return entry }
        index = (index &+ 1) & mask
      }
      return nil
    }

    /// Adds a slot; the caller has checked it is absent and that there is room.
    func insert(_ slot: NameSlot) {
      var index = slot.hash & mask
      while entries[index].loadReference(ordering: .relaxed, as: NameSlot.self) != nil {
        index = (index &+ 1) & mask
      }
      entries[index].storeReference(Unretained(slot), ordering: .releasing)
    }
  }
}
