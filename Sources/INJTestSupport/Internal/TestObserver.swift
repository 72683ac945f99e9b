import INJContainer
import INJReflection

/// Watches a test container's resolutions: logs them, refuses names a strict test
/// did not allow and names overridden as unimplemented, and reports each refusal.
final class TestObserver: ResolutionObserver {
  struct State {
    var log = ResolutionLog()
    var overridden: Set<String> = []
    var allowed: Set<String> = []
    /// Names overridden as unimplemented, with where that was done.
    var unimplemented: [String: IssueLocation] = [:]

    /// Whether a strict container lets `name` resolve: it, or for a provider
    /// closure `fooProvider` its base `foo`, is overridden or allowed.
    func permits(_ name: String) -> Bool {
      if overridden.contains(name) || allowed.contains(name) {
        return true
      }
      guard name.hasSuffix("Provider"), name.count > "Provider".count else { return false }
      let base = String(name.dropLast("Provider".count))
      return overridden.contains(base) || allowed.contains(base)
    }
  }

  private enum Verdict {
    case allowed
    case notAllowed
    case unimplemented(IssueLocation)
  }

  let isStrict: Bool
  let reporter: any IssueReporter
  /// Where the test container was made: failures are reported there when no call
  /// of the test is known.
  let creationSite: IssueLocation
  private let state: Locked<State>

  init(
    isStrict: Bool, allowed: [String], reporter: any IssueReporter, creationSite: IssueLocation
  ) {
    self.isStrict = isStrict
    self.reporter = reporter
    self.creationSite = creationSite
    state = Locked(State(allowed: Set(allowed)))
  }

  // MARK: What the test container changes

  func markOverridden<Names: Sequence<String>>(_ names: Names) {
    state.withLock { state in
      for name in names {
        state.overridden.insert(name)
        state.unimplemented[name] = nil
      }
    }
  }

  func markUnimplemented(_ name: String, site: IssueLocation) {
    state.withLock { state in
      state.unimplemented[name] = site
      state.overridden.remove(name)
    }
  }

  func allow(_ names: [String]) {
    state.withLock { $0.allowed.formUnion(names) }
  }

  var allowedNames: [String] {
    state.withLock { $0.allowed }.sorted()
  }

  var overriddenNames: [String] {
    state.withLock { $0.overridden.union($0.unimplemented.keys) }.sorted()
  }

  var log: ResolutionLog {
    state.withLock { $0.log }
  }

  func clearLog() {
    state.withLock { $0.log = ResolutionLog() }
  }

  // MARK: Observing

  func willResolve(_ name: String, path: [String]) -> String? {
    let request = ResolutionLog.Resolution(name: name, path: path)
    let verdict = state.withLock { state -> Verdict in
      if let site = state.unimplemented[name] {
        state.log.refusals.append(request)
        return .unimplemented(site)
      }
      if isStrict, !state.permits(name) {
        state.log.refusals.append(request)
        return .notAllowed
      }
      state.log.resolutions.append(request)
      return .allowed
    }
    let route = path.joined(separator: " → ")
    switch verdict {
    case .allowed:
      return nil
    case .notAllowed:
      reporter.reportIssue(
        "Strict test container refused '\(name)' (path: \(route)): the test neither "
          + "overrides nor allows it. Override it, or allow it with allow(\"\(name)\").",
        at: CallSite.location ?? creationSite)
      return
        "the strict test container neither overrides nor allows '\(name)'. Override it, or "
        + "allow it with allow(\"\(name)\")."
    case .unimplemented(let site):
      reporter.reportIssue(
        "Unimplemented: '\(name)' was resolved (path: \(route)), but the test overrides it "
          + "as unimplemented.",
        at: CallSite.location ?? site)
      return "'\(name)' is unimplemented in this test."
    }
  }

  func didCreate(_ name: String, product: Any, path: [String]) {
    let creation = ResolutionLog.Creation(
      name: name, path: path, productType: String(describing: type(of: product)))
    state.withLock { $0.log.creations.append(creation) }
  }
}

/// The place in the test that started the resolution in progress, when it went
/// through a ``TestContainer`` method or an assertion.
enum CallSite {
  @TaskLocal static var location: IssueLocation?
}
