import Foundation

/// The app's settings, read from the bundled `Configuration.json`.
///
/// The container holds it as the instance `conf`; the weather client's provider reads it.
struct Configuration: Sendable, Equatable, Decodable {
  /// Where the weather service answers.
  let serviceURL: URL
  /// The key the service expects with every request.
  let apiKey: String
  /// How many days of forecast to show, from today.
  let daysToRetrieve: Int

  enum CodingKeys: String, CodingKey {
    case serviceURL = "service.url"
    case apiKey = "api.key"
    // The Objective-C original read `days.to.retrive` in code while its Configuration.plist
    // spelled `days.to.retrieve`: the lookup found nothing and the client asked for 0 days,
    // silently. Here the key is spelled once, in this enum, and a missing or misspelled key
    // fails loading with a message naming it.
    case daysToRetrieve = "days.to.retrieve"
  }

  /// Reads and checks the configuration file.
  ///
  /// - Parameter url: The JSON file.
  /// - Returns: The configuration.
  /// - Throws: ``AppError/internal(_:)`` when the file is missing or wrong: it ships with
  ///   the program, so a bad one is a bug in the program, not in the user's input.
  static func load(from url: URL) throws(AppError) -> Configuration {
    let configuration: Configuration
    do {
      configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: url))
    } catch {
      throw .internal(
        "The bundled configuration '\(url.lastPathComponent)' cannot be read: "
          + "\(Resources.describe(error))")
    }
    guard configuration.serviceURL.scheme != nil, configuration.serviceURL.host != nil else {
      throw .internal("The bundled configuration's 'service.url' is not an absolute URL.")
    }
    guard !configuration.apiKey.isEmpty else {
      throw .internal("The bundled configuration's 'api.key' is empty.")
    }
    guard configuration.daysToRetrieve > 0 else {
      throw .internal("The bundled configuration's 'days.to.retrieve' must be at least 1.")
    }
    return configuration
  }
}
