import INJPrimitives
/// Which classes conform to ``Injectable``, answered from one read of the program's
/// conformance records instead of one runtime query per class.
///
/// The runtime answers `type is any Injectable.Type` from a cache, but the first
/// time it meets a type it scans every conformance record of every loaded image:
/// about 15 µs per type in a program that links Foundation, and every product type
/// of an app meets it once, at its first creation. A cold start-up of 200 types
/// spent 3 ms there. The index reads the same records once, keeps the type
/// descriptors that conform to ``Injectable``, and then answers for a class by
/// looking up the descriptors of the class and its superclasses.
///
/// Where the records cannot give a certain answer, the index asks the runtime, so
/// the answer is always the runtime's:
/// - a conformance with conditions (`extension Box: Injectable where T: Api`) or
///   isolated to a global actor (`extension Model: @MainActor Injectable`): the
///   answer depends on the type's arguments or on where the question is asked;
/// - a record whose layout the index does not know, or sections of a version it
///   does not know: it then asks the runtime for every type;
/// - an image loaded after the last read (a plug-in opened with `dlopen`): its
///   sections are read before the next answer.
///
/// The records are the same on every platform; only finding each image's section
/// differs (``ConformanceSections``).
enum ConformanceIndex {
  /// How instances of a type are used as ``Injectable``.
  enum Conformance {
    /// The type does not conform.
    case none
    /// The type conforms, and the records gave its witness table.
    case witness(InjectableWitness)
    /// The type conforms; the runtime's cast makes the existential.
    case cast
  }

  /// How instances of `type` are used as ``Injectable``, if it conforms: conforming
  /// or not, the same answer as `type is any Injectable.Type`.
  ///
  /// - Complexity: O(*d*) for a class with *d* superclasses once the records are
  ///   read; the first call reads every record of every loaded image once.
  static func injectableConformance(of type: Any.Type) -> Conformance {
    // ``Injectable`` is class-bound: no other type can conform.
    guard let classType = type as? AnyClass else { return .none }
    guard FastPaths.readsConformanceRecords else {
      return runtimeAnswer(for: classType) ? .cast : .none
    }
    switch injectable.withLock({ $0.answer(for: classType) }) {
    case .conforms(let witness): return .witness(witness)
    case .conformsByCast: return .cast
    case .doesNotConform: return .none
    case .askTheRuntime: return runtimeAnswer(for: classType) ? .cast : .none
    }
  }

  /// The runtime's own answer, which scans the records the first time it meets a
  /// type.
  static func runtimeAnswer(for type: AnyClass) -> Bool {
    type is any Injectable.Type
  }

  /// The index of ``Injectable`` conformances, read on first use.
  static let injectable = Locked(ConformanceRecords())
}

/// The witness table of a class's ``Injectable`` conformance, taken from the
/// conformance records, which makes an instance of the class (or of a subclass) an
/// `any Injectable` without a runtime query: the runtime's cast scans every
/// conformance record the first time it meets a type, conforming or not.
///
/// Invariant: `table` is the witness table a conformance descriptor holds itself:
/// one of an unconditional, non-isolated conformance to ``Injectable`` whose flags
/// say the table is neither generic nor built at run time from resilient witnesses,
/// so the runtime's own cast pairs exactly that table with every instance of the
/// conforming class and its subclasses; a witness table starts with its
/// conformance descriptor, which is checked. An `any Injectable` is one object
/// reference followed by that table (`ClassExistentialContainer` in
/// `swift/Runtime/ExistentialContainer.h`), which ``injectable(_:)`` assembles; the
/// reference is copied, retained like any other.
struct InjectableWitness: @unchecked Sendable, Equatable {
  // `table` points at data the compiler wrote, never written at run time: safe to
  // share between threads.
  let table: UnsafeRawPointer

  /// `object` as an `any Injectable`. `object` must be an instance of the conforming
  /// class or a subclass of it.
  func injectable(_ object: AnyObject) -> any Injectable {
    unsafeBitCast((object, table), to: (any Injectable).self)
  }
}

/// What the index knows: the type descriptors that conform to ``Injectable``,
/// with or without conditions, and how many images it has read.
///
/// Invariant: `unconditional` and `conditional` hold exactly the conformances to
/// ``Injectable`` recorded in the first `imagesRead` images that
/// ``ConformanceSections`` lists, unless `unreadable` is set, and then nothing is
/// answered from them. The list only grows, so reading from `imagesRead` on finds
/// every image loaded since. Where pointers are signed (arm64e), the records' indirect
/// references may hold signed pointers that only the runtime can authenticate, so
/// the records are not read and every answer is the runtime's. Records are data the compiler wrote, in the layout of
/// `swift/ABI/Metadata.h`: each is found from an entry within the bounds of its
/// section, and its relative pointers are followed the way the runtime follows
/// them, directly or through the image's table of addresses.
///
/// Only used inside ``ConformanceIndex/injectable``'s lock.
struct ConformanceRecords {
  /// What the index answers for a class.
  enum Answer: Equatable {
    /// The class conforms, with this witness table.
    case conforms(InjectableWitness)
    /// The class conforms; the runtime's cast makes the existential (the runtime
    /// builds the witness table).
    case conformsByCast
    case doesNotConform
    case askTheRuntime
  }

