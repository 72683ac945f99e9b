/// A set of small non-negative integers, one bit each: a million fit in 128 KB, so
/// testing members at random stays in the processor's caches.
struct BitSet {
  private var words: [UInt64]

  /// An empty set for the integers below `count`.
  init(count: Int) {
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
  }

  /// Whether `member` is in the set.
  subscript(member: Int) -> Bool {
    words[member >> 6] & (1 << UInt64(member & 63)) != 0
  }

  /// Adds `member` to the set.
  mutating func insert(_ member: Int) {
    words[member >> 6] |= 1 << UInt64(member & 63)
  }
}
