extension Container {
  /// Registers a ready value under a key; the compiler checks that the value is of
  /// the key's type.
  ///
  /// - Parameters:
  ///   - instance: The value.
  ///   - key: The key: its name is what dependents use.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  public func addInstance<T: Sendable>(
    _ instance: T, for key: Key<T>, fileID: String = #fileID, line: Int = #line
  ) {
    addInstance(instance, forName: key.name, fileID: fileID, line: line)
  }

  /// Resolves a key and returns its value, typed by the key.
  ///
  /// ```swift
  /// let client = try container.value(for: .weatherClient)
  /// ```
  ///
  /// - Parameter key: A registered key.
  /// - Returns: The value.
  /// - Throws: ``ResolutionError`` when resolving fails, or when the name was
  ///   registered (as a string) with a value of another type.
  /// - Complexity: O(1) for an existing singleton or an instance; the name is not
  ///   hashed again.
  @inlinable
  public func value<T>(for key: Key<T>) throws -> T {
    let resolved = try resolve(key.name, hash: key.hashValueOfName)
    if let typed = resolved.cast(to: T.self) {
      return typed
    }
    return try mismatch(resolved, to: T.self, name: key.name)
  }
}

extension Key {
  /// The name's hash, for the container's inlined fast path.
  @usableFromInline
  var hashValueOfName: Int { hash }
}
