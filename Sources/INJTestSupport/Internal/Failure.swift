/// Reports an assertion's failure through the reporter of the test container, if
/// `subject` is one, or else the reporter in effect.
func reportFailure(
  _ message: String, about subject: some ContainerRepresentable, at location: IssueLocation
) {
  let reporter = (subject as? TestContainer)?.reporter ?? ReporterScope.current
  reporter.reportIssue(message, at: location)
}

/// `1 cycle`, `2 cycles`.
func count(_ count: Int, _ noun: String) -> String {
  count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}
