import INJContainer
import INJPrimitives
import INJReflection

/// Watches a test container's resolutions: logs them, refuses names a strict test
/// did not allow and names overridden as unimplemented, and reports each refusal.
final class TestObserver: ResolutionObserver {
  struct State {
    var log = ResolutionLog()
    /// Names registered before the test replaced them.
    var overridden: Set<String> = []
    /// Names the test registered that the test container did not have, in the order
    /// the test added them.
    var added: [String] = []
    var allowed: Set<String> = []
    /// Names overridden or added as unimplemented, with where that was done.
    var unimplemented: [String: IssueLocation] = [:]
    /// The container watched, to tell a refused name that is not registered from
    /// one that is; weak, since the container keeps its observer.
    weak var container: Container?

    /// Whether a strict container lets `name` resolve: it, or for a provider
    /// closure `fooProvider` its base `foo`, is overridden, added or allowed.
    func permits(_ name: String) -> Bool {
      var names = [name]
      if name.hasSuffix("Provider"), name.count > "Provider".count {
        names.append(String(name.dropLast("Provider".count)))
      }
      return names.contains {
        overridden.contains($0) || allowed.contains($0) || added.contains($0)
      }
    }
  }

  private enum Verdict {
    case allowed
    case notAllowed(in: Container?, added: [String])
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

  /// Starts watching `container`, the test container's.
  func attach(to container: Container) {
    state.withLock { $0.container = container }
  }

  /// Records that the test registered `name` (or a copied test container had): as an
  /// added name if it is new (or was added before), else as an overridden one; as
  /// unimplemented at `site`, when given.
  func mark(_ name: String, isNew: Bool, unimplementedAt site: IssueLocation? = nil) {
    state.withLock { state in
      if isNew {
        if !state.added.contains(name) { state.added.append(name) }
      } else if !state.added.contains(name) {
        state.overridden.insert(name)
      }
      state.unimplemented[name] = site
    }
  }

  func allow(_ names: [String]) {
    state.withLock { $0.allowed.formUnion(names) }
  }

  var allowedNames: [String] {
    state.withLock { $0.allowed }.sorted()
  }

  var overriddenNames: [String] {
    state.withLock { $0.overridden.subtracting($0.added) }.sorted()
  }

  /// The names the test added, in the order it added them.
  var addedNames: [String] {
    state.withLock { $0.added }
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
        return .notAllowed(in: state.container, added: state.added)
      }
      state.log.resolutions.append(request)
      return .allowed
    }
    let route = path.joined(separator: " → ")
    switch verdict {
    case .allowed:
      return nil
    case .notAllowed(let container, let added):
      if let container, !container.isRegistered(name) {
        // Allowing the name would not help: nothing would resolve.
        let suggestion = container.closestRegisteredName(
          to: name, added: added, providerClosures: true)
        let advice =
          (suggestion.map { "Did you mean '\($0)'? " } ?? "")
          + "To use a new name, register it in the production container, or add it to the "
          + "test container with add(\"\(name)\", …)."
        reporter.reportIssue(
          "Strict test container refused '\(name)' (path: \(route)): nothing is registered "
            + "under that name. \(advice)",
          at: CallSite.location ?? creationSite)
        return "nothing is registered under '\(name)'. \(advice)"
      }
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
