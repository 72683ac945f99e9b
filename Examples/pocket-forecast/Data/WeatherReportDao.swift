import Foundation

/// Keeps the last report for each city, one JSON file per city, so that a launch shows
/// the report without asking the weather service again.
///
/// The container holds it as the instance `weatherReportDao`; the weather client stores
/// every report it loads here, and the weather report screen reads from here first.
final class WeatherReportDao: Sendable {
  /// The folder of the report files.
  let directory: URL

  /// - Parameter directory: The folder of the report files; it is created on the first
  ///   save.
  init(directory: URL) {
    self.directory = directory
  }

  /// The stored report for a city, or nil when there is none.
  ///
  /// - Parameter cityName: The city's name; case does not matter.
  /// - Returns: The report.
  /// - Throws: ``AppError/data(_:)`` when the stored file is damaged; ``AppError/io(_:)``
  ///   when it cannot be read.
  func report(forCityName cityName: String) throws(AppError) -> WeatherReport? {
    let file = fileURL(forCityName: cityName)
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw .io(
        "Cannot read the stored report '\(file.path)': \(Resources.systemReason(of: error)). "
          + "Check that it is a file you may read.")
    }
    do {
      return try JSONDecoder().decode(WeatherReport.self, from: data)
    } catch {
      throw .data(
        "The stored report '\(file.path)' is damaged: \(Resources.describe(error)) "
          + "Run 'pocket-forecast refresh' to fetch it again.")
    }
  }

  /// Stores a report, replacing the city's previous one.
  ///
  /// - Parameter report: The report; it is filed under its city's display name.
  /// - Throws: ``AppError/io(_:)`` when it cannot be written.
  func save(_ report: WeatherReport) throws(AppError) {
    let file = fileURL(forCityName: report.cityDisplayName)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try encoder.encode(report).write(to: file, options: .atomic)
    } catch {
      throw .io(
        "Cannot write the stored report '\(file.path)': \(Resources.systemReason(of: error)). "
          + "Make its folder writable, or choose another folder with --data-dir.")
    }
  }

  /// `reports/san%20francisco.json` for `San Francisco`: lowercased, so that one city
  /// has one file whatever its case, and percent-encoded, so that any name is a safe
  /// file name.
  private func fileURL(forCityName cityName: String) -> URL {
    let name = CityDao.trimmed(cityName).lowercased()
    let safe = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
    return directory.appendingPathComponent(safe + ".json")
  }
}
