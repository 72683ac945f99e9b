import INJContainer
import INJPrimitives

/// Watches a test container's resolutions: logs them, refuses names a strict test
/// did not allow and names overridden as unimplemented, and reports each refusal.
struct TestObserver: ResolutionObserver {
  /// What the test container knows about its names, and its log.
  struct State {
    var log = ResolutionLog()
    /// The names the test registered, each with whether the test container did not
    /// have it before (the test added it) rather than had it (the test overrode it).
    var replaced: [String: Bool] = [:]
    var allowed: Set<String> = []
    /// Names overridden or added as unimplemented, with where that was done.
    var unimplemented: [String: IssueLocation] = [:]
    /// The container watched, to tell a refused name that is not registered from
    /// one that is; weak, since the container keeps its observer.
    weak var container: Container?

    /// Records that the test registered `name` (or a copied test container had): as
    /// an added name if it is new (or was added before), else as an overridden one; as
    /// unimplemented at `site`, when given.
    mutating func mark(_ name: String, isNew: Bool, unimplementedAt site: IssueLocation? = nil) {
      replaced[name] = replaced[name] == true || isNew
      unimplemented[name] = site
    }

    /// Whether a strict container lets `name` resolve: it, or for a provider
    /// closure `fooProvider` its base `foo`, is overridden, added or allowed.
    func permits(_ name: String) -> Bool {
      let isClosure = name.hasSuffix("Provider") && name.count > "Provider".count
      let base = isClosure ? String(name.dropLast("Provider".count)) : name
      return [name, base].contains { replaced[$0] != nil || allowed.contains($0) }
    }
  }

  let isStrict: Bool
  let reporter: any IssueReporter
  /// Where the test container was made: failures are reported there when no call
  /// of the test is known.
  let creationSite: IssueLocation
  /// Shared by the test container and its container's copy of this observer.
  let state: Locked<State>

  func willResolve(_ name: String, path: [String]) -> String? {
    let request = ResolutionLog.Resolution(name: name, path: path)
    let (site, refused, container) = state.withLock { state in
      let site = state.unimplemented[name]
      let refused = site != nil || (isStrict && !state.permits(name))
      state.log[keyPath: refused ? \ResolutionLog.refusals : \.resolutions].append(request)
      return (site, refused, state.container)
    }
    guard refused else { return nil }
    let route = path.joined(separator: " → ")
    let refusal = "Strict test container refused '\(name)' (path: \(route))"
    let (message, reason): (String, String)
    if site != nil {
      message =
        "Unimplemented: '\(name)' was resolved (path: \(route)), but the test overrides it as "
        + "unimplemented."
      reason = "'\(name)' is unimplemented in this test."
    } else if let container, !container.isRegistered(name) {
      // Allowing the name would not help: nothing would resolve.
      let advice =
        didYouMean(name, providerClosures: true)
        + " To use a new name, register it in the production container, or add it to the "
        + "test container with add(\"\(name)\", …)."
      message = "\(refusal): nothing is registered under that name.\(advice)"
      reason = "nothing is registered under '\(name)'.\(advice)"
    } else {
      let fix = "Override it, or allow it with allow(\"\(name)\")."
      message = "\(refusal): the test neither overrides nor allows it. \(fix)"
      reason = "the strict test container neither overrides nor allows '\(name)'. \(fix)"
    }
    reporter.reportIssue(message, at: CallSite.location ?? site ?? creationSite)
    return reason
  }

  /// ` Did you mean 'x'?` for the registered name `x` closest to the unregistered
  /// `name`, or nothing when no registered name is close.
  ///
  /// - Parameters:
  ///   - name: A name that is not registered.
  ///   - providerClosures: Whether the provider-closure name `fooProvider` of each
  ///     registered `foo` may be suggested too.
  /// - Returns: The suggestion, with a leading space, or an empty string.
  func didYouMean(_ name: String, providerClosures: Bool) -> String {
    // Registration order: what the container registers, then its overrides by name
    // (what the test added or overrode, or a copied test container had). A name listed
    // twice changes nothing: a tie goes to the earlier one.
    guard let container = state.withLock({ $0.container }) else { return "" }
    let names = (container.registeredNames + container.overriddenNames).filter {
      !$0.allSatisfy(\.isWhitespace)
    }
    let candidates = providerClosures ? names.flatMap { [$0, $0 + "Provider"] } : names
    return Suggestion.closest(to: name, among: candidates).map { " Did you mean '\($0)'?" } ?? ""
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
