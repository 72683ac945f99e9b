// Checks DocC archives built by Scripts/build-docs.sh, beyond what `docc --warnings-as-errors`
// checks:
//
// - every page of a public symbol or an article has a summary (DocC shows a page without one
//   without a warning);
// - every top-level symbol is listed in its module's `## Topics` (DocC adds a symbol that no
//   page lists to a generated group of the module page, without a warning).
//
// Usage: swift Scripts/check-doc-archive.swift <Module>.doccarchive...
// It prints each problem and exits with status 1 when there is any.

import Foundation

/// Symbols that cannot carry a summary because the compiler writes them, with the reason.
let exempt: [String: String] = [
  "/documentation/INJTestSupport/TestContainer/$current":
    "the projected value that @TaskLocal generates for TestContainer.current"
]

var problems: [String] = []

func json(at url: URL) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(contentsOf: url))
}

for path in CommandLine.arguments.dropFirst() {
  let archive = URL(fileURLWithPath: path)
  let module = archive.deletingPathExtension().lastPathComponent
  do {
    // Summaries: every page of a symbol or an article has an abstract.
    let pages = archive.appendingPathComponent("data/documentation")
    let files = FileManager.default.enumerator(at: pages, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "json",
        let page = try json(at: file) as? [String: Any],
        let metadata = page["metadata"] as? [String: Any],
        let identifier = page["identifier"] as? [String: Any],
        let url = identifier["url"] as? String
      else { continue }
      let role = metadata["role"] as? String ?? ""
      let heading = metadata["roleHeading"] as? String ?? ""
      // Groups of default implementations, and pages of extended modules and types, have
      // no comment of their own to carry a summary.
      guard role != "collectionGroup", !heading.hasPrefix("Extended") else { continue }
      let abstract = page["abstract"] as? [Any] ?? []
      let path = url.replacingOccurrences(
        of: #"^doc://[^/]*"#, with: "", options: .regularExpression)
      if abstract.isEmpty, exempt[path] == nil {
        let what = heading.isEmpty ? role : heading.lowercased()
        problems.append("\(module): \(what) \(path) has no summary.")
      }
    }

    // Topics: the module page must have no group that DocC generated.
    let page = archive.appendingPathComponent("data/documentation/\(module.lowercased()).json")
    let sections = (try json(at: page) as? [String: Any])?["topicSections"] as? [Any] ?? []
    for case let section as [String: Any] in sections where section["generated"] as? Bool == true {
      let identifiers = (section["identifiers"] as? [String] ?? []).map {
        $0.replacingOccurrences(of: #"^doc://[^/]*"#, with: "", options: .regularExpression)
      }
      problems.append(
        "\(module): the module page's Topics do not list \(identifiers.joined(separator: ", ")) "
          + "(DocC put them in a generated group '\(section["title"] as? String ?? "")').")
    }
  } catch {
    problems.append("\(module): cannot read the archive at \(path): \(error)")
  }
}

if problems.isEmpty {
  print("Every symbol and article has a summary; every top-level symbol is in its Topics.")
} else {
  problems.forEach { print("error: \($0)") }
  exit(1)
}
