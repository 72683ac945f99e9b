/// A binary min-heap of node ids in a fixed buffer, the ready set of Kahn's algorithm.
struct MinHeap: ~Copyable {
  /// The heap in array form: every element is at most its children at `2i + 1` and `2i + 2`.
  private let storage: UnsafeMutableBufferPointer<Int32>
  /// The number of elements.
  private var count = 0

  /// Creates an empty heap that can hold `capacity` elements.
  init(capacity: Int) {
    storage = .allocate(count: capacity, repeating: 0)
  }

  deinit {
    storage.deallocate()
  }

  /// Whether the heap holds no element.
  var isEmpty: Bool { count == 0 }

  /// Adds an element; the heap must have room for it.
  mutating func insert(_ element: Int32) {
    precondition(count < storage.count, "heap full")
    var child = count
    count += 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard storage[parent] > element else { break }
      storage[child] = storage[parent]
      child = parent
    }
    storage[child] = element
  }

  /// Removes and returns the smallest element, or `nil` when the heap is empty.
  mutating func popMin() -> Int32? {
    guard count > 0 else { return nil }
    let smallest = storage[0]
    count -= 1
    let last = storage[count]
    // Sift the former last element down from the root.
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < count else { break }
      let right = left + 1
      let child = right < count && storage[right] < storage[left] ? right : left
      guard storage[child] < last else { break }
      storage[parent] = storage[child]
      parent = child
    }
    if count > 0 { storage[parent] = last }
    return smallest
  }
}
