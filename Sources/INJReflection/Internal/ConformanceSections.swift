#if canImport(Darwin)
import MachO
#endif

/// Where each loaded image keeps its protocol conformance records: the one part of
/// ``ConformanceIndex`` that differs per platform, the operating system's way to find
/// a section. What the index reads from a section is the same everywhere.
///
/// - ELF (Linux, Android): each image's start-up code registers its
///   `MetadataSections` with the Swift runtime, which lists them with
///   `swift_enumerateAllMetadataSections`; the conformance section is the range that
///   record gives for `swift5_protocol_conformances`.
/// - Mach-O (Apple platforms): the dynamic loader lists the images
///   (`_dyld_image_count`, `_dyld_get_image_header`), and `getsectiondata` finds the
///   `__swift5_proto` section of the `__TEXT` segment in each one, already slid to where
///   the image was loaded: how the Swift runtime finds it itself
///   (`ImageInspectionMachO.cpp`).
///
/// Invariant: the images keep their places in both lists: the runtime only appends to
/// its list, and the loader appends images and never unloads one that holds Swift
/// metadata (the runtime keeps pointers into it). So the images from an index on are
/// those loaded since the list had that many. A section is the memory the compiler
/// wrote, read only within its bounds.
enum ConformanceSections {
  /// Whether the records' indirect references hold plain pointers: everywhere but
  /// where pointers are signed (arm64e), where only the runtime can authenticate them.
  static var holdsPlainPointers: Bool {
    #if _ptrauth(_arm64e)
    false
    #else
    true
    #endif
  }

  /// How many images are loaded: asked at every answer, so counted without reading
  /// any section.
  static func imageCount() -> Int {
    #if canImport(Darwin)
    Int(_dyld_image_count())
    #else
    var count = 0
    withUnsafeMutablePointer(to: &count) { count in
      enumerateAllMetadataSections(
        { _, context in
          context.assumingMemoryBound(to: Int.self).pointee += 1
          return true
        }, UnsafeMutableRawPointer(count))
    }
    return count
    #endif
  }

  /// The conformance section of each image from the one at `start` on, in load order;
  /// nil for an image whose section cannot be found or has a layout the index does
  /// not know, and an empty section for an image without conformances.
  static func sections(from start: Int) -> [UnsafeRawBufferPointer?] {
    #if canImport(Darwin)
    let count = imageCount()
    guard count > start else { return [] }
    return (start..<count).map { index in
      guard let header = _dyld_get_image_header(UInt32(index)) else { return nil }
      var size: UInt = 0
      #if _pointerBitWidth(_64)
      let section = UnsafeRawPointer(header).withMemoryRebound(
        to: mach_header_64.self, capacity: 1
      ) { getsectiondata($0, "__TEXT", "__swift5_proto", &size) }
      #else
      let section = getsectiondata(header, "__TEXT", "__swift5_proto", &size)
      #endif
      return UnsafeRawBufferPointer(start: section.map(UnsafeRawPointer.init), count: Int(size))
    }
    #else
    final class Collected {
      var sections: [UnsafeRawBufferPointer?] = []
    }
    let collected = Collected()
    withExtendedLifetime(collected) {
      enumerateAllMetadataSections(
        { sections, context in
          let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
          collected.sections.append(MetadataSectionsLayout.conformances(in: sections))
          return true
        }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return Array(collected.sections.dropFirst(start))
    #endif
  }
}

#if !canImport(Darwin)
// What the Swift runtime keeps of each ELF image; Mach-O images are the loader's.

// An exported C function of the Swift runtime (`ImageInspectionCommon.h`). Its
// arguments are pointers, passed the same way by the C and the Swift calling
// conventions.

/// Calls `body` with each loaded image's `MetadataSections` until it returns false.
@_silgen_name("swift_enumerateAllMetadataSections")
private func enumerateAllMetadataSections(
  _ body:
    @convention(c) (
      _ sections: UnsafeRawPointer, _ context: UnsafeMutableRawPointer
    ) -> Bool,
  _ context: UnsafeMutableRawPointer)

/// The part of the runtime's `MetadataSections` the index reads (`SwiftShims`'
/// `MetadataSections.h`): a version word, the image's base address, two unused
/// words, the `swift5_protocols` range, then the `swift5_protocol_conformances`
/// range, each range a start address and a length.
private enum MetadataSectionsLayout {
  static let conformancesOffset = 6 * MemoryLayout<UInt>.size

  /// The conformance section described by `sections`; nil for a version without it.
  static func conformances(in sections: UnsafeRawPointer) -> UnsafeRawBufferPointer? {
    guard sections.load(as: UInt.self) >= 1 else { return nil }
    let start = sections.load(fromByteOffset: conformancesOffset, as: UInt.self)
    let length = sections.load(
      fromByteOffset: conformancesOffset + MemoryLayout<UInt>.size, as: Int.self)
    guard length >= 0, let base = UnsafeRawPointer(bitPattern: start) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: base, count: length)
  }
}
#endif
