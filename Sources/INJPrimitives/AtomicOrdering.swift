/// How an atomic load orders this thread's other memory accesses around it.
@usableFromInline
package enum AtomicLoadOrdering {
  /// The load is atomic and orders nothing else.
  case relaxed
  /// What the storing thread wrote before its releasing store is visible after the
  /// load.
  case acquiring
}

/// How an atomic store orders this thread's other memory accesses around it.
@usableFromInline
package enum AtomicStoreOrdering {
  /// The store is atomic and orders nothing else.
  case relaxed
  /// Everything this thread wrote before the store is visible to a thread whose
  /// acquiring load reads the stored value.
  case releasing
}

/// How an atomic compare-and-exchange orders this thread's other memory accesses.
@usableFromInline
package enum AtomicUpdateOrdering {
  /// Acquiring, whether or not it exchanges.
  case acquiring
  /// Acquiring and, when it exchanges, releasing.
  case acquiringAndReleasing
}
