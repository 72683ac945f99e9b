import INJContainer

extension Container {
  /// ` Did you mean 'x'?` for the registered name `x` closest to the unregistered
  /// `name`, or nothing when no registered name is close.
  ///
  /// - Parameters:
  ///   - name: A name that is not registered.
  ///   - added: The names the test added, in the order it added them.
  ///   - providerClosures: Whether the provider-closure name `fooProvider` of each
  ///     registered `foo` may be suggested too.
  /// - Returns: The suggestion, with a leading space, or an empty string.
  func didYouMean(_ name: String, added: [String], providerClosures: Bool) -> String {
    // Registration order: what the container registers, then what the test added,
    // then what it holds as overrides only (copied from another test container). A
    // name listed twice changes nothing: a tie goes to the earlier one.
    let names = (registeredNames + added + overriddenNames).filter {
      !$0.allSatisfy(\.isWhitespace)
    }
    let candidates = providerClosures ? names.flatMap { [$0, $0 + "Provider"] } : names
    return Suggestion.closest(to: name, among: candidates).map { " Did you mean '\($0)'?" } ?? ""
  }
}

extension IssueLocation {
  /// The location of a call with these parameters.
  init(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
    self.init(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
