import INJPrimitives
import INJReflection

extension Container {
  /// Registers a provider whose creator is `async`: it may await an actor, a file or
  /// the network while it makes its product.
  ///
  /// ```swift
  /// container.addAsyncProvider(forName: "forecast", dependencies: ["weatherClient"]) { values in
  ///   try await Forecast.load(with: values.value(forName: "weatherClient"))
  /// }
  /// let forecast = try await container.asyncValue(forName: "forecast", as: Forecast.self)
  /// ```
  ///
  /// Resolve it with ``asyncValue(forName:as:)``: a synchronous resolution cannot
  /// await, so ``value(forName:as:)->T`` throws ``ResolutionError`` (reason
  /// ``ResolutionError/Reason/requiresAsync``) for it, and for a synchronous
  /// provider that depends on it directly, which ``checkForErrors()`` reports.
  /// Every scope and option of
  /// ``addProvider(forName:dependencies:options:fileID:line:creator:_:)-(_,[String],_,_,_,_,_)``
  /// applies; a singleton is made once however many tasks ask for it at the same time.
  ///
  /// - Parameters:
  ///   - name: The name dependents use.
  ///   - dependencies: The names the creator needs; each is resolved before it runs,
  ///     the ones that need `await` concurrently.
  ///   - options: The scope and ``ProviderOptions/For/manualInit``.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - isolation: The actor of the registering code; leave the default. A product
  ///     registered from main-actor code is injected on the main actor.
  ///   - creator: Makes the product from the resolved dependencies.
  @inlinable
  public func addAsyncProvider<T>(
    forName name: String, dependencies: [String] = [], options: ProviderOptions.For<T> = [],
    fileID: String = #fileID, line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    creator: @escaping @Sendable (ResolvedValues) async throws -> T
  ) {
    addProvider(
      name, dependencies, options.options, fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation),
      productType: T.self,
      asyncCreator: Creator.erasingAsync(creator))
  }

  /// Resolves any name without blocking a thread: instances, providers (synchronous,
  /// async, or isolated to the main actor, whose creators it runs there) and
  /// provider closures.
  ///
  /// The dependencies of an async provider that need `await` are made concurrently,
  /// one child task each (except those whose latest timed creation took less than starting
  /// a task costs, which the requesting task makes); the first failure cancels the
  /// others. Cancelling the calling task cancels the creations, and a singleton whose
  /// creation was cancelled or failed is not kept; a request waiting for a product
  /// another task is making stops waiting at once when its task is cancelled. A cycle is
  /// an error, not a wait, where the container can see it (see the Async Providers
  /// article for the waits it cannot see).
  ///
  /// - Parameters:
  ///   - name: A registered name.
  ///   - type: The type to return: the value's type, or a protocol or superclass of
  ///     it.
  /// - Returns: The value.
  /// - Throws: ``ResolutionError`` naming the name, the path that led to the
  ///   failure, and what went wrong.
  @inlinable
  public func asyncValue<T>(forName name: String, as type: T.Type = T.self) async throws -> T {
    // Inlined so that an instance or an existing singleton is read and cast without an
    // async call.
    if let ready = readyValue(name), let typed = ready.cast(to: T.self) {
      return typed
    }
    return try await asyncResolveAndCast(name, hash: name.hashValue, as: T.self)
  }

  /// Resolves `name` asynchronously and casts its value: the request's slow path, kept
  /// out of the inlined fast path, and specialized where it is called (a generic
  /// function of this module would look up the metadata of `T?` on every call).
  @inlinable @inline(never)
  func asyncResolveAndCast<T>(
    _ name: String, hash: Int, as type: T.Type, inGraph graph: ObjectGraph? = nil
  ) async throws -> T {
    let resolved = try await asyncResolve(name, hash: hash, inGraph: graph)
    if let typed = resolved.cast(to: T.self) {
      return typed
    }
    return try mismatch(resolved, to: T.self, name: name, isAsync: true)
  }

  /// Resolves `name` asynchronously, in the resolution the calling code runs in, if
  /// any; or, for a provider closure's call, in a request that goes on with `graph`, the
  /// object graph the closure was handed out in.
  @usableFromInline
  nonisolated(nonsending) func asyncResolve(
    _ name: String, hash: Int, inGraph graph: ObjectGraph? = nil
  ) async throws(ResolutionError) -> Resolved {
    let resolver = AsyncResolver(
      context: graph.map { .top(graph: $0) } ?? AsyncResolution.live ?? .top())
    do {
      let found = try registration(requested: name, hash: hash, isExact: true, in: resolver)
      return try await resolver.resolve(found.retained)
    } catch {
      throw completedFromRegistrations(error)
    }
  }

  /// An instance or an existing singleton registered under `name`, read without a
  /// resolution: the fast path of an async request. Nil for anything else, and in an
  /// observed container (whose observer sees every request). `hash` is the name's, or
  /// nil for the hash the thread remembers.
  @usableFromInline
  func readyValue(_ name: String, hash: Int? = nil) -> Resolved? {
    guard !isObserved, let found = lookup(name, hash: hash ?? NameHashes.rememberedHash(of: name))
    else { return nil }
    return Self.readyValue(of: found)
  }

  /// Resolves a key without blocking a thread, as ``asyncValue(forName:as:)``.
  ///
  /// - Parameter key: A registered key.
  /// - Returns: The value.
  /// - Throws: ``ResolutionError`` when resolving fails or the value is not of the
  ///   key's type.
  @inlinable
  public func asyncValue<T>(for key: Key<T>) async throws -> T {
    if let ready = readyValue(key.name, hash: key.hashValueOfName),
      let typed = ready.cast(to: T.self)
    {
      return typed
    }
    return try await asyncResolveAndCast(key.name, hash: key.hashValueOfName, as: T.self)
  }

  /// Makes singletons ahead of their first use, for app launch: every singleton
  /// registered in this container, or the ones named, each after the singletons it
  /// depends on, with independent ones made at the same time.
  ///
  /// ```swift
  /// try container.checkForErrors()
  /// try await container.makeSingletons()
  /// ```
  ///
  /// Synchronous and async singletons alike are made, each where its creator runs (a
  /// main-actor creator on the main actor). The singletons are made in waves: first
  /// those that depend on no other singleton being made, directly or through
  /// transient providers, then those that depend only on the first wave, and so on;
  /// the singletons of one wave are made at the same time. So a synchronous singleton
  /// over an async one, or a nonisolated one over a main-actor one, finds what it
  /// needs made; a nonisolated singleton over main-actor transients (or contributions)
  /// is made on the main actor, where they run. This is the launch call of ``ProviderOptions/madeAtLaunch``:
  /// synchronous providers may depend on such a singleton, and resolve
  /// synchronously once this call has returned.
  ///
  /// Each singleton is made once, as when it is first resolved, so later resolutions
  /// read it without creating anything; names that are not singletons are resolved,
  /// and what they make is dropped. The first failure cancels the other creations of
  /// its wave and is thrown; the singletons made by then are kept.
  ///
  /// - Parameter names: The names to make; nil for every singleton registered here
  ///   (not in ancestors).
  /// - Throws: ``ResolutionError`` for the first name that could not be made.
  public func makeSingletons(named names: [String]? = nil) async throws {
    for wave in launchWaves(of: names ?? singletonNames()) {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for name in wave {
          group.addTask {
            _ = try await self.asyncValue(forName: name, as: Any.self)
          }
        }
        try await group.waitForAll()
      }
    }
  }

  /// The names registered here whose registration is a singleton provider, in
  /// registration order.
  private func singletonNames() -> [String] {
    withRegistry { $0.visibleNames }.filter { name in
      let registration = lookup(name, hash: name.hashValue)?.retained
      return registration?.owner === self && registration?.provider?.scope == .singleton
    }
  }
}

extension Creator {
  /// The synchronous creator of an async provider, which the resolver never runs
  /// (it refuses the provider first); it throws, should that ever change.
  @usableFromInline
  static let refusingSynchronousCreation = Creator.value { _ in
    throw AsyncCreatorRunSynchronously()
  }
}

/// Thrown by ``Creator/refusingSynchronousCreation``.
struct AsyncCreatorRunSynchronously: Error, CustomStringConvertible {
  var description: String {
    "an async creator cannot run in a synchronous resolution; use asyncValue(forName:as:)"
  }
}
