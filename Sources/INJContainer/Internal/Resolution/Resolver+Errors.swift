extension Resolver {
  /// The providers in progress, outermost first.
  private var stack: [Provider] {
    var chains: [[Provider]] = []
    var resolution: UnsafeMutablePointer<ResolutionState>? = state
    while let current = resolution {
      var chain = current.pointee.frames.map(\.provider)
      if let leaf = current.pointee.leaf {
        chain.append(leaf.takeUnretainedValue())
      }
      chains.append(chain)
      resolution = current.pointee.outer
    }
    return chains.reversed().flatMap { $0 }
  }

  /// The names in progress, outermost first: the path to whatever is resolved next.
  var path: [String] {
    stack.map(\.name)
  }

  /// The error for `provider`, in progress, being needed again: the cycle from it
  /// back to itself.
  func cycleError(closingAt provider: Provider) -> ResolutionError {
    let stack = self.stack
    let start = stack.firstIndex { $0 === provider } ?? 0
    let cycle = stack[start...].map(\.name) + [provider.name]
    return error(for: provider.name, reason: .cycle(CycleText.normalized(cycle)))
  }

  /// An error about `name`, reached from the providers in progress; when
  /// `inProgress`, `name` is the innermost of them rather than the next one.
  /// `via` is a provider-closure name that was requested and led to `name`.
  func error(
    for name: String, reason: ResolutionError.Reason, suggestion: String? = nil,
    inProgress: Bool = false, via closureName: String? = nil
  ) -> ResolutionError {
    var path = self.path
    if let closureName {
      path.append(closureName)
    }
    if !inProgress {
      path.append(name)
    }
    return ResolutionError(name: name, path: path, suggestion: suggestion, reason: reason)
  }

  /// An error thrown by a creator's own ``ResolvedValues``, with the path of the
  /// resolution in front of it.
  func completed(_ failure: ResolutionError) -> ResolutionError {
    guard failure.isLocalToCreator else { return failure }
    var completed = failure
    // The creator is the innermost name in progress, the last of `path`.
    completed.path = path + [failure.name]
    completed.isLocalToCreator = false
    return completed
  }
}
