import Foundation
import Injineer

/// Draws a weather report in the current theme.
///
/// The container makes a new one for each screen that needs it (the provider is
/// transient) and sets ``theme`` afterwards, by property injection: the provider lists
/// `theme` among its dependencies, and the property is marked `@Inject`.
@MainActor
final class WeatherReportView {
  @Inject var theme: Theme?

  /// The report's screen.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - status: Where the report came from, shown last.
  /// - Returns: The text.
  /// - Throws: ``AppError/internal(_:)`` when the container did not set ``theme``.
  func draw(_ report: WeatherReport, status: String) throws(AppError) -> String {
    let theme = try injected(theme, "theme", in: "weatherReportView")
    let now = report.current
    // Columns: the day, the theme's bullet, the summary, the temperatures, the rain.
    var lines = [
      "\(ScreenText.pad("Now", 10)) \(theme.bullet) \(ScreenText.pad(now.summary, 17))"
        + ScreenText.pad("\(now.temperature)°C", 9, alignRight: true),
      "\(ScreenText.pad("", 12)) humidity \(now.humidity)%, wind \(now.windSpeed) km/h "
        + now.windDirection,
      "",
    ]
    for day in report.forecast {
      let name = ScreenText.pad(CalendarDate.shortName(of: day.date), 10)
      let summary = ScreenText.pad(day.summary, 17)
      let temperatures = ScreenText.pad("\(day.low)..\(day.high)°C", 9, alignRight: true)
      let rain = ScreenText.pad("\(day.chanceOfRain)%", 4, alignRight: true)
      lines.append("\(name) \(theme.bullet) \(summary)\(temperatures)  rain \(rain)")
    }
    let issued = report.issued.replacingOccurrences(of: "T", with: " ")
      .replacingOccurrences(of: "Z", with: " UTC")
    return ScreenText.draw(
      title: report.cityDisplayName, lines: lines,
      notes: ["Issued \(issued) by \(report.source).", status], theme: theme)
  }
}
