import INJPrimitives

extension Resolver: ResolutionInProgress {
  /// The providers in progress, outermost first.
  private var stack: [Provider] {
    sequence(first: state) { $0.pointee.outer }.reversed().flatMap { resolution in
      resolution.pointee.frames.map(\.provider)
        + (resolution.pointee.leaf.map { [$0.retained] } ?? [])
    }
  }

  /// The names in progress, outermost first: the path to whatever is resolved next.
  var path: [String] { stack.map(\.name) }

  /// The error for `provider`, in progress, being needed again: the cycle from its
  /// innermost frame back to itself (a search skipped at some depths may find a cycle
  /// that repeats along the chain: one turn of it is reported).
  func cycleError(closingAt provider: Provider) -> ResolutionError {
    let stack = self.stack
    let start = stack.lastIndex { $0 === provider } ?? 0
    let cycle = stack[start...].map(\.name) + [provider.name]
    return error(for: provider.name, reason: .cycle(CycleText.normalized(cycle)))
  }
}

/// When a resolution searches the providers in progress for the one it needs next, to
/// find a cycle: at every depth up to 32, then only at depths that are powers of two,
/// which keeps the searches linear in the depth in all. A cycle of direct dependencies
/// repeats along the chain, so it is found, at most about twice as deep as it started;
/// nothing has been created on the way (a creator runs after its dependencies). Both
/// resolvers follow it; a shared provider's cycle is also found whatever the depth, as
/// its claim is held by the resolution that needs it again.
enum InProgressSearch {
  /// Whether the search runs for the provider needed at `depth` (the outermost is at 1).
  @inline(__always)
  static func isDue(atDepth depth: Int) -> Bool {
    depth <= 32 || depth & (depth - 1) == 0
  }
}

/// A resolution that knows its names in progress: the synchronous resolver, or the
/// async one. Both build their errors, and take the value of a registration that needs
/// no creation, in the same way.
protocol ResolutionInProgress {
  /// The names in progress, outermost first: the path to whatever is resolved next.
  var path: [String] { get }
}

extension ResolutionInProgress {
  /// An error about `name`, reached from the names in progress (see
  /// ``ResolutionError/init(_:_:from:suggestion:inProgress:via:)``).
  func error(
    for name: String, reason: ResolutionError.Reason, suggestion: String? = nil,
    inProgress: Bool = false, via closureName: String? = nil
  ) -> ResolutionError {
    ResolutionError(
      name, reason, from: path, suggestion: suggestion, inProgress: inProgress, via: closureName)
  }

  /// The value of a registration that is not a provider: an instance, or a provider
  /// closure; the error of an invalid one. Nil for a provider, which the caller makes.
  @inline(__always)
  func valueUnlessProvider(of registration: Registration) throws(ResolutionError) -> Resolved? {
    switch registration.kind {
    case .instance(let value, _):
      return value
    case .provider:
      return nil
    case .providerClosure(let target):
      return try registration.owner.providerClosureValue(target: target) {
        (name, reason) throws(ResolutionError) in
        throw error(for: name, reason: reason, via: registration.name)
      }
    case .invalid(let problem, _):
      throw error(for: registration.name, reason: registration.failureReason(problem))
    }
  }
}

// The errors of a resolution, built here for the synchronous and the async resolver
// alike: each gives the names it has in progress.
extension ResolutionError {
  /// An error about `name`, reached from `path`, the names in progress, outermost first;
  /// when `inProgress`, `name` is the innermost of them rather than the next one. `via`
  /// is a provider-closure name that was requested and led to `name`.
  init(
    _ name: String, _ reason: Reason, from path: [String], suggestion: String? = nil,
    inProgress: Bool = false, via closureName: String? = nil
  ) {
    var path = path
    if let closureName {
      path.append(closureName)
    }
    if !inProgress {
      path.append(name)
    }
    self.init(name: name, path: path, suggestion: suggestion, reason: reason)
  }

  /// The error of a creator, the innermost of `path`, that threw `thrown`: a failed
  /// resolution inside it (one its own ``ResolvedValues`` or a nested request made),
  /// with `path` in front, or the creator's own error.
  static func failure(
    of provider: Provider, thrown: any Error, path: [String]
  ) -> ResolutionError {
    guard let failure = thrown as? ResolutionError else {
      return ResolutionError(provider.name, .creatorFailed(thrown), from: path, inProgress: true)
    }
    guard failure.isLocalToCreator else { return failure }
    var completed = failure
    completed.path = path + [failure.name]
    completed.isLocalToCreator = false
    return completed
  }
}
