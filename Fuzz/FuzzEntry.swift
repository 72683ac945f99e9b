// The libFuzzer entry point: each input decodes into a script of registrations,
// resolutions and checks (see `ModelScript`), run on a real container and on the
// reference model. A crash, a hang (libFuzzer's -timeout) or a disagreement with
// the model stops the run, and libFuzzer writes the input to a file.
//
// Built only by Scripts/fuzz.sh, never by `swift build` or `swift test`.

// The package's modules come in as static archives, whose autolink entries the
// linker does not read; importing what they use here links it.
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one input; stops the process when the container and the model disagree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let script = ModelScript(bytes: bytes)
  if let mismatch = ModelHarness.run(script).mismatch {
    let report =
      "The container disagrees with the reference model: \(mismatch)\nScript:\n\(script)\n"
    FileHandle.standardError.write(Data(report.utf8))
    abort()
  }
  return 0
}
