// For Scripts/check-availability.sh only: the part of Apple's XCTest that the package
// calls. XCTest ships with Xcode for every platform the package supports.

public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
