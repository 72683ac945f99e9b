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
  /// The conformance section of each image from the one at `start` on, in load order;
  /// nil for an image whose section cannot be found or has a layout the index does
  /// not know, and an empty section for an image without conformances. Asked at every
  /// answer, so the images before `start` are counted without reading any section.
  static func sections(from start: Int) -> [UnsafeRawBufferPointer?] {
    #if canImport(Darwin)
    let count = Int(_dyld_image_count())
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
    // The images counted, and the sections of those from `start` on.
    typealias Images = (count: Int, start: Int, sections: [UnsafeRawBufferPointer?])
    var images: Images = (0, start, [])
    withUnsafeMutablePointer(to: &images) { images in
      enumerateAllMetadataSections(
        { image, context in
          let images = context.assumingMemoryBound(to: Images.self)
          if images.pointee.count >= images.pointee.start {
            images.pointee.sections.append(
              MetadataSectionsLayout.conformances(in: RuntimeRecord(image)))
          }
          images.pointee.count += 1
          return true
        }, images)
    }
    return images.sections
    #endif
  }
}

#if !canImport(Darwin)
// What the Swift runtime keeps of each ELF image; Mach-O images are the loader's.

// An exported C function of the Swift runtime (`ImageInspectionCommon.h`). Its
// arguments are pointers, passed the same way by the C and the Swift calling
// conventions.

/// Calls `body` with each loaded image's `MetadataSections`, in load order, and
/// `context`, until it returns false.
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
  /// The conformance section described by `sections`; nil for a version without it.
  static func conformances(in sections: RuntimeRecord) -> UnsafeRawBufferPointer? {
    guard sections.word(0) >= 1 else { return nil }
    let start = UnsafeRawPointer(bitPattern: sections.word(6))
    let length = Int(bitPattern: sections.word(7))
    return UnsafeRawBufferPointer(start: start, count: start == nil || length < 0 ? 0 : length)
  }
}
#endif
