// For Scripts/check-availability.sh only: the part of Apple's Dispatch overlay that the
// package calls, with the availability Apple's documentation gives it (macOS 10.10,
// iOS 8, tvOS 9, watchOS 2).

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public final class DispatchSpecificKey<T>: @unchecked Sendable {
  public init() {}
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public final class DispatchQueue: @unchecked Sendable {
  public static let main = DispatchQueue()
  public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
  public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct DispatchTime: Sendable {
  public static func now() -> DispatchTime { DispatchTime() }
  public var uptimeNanoseconds: UInt64 { 0 }
}
