/// Where benchmark results go so that the optimizer cannot drop the work producing them.
///
/// Each body returns a checksum of what it computed; the runner adds it to this global, which
/// is printed at the end of the run. Writing one integer to memory costs nothing measurable.
nonisolated(unsafe) private var sink: UInt64 = 0

/// Consumes a checksum.
@inline(never)
func blackHole(_ checksum: Int) {
  sink &+= UInt64(truncatingIfNeeded: checksum)
}

/// The sum of every checksum consumed so far.
var blackHoleTotal: UInt64 { sink }
