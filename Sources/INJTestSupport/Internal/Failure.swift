/// Reports an assertion's failure through the reporter of the test container, if
/// `subject` is one, or else the reporter in effect.
///
/// - Returns: False, for the assertion to return.
@discardableResult
func fail(_ message: String, about subject: Any, at location: IssueLocation) -> Bool {
  ((subject as? TestContainer)?.reporter ?? ReporterScope.current).reportIssue(
    message, at: location)
  return false
}