  /// The conformance descriptor of each type descriptor whose conformance holds for
  /// every type it describes.
  private(set) var unconditional = DescriptorTable()
  /// Type descriptors whose conformance has conditions or an isolation (each with
  /// its conformance descriptor, unused).
  private(set) var conditional = DescriptorTable()
  /// How many of the runtime's images have been read.
  private(set) var imagesRead = 0
  /// Set when the records could not be read: every answer is the runtime's.
  private(set) var unreadable = !ConformanceSections.holdsPlainPointers
  /// ``Injectable``'s protocol descriptor, found on the first read.
  private var injectableProtocol: UnsafeRawPointer?

  /// The answer for `type`, reading images loaded since the last read first.
  mutating func answer(for type: AnyClass) -> Answer {
    readNewImages()
    guard !unreadable else { return .askTheRuntime }
    var current: AnyClass? = type
    while let level = current {
      guard let descriptor = TypeDescriptor.of(level) else {
        return .askTheRuntime
      }
      if let conformance = unconditional[descriptor] {
        guard let witness = InjectableWitness(conformance: conformance) else {
          return .conformsByCast
        }
        return .conforms(witness)
      }
      if conditional[descriptor] != nil { return .askTheRuntime }
      current = _getSuperclass(level)
    }
    return .doesNotConform
  }

  /// Reads the conformance records of every image not read yet.
  private mutating func readNewImages() {
    guard !unreadable, ConformanceSections.imageCount() > imagesRead else { return }
    let images = ConformanceSections.sections(from: imagesRead)
    if injectableProtocol == nil {
      injectableProtocol = ExistentialLayout.onlyProtocol(of: (any Injectable).self)
      guard let found = injectableProtocol, ProtocolDescriptorLayout.name(of: found) == "Injectable"
      else {
        unreadable = true
        return
      }
    }
    for section in images {
      guard let section else {
        unreadable = true
        return
      }
      read(section)
    }
    imagesRead += images.count
  }

  private mutating func read(_ section: UnsafeRawBufferPointer) {
    for descriptor in Self.conformances(in: section) {
      let record = ConformanceRecord(descriptor)
      guard record.protocolDescriptor == injectableProtocol else { continue }
      guard let typeDescriptor = record.typeDescriptor else {
        unreadable = true
        return
      }
      if record.hasConditionsOrIsolation {
        conditional.insertIfAbsent(typeDescriptor, descriptor)
      } else {
        unconditional.insertIfAbsent(typeDescriptor, descriptor)
      }
    }
  }

  /// The conformance descriptors a conformance section (`swift5_protocol_conformances`
  /// in ELF, `__swift5_proto` in Mach-O) lists: each entry is a 32-bit offset from the
  /// entry to its descriptor.
  private static func conformances(
    in section: UnsafeRawBufferPointer
  ) -> some Sequence<UnsafeRawPointer> {
    let entrySize = MemoryLayout<Int32>.size
    return stride(from: 0, to: section.count - entrySize + 1, by: entrySize).lazy.map {
      let entry = section.baseAddress! + $0
      return entry + Int(entry.loadUnaligned(as: Int32.self))
    }
  }

}

/// Type descriptors, each with a conformance descriptor, kept sorted by address.
///
/// A map that needs no `Hashable` conformance: the first dictionary keyed by a type
/// costs the runtime a scan of every conformance record of the program (to find the
/// key's `Hashable`), the very scan the index reads the records once to avoid. The
/// index holds few entries (the conformances to ``Injectable``), so a sorted array
/// with binary search is enough.
struct DescriptorTable: Equatable {
  private struct Entry: Equatable {
    let key: UInt
    let conformance: UnsafeRawPointer
  }

  private var entries: [Entry] = []

  /// How many type descriptors the table holds.
  var count: Int { entries.count }

  /// The conformance descriptor kept for `typeDescriptor`, if any.
  subscript(typeDescriptor: UnsafeRawPointer) -> UnsafeRawPointer? {
    let index = firstIndex(notBelow: UInt(bitPattern: typeDescriptor))
    guard index < entries.count, entries[index].key == UInt(bitPattern: typeDescriptor) else {
      return nil
    }
    return entries[index].conformance
  }

