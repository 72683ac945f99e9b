import INJReflection
import Testing

/// `ClosureType` reads function types from their metadata; each test compares what it
/// read with the type as written.
@Suite("Closure types read from metadata")
struct ClosureTypeTests {
  private func read<T>(_ type: T.Type) throws -> ClosureType {
    try #require(ClosureType(T.self))
  }

  private func same(_ read: Any.Type?, _ expected: Any.Type) -> Bool {
    read.map(ObjectIdentifier.init) == ObjectIdentifier(expected)
  }

  @Test func aPlainClosure() throws {
    let type = try read((() -> DetailScreen).self)
    #expect(type.argument == nil)
    #expect(same(type.result, DetailScreen.self))
    #expect(!type.isThrowing && !type.isAsync && !type.isMainActor && !type.isSendable)
    #expect(!type.runsOnCallersActor)
    #expect(type.unsupportedFeature == nil)
    #expect(type.description == "() -> DetailScreen")
  }

  @Test func effectsAndIsolation() throws {
    let throwing = try read((() throws -> Int).self)
    #expect(throwing.isThrowing && !throwing.isAsync)
    let async = try read((() async throws -> Int).self)
    #expect(async.isThrowing && async.isAsync && !async.runsOnCallersActor)
    let nonThrowingAsync = try read((() async -> Int).self)
    #expect(!nonThrowingAsync.isThrowing && nonThrowingAsync.isAsync)
    let mainActor = try read((@MainActor () throws -> Int).self)
    #expect(mainActor.isMainActor && mainActor.isThrowing)
    #expect(mainActor.description == "@MainActor () throws -> Int")
    let callers = try read((nonisolated(nonsending) () async throws -> Int).self)
    #expect(callers.runsOnCallersActor && callers.unsupportedFeature == nil)
    #expect(callers.description == "nonisolated(nonsending) () async throws -> Int")
  }

  @Test func sendableIsReadAndIgnoredByTheComparisonThatAsksIt() throws {
    let sendable = try read((@Sendable () -> Int).self)
    let plain = try read((() -> Int).self)
    #expect(sendable.isSendable && !plain.isSendable)
    #expect(sendable != plain)
    #expect(sendable.withSendable(false) == plain)
    #expect(sendable.description == plain.description)
  }

  @Test func argumentsAndResults() throws {
    let taking = try read(((String) -> any Screen).self)
    #expect(same(taking.argument, String.self))
    #expect(same(taking.result, (any Screen).self))
    #expect(taking.description == "(String) -> Screen")
    let tuple = try read((((Int, String)) -> Int).self)
    #expect(same(tuple.argument, (Int, String).self))
    #expect(tuple.unsupportedFeature == nil)
    let optional = try read((() -> DetailScreen?).self)
    #expect(same(optional.result, DetailScreen?.self))
  }

  @Test func unsupportedShapesSayWhy() throws {
    #expect(
      try read(((Int, String) -> Int).self).unsupportedFeature
        == "more than one parameter (take a tuple)")
    #expect(
      try read(((inout Int) -> Int).self).unsupportedFeature
        == "an inout, variadic, isolated or ownership parameter")
    #expect(
      try read((() throws(CancellationError) -> Int).self).unsupportedFeature == "typed throws")
    #expect(try read((@isolated(any) () -> Int).self).unsupportedFeature == "@isolated(any)")
    #expect(
      try read((@convention(c) () -> Int).self).unsupportedFeature
        == "a calling convention other than Swift's")
    #expect(
      try read((@OtherActor () -> Int).self).unsupportedFeature
        == "isolation to the global actor OtherActor")
  }

  @Test func otherTypesAreNotClosures() {
    #expect(ClosureType(Int.self) == nil)
    #expect(ClosureType(DetailScreen.self) == nil)
    #expect(ClosureType((any Screen).self) == nil)
    #expect(ClosureType((Int, String).self) == nil)
    #expect(ClosureType(Optional<() -> Int>.self) == nil)
  }

  @Test func adoptingKeepsTheClosureAcrossSendable() {
    let sendable: @Sendable () -> Int = { 7 }
    let plain = ClosureType.adopt(sendable, as: (() -> Int).self)
    #expect(plain() == 7)
    let mainActor: @MainActor () -> Int = { 8 }
    let again = ClosureType.adopt(mainActor, as: (@MainActor () -> Int).self)
    #expect(ObjectIdentifier(type(of: again)) == ObjectIdentifier((@MainActor () -> Int).self))
  }
}

@globalActor private actor OtherActor {
  static let shared = OtherActor()
}

/// A function type's record as a runtime before Swift 6 makes it: the extended-attributes
/// bit set, and no extended flags word after the record.
@Suite("Closure types on a runtime without extended flags")
struct ClosureTypeOlderRuntimeTests {
  /// The record's words: the function kind, the flags, the result; nothing after, so
  /// that AddressSanitizer reports any read past them. `body` gets it as the type it
  /// stands for, as the runtime hands out a type: a pointer to its record.
  private func withRecord<R>(
    flags: UInt, result: Any.Type, _ body: (Any.Type) throws -> R
  ) rethrows -> R {
    let words = UnsafeMutableRawPointer.allocate(
      byteCount: 3 * MemoryLayout<UInt>.stride, alignment: MemoryLayout<UInt>.alignment)
    defer { words.deallocate() }
    words.storeBytes(of: 0x302, as: UInt.self)
    words.storeBytes(of: flags, toByteOffset: MemoryLayout<UInt>.stride, as: UInt.self)
    words.storeBytes(
      of: result, toByteOffset: 2 * MemoryLayout<UInt>.stride, as: Any.Type.self)
    return try body(unsafeBitCast(UnsafeRawPointer(words), to: Any.Type.self))
  }

  // TargetFunctionTypeFlags: throws, async, @Sendable, extended attributes.
  private let throwing: UInt = 0x0100_0000
  private let async: UInt = 0x2000_0000
  private let sendable: UInt = 0x4000_0000
  private let extended: UInt = 0x8000_0000

  @Test func theExtendedBitAloneIsCallerIsolation() throws {
    let type = try withRecord(flags: extended | sendable | async | throwing, result: Int.self) {
      try #require(ClosureType($0, extendedFlagsKept: false))
    }
    #expect(type.runsOnCallersActor && type.isAsync && type.isThrowing && type.isSendable)
    #expect(type.unsupportedFeature == nil)
    #expect(type.description == "nonisolated(nonsending) () async throws -> Int")
  }

  @Test func aRecordWithoutTheBitReadsAsBefore() throws {
    let type = try withRecord(flags: async | throwing, result: Int.self) {
      try #require(ClosureType($0, extendedFlagsKept: false))
    }
    #expect(!type.runsOnCallersActor && type.isAsync && type.isThrowing)
    #expect(type == ClosureType((() async throws -> Int).self))
  }

  @Test func thisRuntimeKeepsExtendedFlags() throws {
    // Every toolchain that builds the package has the Swift 6 runtime on Linux; the
    // caller-isolated type's own metadata says so too.
    #expect(ClosureType.runtimeKeepsExtendedFlags)
    let type = try #require(ClosureType((nonisolated(nonsending) () async -> Int).self))
    #expect(type.runsOnCallersActor)
  }
}
