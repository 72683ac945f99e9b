/// The output of a run: an aligned table, or JSON.
enum Report {
  /// The results as an aligned table, one row per benchmark, then one line per target.
  static func table(_ results: [Result]) -> String {
    let header = [
      "benchmark", "unit", "units/iter", "iter×samples", "median ns/unit", "min", "max",
      "vs baseline", "targets",
    ]
    let rows = results.map { result -> [String] in
      let measurement = result.measurement
      return [
        measurement.benchmark.name,
        measurement.benchmark.unit,
        Format.grouped(measurement.benchmark.unitsPerIteration),
        "\(measurement.iterationsPerSample)×\(measurement.samples.count)",
        Format.nanoseconds(measurement.median),
        Format.nanoseconds(measurement.minimum),
        Format.nanoseconds(measurement.maximum),
        result.ratioToBaseline.map { Format.number($0, digits: 2) + "×" } ?? "-",
        result.targets.isEmpty ? "-" : result.meetsTargets ? "met" : "MISSED",
      ]
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.indices.map { column in
        // Names, units and verdicts align left, numbers right.
        Format.pad(cells[column], widths[column], right: column >= 2 && column < 8)
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    var text = line(header) + "\n"
    text += line(widths.map { String(repeating: "-", count: $0) }) + "\n"
    for row in rows {
      text += line(row) + "\n"
    }

    let judged = results.filter { !$0.targets.isEmpty }
    if !judged.isEmpty {
      text += "\nTargets:\n"
      for result in judged {
        for (target, isMet, measured) in result.targets {
          text += "  \(isMet ? "met   " : "MISSED") \(result.measurement.benchmark.name): "
          text += "\(target.summary) (measured \(measured))\n"
        }
      }
    }
    return text
  }

  /// The results as a JSON document.
  static func json(_ results: [Result], checksum: UInt64) -> String {
    var items: [String] = []
    for result in results {
      let measurement = result.measurement
      let benchmark = measurement.benchmark
      let targets = result.targets.map { target, isMet, measured in
        "{\"target\": \(quoted(target.summary)), \"met\": \(isMet), "
          + "\"measured\": \(quoted(measured))}"
      }
      let fields = [
        "\"name\": \(quoted(benchmark.name))",
        "\"group\": \(quoted(benchmark.group))",
        "\"unit\": \(quoted(benchmark.unit))",
        "\"unitsPerIteration\": \(benchmark.unitsPerIteration)",
        "\"sampling\": \(quoted(benchmark.processTask == nil ? "in-process" : "fresh-process"))",
        "\"iterationsPerSample\": \(measurement.iterationsPerSample)",
        "\"samples\": \(measurement.samples.count)",
        "\"medianNanosecondsPerUnit\": \(number(measurement.median))",
        "\"minNanosecondsPerUnit\": \(number(measurement.minimum))",
        "\"maxNanosecondsPerUnit\": \(number(measurement.maximum))",
        "\"medianNanosecondsPerIteration\": \(number(measurement.medianPerIteration))",
        "\"baseline\": \(benchmark.baseline.map(quoted) ?? "null")",
        "\"ratioToBaseline\": \(result.ratioToBaseline.map(number) ?? "null")",
        "\"targets\": [\(targets.joined(separator: ", "))]",
        "\"targetsMet\": \(result.meetsTargets)",
      ]
      items.append("    {\n      " + fields.joined(separator: ",\n      ") + "\n    }")
    }
    return "{\n  \"benchmarks\": [\n" + items.joined(separator: ",\n") + "\n  ],\n"
      + "  \"checksum\": \(checksum)\n}\n"
  }

  /// A JSON number; non-finite values become `null`.
  private static func number(_ value: Double) -> String {
    value.isFinite ? Format.number(value, digits: 4) : "null"
  }

  /// A JSON string.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension String {
  /// The text without the spaces at its end.
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