  /// Keeps `conformance` for `typeDescriptor` unless the table has one for it.
  mutating func insertIfAbsent(_ typeDescriptor: UnsafeRawPointer, _ conformance: UnsafeRawPointer)
  {
    let key = UInt(bitPattern: typeDescriptor)
    let index = firstIndex(notBelow: key)
    guard index == entries.count || entries[index].key != key else { return }
    entries.insert(Entry(key: key, conformance: conformance), at: index)
  }

  /// The index of the first entry whose key is `key` or above.
  private func firstIndex(notBelow key: UInt) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].key < key {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}

/// The start of an existential type's metadata (`TargetExistentialTypeMetadata` in
/// `swift/ABI/Metadata.h`): the kind, 32-bit flags, the number of protocols, then a
/// superclass when the flags say so, then the protocols' descriptors.
private enum ExistentialLayout {
  /// The descriptor of the one protocol of an existential such as `any Injectable`;
  /// nil when it has a superclass or another number of protocols.
  static func onlyProtocol(of existential: Any.Type) -> UnsafeRawPointer? {
    let metadata = TypeDescriptor.metadata(of: existential)
    let existentialKind: UInt = 0x303
    let hasSuperclass: UInt32 = 0x4000_0000
    guard metadata.load(as: UInt.self) == existentialKind,
      metadata.load(fromByteOffset: 8, as: UInt32.self) & hasSuperclass == 0,
      metadata.load(fromByteOffset: 12, as: UInt32.self) == 1
    else { return nil }
    return metadata.load(fromByteOffset: 16, as: UnsafeRawPointer?.self)
  }
}

/// The start of a protocol descriptor (`TargetProtocolDescriptor` in
/// `swift/ABI/Metadata.h`): 32-bit flags, the parent context and the name, each a
/// relative pointer.
private enum ProtocolDescriptorLayout {
  /// The protocol's name, without its module.
  static func name(of descriptor: UnsafeRawPointer) -> String {
    let field = descriptor + 8
    let name = field + Int(field.loadUnaligned(as: Int32.self))
    return String(cString: name.assumingMemoryBound(to: CChar.self))
  }
}

/// One protocol conformance descriptor (`TargetProtocolConformanceDescriptor` in
/// `swift/ABI/Metadata.h`): four 32-bit fields, the protocol (a relative pointer,
/// indirect when its low bit is set), the type (a relative pointer whose kind the
/// flags give), the witness table pattern, and the flags.
private struct ConformanceRecord {
  let address: UnsafeRawPointer

  init(_ address: UnsafeRawPointer) {
    self.address = address
  }

  private var flags: UInt32 {
    address.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
  }

  /// The protocol the record is a conformance to.
  var protocolDescriptor: UnsafeRawPointer? {
    let field = address
    let offset = Int(field.loadUnaligned(as: Int32.self))
    guard offset != 0 else { return nil }
    let target = field + (offset & ~1)
    return offset & 1 == 0 ? target : target.load(as: UnsafeRawPointer?.self)
  }

  /// The nominal type descriptor of the conforming type; nil for a kind of
  /// reference other than a Swift type descriptor.
  var typeDescriptor: UnsafeRawPointer? {
    let field = address + 4
    let target = field + Int(field.loadUnaligned(as: Int32.self))
    switch (flags >> 3) & 0b111 {
    case 0: return target  // a direct type descriptor
    case 1: return target.load(as: UnsafeRawPointer?.self)  // an indirect one
    default: return nil  // an Objective-C class, or a kind this layout predates
    }
  }

  /// The witness table the descriptor holds, when it is the table itself: neither
  /// a pattern the runtime instantiates for a generic type nor one it completes
  /// with resilient witnesses.
  var staticWitnessTable: UnsafeRawPointer? {
    let resilientWitnesses: UInt32 = 1 << 16
    let genericWitnessTable: UInt32 = 1 << 17
    guard flags & (resilientWitnesses | genericWitnessTable) == 0 else { return nil }
    let field = address + 8
    let offset = Int(field.loadUnaligned(as: Int32.self))
    return offset == 0 ? nil : field + offset
  }

  /// Whether the conformance holds only under conditions (conditional
  /// requirements or pack requirements) or only in an isolation domain.
  var hasConditionsOrIsolation: Bool {
    let conditionalRequirements: UInt32 = 0xFF << 8
    let globalActorIsolation: UInt32 = 1 << 19
    let conditionalPacks: UInt32 = 0xFF << 24
    return flags & (conditionalRequirements | globalActorIsolation | conditionalPacks) != 0
  }
}

extension InjectableWitness {
  /// The table of `conformance`; nil when the runtime builds it (a generic class,
  /// resilient witnesses) or it does not name its descriptor.
  init?(conformance: UnsafeRawPointer) {
    guard let table = ConformanceRecord(conformance).staticWitnessTable,
      table.load(as: UnsafeRawPointer?.self) == conformance
    else { return nil }
    self.table = table
  }
}
