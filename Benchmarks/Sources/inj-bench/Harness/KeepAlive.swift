/// What bodies keep alive until their sample is timed: the runner frees it after taking the
/// sample's time, so that freeing it is not measured.
nonisolated(unsafe) private var kept: [Any] = []

/// Keeps a value alive until the current sample's time is taken, for a body whose iterations
/// build something that lives on, such as an app's objects after start-up. Keeping one value
/// costs an append to an array.
@inline(never)
func keepAlive(_ value: Any) {
  kept.append(value)
}

/// Frees what the bodies kept; the runner calls it after each sample.
func releaseKept() {
  kept.removeAll(keepingCapacity: true)
}
