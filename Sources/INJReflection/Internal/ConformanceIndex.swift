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
  enum Conformance: Equatable {
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
    if FastPaths.readsConformanceRecords,
      let answer = injectable.withLock({ $0.answer(for: classType) })
    {
      return answer
    }
    // The runtime's own answer, which scans the records the first time it meets a type.
    return classType is any Injectable.Type ? .cast : .none
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

  /// The table of `conformance`; nil when the runtime builds it (a generic class,
  /// resilient witnesses) or it does not name its descriptor.
  init?(conformance: RuntimeRecord) {
    guard let table = ConformanceRecord(record: conformance).staticWitnessTable,
      table.record(atWord: 0) == conformance
    else { return nil }
    self.table = table.address
  }

  /// `object` as an `any Injectable`. `object` must be an instance of the conforming
  /// class or a subclass of it.
  func injectable(_ object: AnyObject) -> any Injectable {
    unsafeBitCast((object, table), to: (any Injectable).self)
  }
}

/// What the index knows: the type descriptors that conform to ``Injectable``,
/// with or without conditions, and how many images it has read.
///
/// Invariant: `conformances` holds exactly the conformances to ``Injectable`` recorded in the first `imagesRead` images that
/// ``ConformanceSections`` lists, unless `unreadable` is set, and then nothing is
/// answered from them. The list only grows, so reading from `imagesRead` on finds
/// every image loaded since. Where pointers are signed (arm64e), the records' indirect
/// references may hold signed pointers that only the runtime can authenticate, so
/// the records are not read and every answer is the runtime's. Each record is found
/// from an entry within the bounds of its section and read as a ``ConformanceRecord``.
///
/// Only used inside ``ConformanceIndex/injectable``'s lock.
struct ConformanceRecords {
  /// Each type descriptor that conforms, with or without conditions or an isolation,
  /// and its conformance descriptor, in the order the records list them.
  ///
  /// A list searched in order, not a map: the first dictionary keyed by a type costs
  /// the runtime a scan of every conformance record of the program (to find the key's
  /// `Hashable`), the very scan the index reads the records once to avoid, and the
  /// list holds few entries (the conformances to ``Injectable``), each searched once
  /// per level of a class the first time its plan is made.
  private(set) var conformances: [(type: RuntimeRecord, conformance: RuntimeRecord)] = []
  /// How many of the runtime's images have been read.
  private(set) var imagesRead = 0
  /// Set when the records could not be read: every answer is the runtime's.
  private(set) var unreadable = !RuntimeRecord.holdsPlainPointers
  /// ``Injectable``'s protocol descriptor, found on the first read.
  private var injectableProtocol: RuntimeRecord?

  /// The answer for `type`, reading images loaded since the last read first; nil where
  /// the records cannot tell, and the runtime is asked.
  mutating func answer(for type: AnyClass) -> ConformanceIndex.Conformance? {
    readNewImages()
    guard !unreadable else { return nil }
    var current: AnyClass? = type
    while let level = current {
      guard let descriptor = RuntimeRecord.descriptor(of: level) else { return nil }
      if let conformance = conformances.first(where: { $0.type == descriptor })?.conformance {
        // One with conditions or an isolation holds only for some types or somewhere.
        guard !ConformanceRecord(record: conformance).hasConditionsOrIsolation else { return nil }
        return InjectableWitness(conformance: conformance).map { .witness($0) } ?? .cast
      }
      current = _getSuperclass(level)
    }
    return ConformanceIndex.Conformance.none
  }

  /// Reads the conformance records of every image not read yet.
  private mutating func readNewImages() {
    guard !unreadable else { return }
    let images = ConformanceSections.sections(from: imagesRead)
    if injectableProtocol == nil {
      // `any Injectable`'s one protocol, whose descriptor names it (its third field).
      let protocols = ExistentialRequirements(existential: (any Injectable).self)?.protocols
      injectableProtocol = protocols?.count == 1 ? protocols?.first : nil
      guard injectableProtocol?.referent(at: 8)?.string == "Injectable" else {
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

  /// Keeps the conformances to ``Injectable`` a conformance section
  /// (`swift5_protocol_conformances` in ELF, `__swift5_proto` in Mach-O) lists: each
  /// entry is a 32-bit relative pointer to its descriptor.
  private mutating func read(_ section: UnsafeRawBufferPointer) {
    let entrySize = MemoryLayout<Int32>.size
    for offset in stride(from: 0, to: section.count - entrySize + 1, by: entrySize) {
      guard let descriptor = RuntimeRecord(section.baseAddress! + offset).referent(at: 0)
      else { continue }
      let record = ConformanceRecord(record: descriptor)
      guard record.protocolDescriptor == injectableProtocol else { continue }
      guard let typeDescriptor = record.typeDescriptor else {
        unreadable = true
        return
      }
      conformances.append((typeDescriptor, descriptor))
    }
  }
}
