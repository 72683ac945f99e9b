/// One protocol conformance descriptor (`TargetProtocolConformanceDescriptor` in
/// `swift/ABI/Metadata.h`): four 32-bit fields, the protocol (a relative pointer,
/// indirect when its low bit is set), the type (a relative pointer whose kind the
/// flags give), the witness table pattern, and the flags.
///
/// Read from a conformance section (``ConformanceIndex``) or from the first word of a
/// witness table, which is its conformance descriptor (``ExistentialRequirements``).
struct ConformanceRecord {
  /// The descriptor.
  let record: RuntimeRecord

  private var flags: UInt32 {
    record.uint32(at: 12)
  }

  /// The protocol the record is a conformance to.
  var protocolDescriptor: RuntimeRecord? {
    record.referent(at: 0, indirect: nil)
  }

  /// The nominal type descriptor of the conforming type; nil for a kind of
  /// reference other than a Swift type descriptor.
  var typeDescriptor: RuntimeRecord? {
    switch (flags >> 3) & 0b111 {
    case 0: record.referent(at: 4)  // a direct type descriptor
    case 1: record.referent(at: 4, indirect: true)  // an indirect one
    default: nil  // an Objective-C class, or a kind this layout predates
    }
  }

  /// The witness table the descriptor holds, when it is the table itself: neither
  /// a pattern the runtime instantiates for a generic type nor one it completes
  /// with resilient witnesses.
  var staticWitnessTable: RuntimeRecord? {
    let resilientWitnesses: UInt32 = 1 << 16
    let genericWitnessTable: UInt32 = 1 << 17
    guard flags & (resilientWitnesses | genericWitnessTable) == 0 else { return nil }
    return record.referent(at: 8)
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
