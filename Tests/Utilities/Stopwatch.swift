import Dispatch

/// Time elapsed since it was made, read from Dispatch's monotonic clock: the tests run
/// at the package's minimum OS versions, below `ContinuousClock` (iOS 16, macOS 13).
public struct Stopwatch: Sendable, CustomStringConvertible {
  private let start = DispatchTime.now().uptimeNanoseconds

  /// A stopwatch started now.
  public init() {}

  /// Nanoseconds since the stopwatch was made.
  public var elapsedNanoseconds: UInt64 {
    DispatchTime.now().uptimeNanoseconds - start
  }

  /// Seconds since the stopwatch was made.
  public var elapsedSeconds: Double {
    Double(elapsedNanoseconds) / 1e9
  }

  /// The time elapsed, as "1.234 seconds".
  public var description: String {
    let milliseconds = elapsedNanoseconds / 1_000_000
    let fraction = String(milliseconds % 1_000)
    return
      "\(milliseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) seconds"
  }
}
