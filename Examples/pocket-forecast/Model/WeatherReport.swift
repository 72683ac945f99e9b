/// The weather in one city: the conditions now and a forecast for the coming days.
///
/// The weather client makes reports; the weather report DAO stores them as JSON.
struct WeatherReport: Sendable, Equatable, Codable {
  /// The weather at the time the report was issued.
  struct Conditions: Sendable, Equatable, Codable {
    let summary: String
    /// Degrees Celsius.
    let temperature: Int
    /// Relative humidity, in percent.
    let humidity: Int
    /// Kilometres per hour.
    let windSpeed: Int
    /// Where the wind comes from: `N`, `NE`, … `NW`.
    let windDirection: String
  }

  /// The forecast for one day.
  struct DailyForecast: Sendable, Equatable, Codable {
    /// The day, as `YYYY-MM-DD`.
    let date: String
    let summary: String
    /// Degrees Celsius.
    let low: Int
    /// Degrees Celsius.
    let high: Int
    /// In percent.
    let chanceOfRain: Int
  }

  /// The city's name as the weather service spells it.
  let cityDisplayName: String
  /// When the service issued the report, as `YYYY-MM-DDTHH:MMZ`; the app never reads the
  /// clock, so its output depends only on its input.
  let issued: String
  /// The host name of the service that issued it.
  let source: String
  let current: Conditions
  /// One entry per day, from the day of issue.
  let forecast: [DailyForecast]
}

/// Names for the days of a `YYYY-MM-DD` date, worked out without a calendar or the clock.
enum CalendarDate {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `Mon 6 May` for `2024-05-06`; the text itself when it is not such a date.
  ///
  /// - Parameter date: A Gregorian date, `YYYY-MM-DD`.
  /// - Returns: The weekday, the day of the month and the month.
  static func shortName(of date: String) -> String {
    let parts = date.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
      return date
    }
    let (year, month, day) = (parts[0], parts[1], parts[2])
    // Sakamoto's method: the day of the week of a Gregorian date, 0 being Sunday.
    let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    let y = month < 3 ? year - 1 : year
    let weekday = (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
    return "\(weekdays[weekday]) \(day) \(months[month - 1])"
  }
}
