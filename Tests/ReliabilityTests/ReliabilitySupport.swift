import Foundation
import INJPrimitives
import INJReflection

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import INJReflection
#endif

/// Settings read from the environment, for longer runs than CI's.
enum ReliabilityEnvironment {
  /// An integer setting, decimal or `0x` hexadecimal.
  static func integer(_ name: String) -> UInt64? {
    guard
      let text = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespaces),
      !text.isEmpty
    else { return nil }
    if text.lowercased().hasPrefix("0x") {
      return UInt64(text.dropFirst(2), radix: 16)
    }
    return UInt64(text)
  }

  /// A duration in seconds.
  static func seconds(_ name: String, default value: Double) -> Double {
    ProcessInfo.processInfo.environment[name].flatMap(Double.init) ?? value
  }
}

/// `0x`-prefixed hexadecimal, for seeds in messages.
func hex(_ value: UInt64) -> String {
  "0x" + String(value, radix: 16)
}

/// A value one thread sets and another reads after joining it.
final class Handoff<Value: Sendable>: @unchecked Sendable {
  // Written by the worker before the join, read by the caller after it.
  var value: Value?
}

/// A count any thread may add to.
final class SharedCount: Sendable {
  private let count = AtomicWords()

  func add(_ amount: Int = 1) { _ = count[0].wrappingAddRelaxed(amount) }
  func store(_ value: Int) { count[0].store(value, ordering: .releasing) }
  var value: Int { count[0].load(ordering: .acquiring) }
}

/// A value guarded by a lock that ThreadSanitizer understands.
///
/// `Synchronization.Mutex` takes its lock inside the toolchain's uninstrumented
/// library on Linux, so ThreadSanitizer cannot see it and reports every access it
/// guards as a race (and Apple platforms have it only from iOS 18 and macOS 15);
/// state that test threads share uses this instead.
final class Locked<Value>: @unchecked Sendable {
  // Guarded by `lock`.
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
