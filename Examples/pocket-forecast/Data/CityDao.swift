import Foundation

/// The user's cities and the selected one, kept in the user defaults.
///
/// It keeps the original app's rules: a fresh install starts with five cities; names are
/// trimmed; two names that differ only in case are the same city, so adding one of them
/// twice keeps the first spelling; the list is shown sorted without regard to case.
final class CityDao: Sendable {
  /// The cities of a fresh install.
  static let defaultCities = ["Manila", "Madrid", "San Francisco", "Phnom Penh", "Omsk"]
  static let citiesKey = "cities"
  static let selectedCityKey = "selectedCity"

  private let userDefaults: KeyValueStore

  init(userDefaults: KeyValueStore) {
    self.userDefaults = userDefaults
  }

  /// Every city, sorted without regard to case; the default cities on first use, which
  /// are stored then.
  ///
  /// In a data directory the app may only read, the default cities are listed but not
  /// stored: listing must not need a write. Nothing is lost, since ``saveCity(_:)`` and
  /// ``deleteCity(_:)`` start from the same defaults when none are stored.
  ///
  /// - Returns: The city names.
  /// - Throws: ``AppError/data(_:)`` when the stored list is not a list of strings;
  ///   ``AppError/io(_:)`` when the default cities cannot be stored.
  func listAllCities() throws(AppError) -> [String] {
    let cities: [String]
    if let stored = try userDefaults.strings(forKey: Self.citiesKey) {
      cities = stored
    } else {
      cities = Self.defaultCities
      if userDefaults.isWritable {
        try userDefaults.set(.strings(cities), forKey: Self.citiesKey)
      }
    }
    return cities.sorted { left, right in
      switch left.caseInsensitiveCompare(right) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: left < right
      }
    }
  }

  /// The stored spelling of the city named `name`, ignoring case and surrounding spaces,
  /// or nil when it is not in the list.
  ///
  /// - Parameter name: A city name, as the user typed it.
  /// - Returns: The name as stored.
  /// - Throws: ``AppError/data(_:)`` when the stored list is damaged; ``AppError/io(_:)``
  ///   when the default cities cannot be stored.
  func city(named name: String) throws(AppError) -> String? {
    let wanted = Self.trimmed(name)
    return try listAllCities().first { $0.caseInsensitiveCompare(wanted) == .orderedSame }
  }

  /// Adds a city unless one with the same name, ignoring case, is there already.
  ///
  /// - Parameter name: The city's name; surrounding spaces are dropped.
  /// - Returns: Whether the city was added.
  /// - Throws: ``AppError/data(_:)`` when the stored list is damaged; ``AppError/io(_:)``
  ///   when the list cannot be stored.
  @discardableResult
  func saveCity(_ name: String) throws(AppError) -> Bool {
    let name = Self.trimmed(name)
    guard !name.isEmpty, try city(named: name) == nil else { return false }
    let cities = try (userDefaults.strings(forKey: Self.citiesKey) ?? Self.defaultCities) + [name]
    try userDefaults.set(.strings(cities), forKey: Self.citiesKey)
    return true
  }

  /// Removes the city named `name`, ignoring case, and clears the selection if it was
  /// the selected city.
  ///
  /// - Parameter name: The city's name.
  /// - Returns: The removed city's stored name, or nil when it was not in the list.
  /// - Throws: ``AppError/data(_:)`` when the stored list or selection is damaged;
  ///   ``AppError/io(_:)`` when the list cannot be stored.
  @discardableResult
  func deleteCity(_ name: String) throws(AppError) -> String? {
    guard let city = try city(named: name) else { return nil }
    let cities = try (userDefaults.strings(forKey: Self.citiesKey) ?? Self.defaultCities)
      .filter { $0 != city }
    try userDefaults.set(.strings(cities), forKey: Self.citiesKey)
    if try loadSelectedCity() == city {
      try clearCurrentlySelectedCity()
    }
    return city
  }

  /// Makes `name` the selected city; a blank name changes nothing.
  ///
  /// - Parameter name: The city's name.
  /// - Throws: ``AppError/io(_:)`` when the selection cannot be stored.
  func saveCurrentlySelectedCity(_ name: String) throws(AppError) {
    let name = Self.trimmed(name)
    guard !name.isEmpty else { return }
    try userDefaults.set(.string(name), forKey: Self.selectedCityKey)
  }

  /// Forgets the selected city.
  ///
  /// - Throws: ``AppError/io(_:)`` when the change cannot be stored.
  func clearCurrentlySelectedCity() throws(AppError) {
    try userDefaults.set(nil, forKey: Self.selectedCityKey)
  }

  /// The selected city, or nil when none is selected.
  ///
  /// - Throws: ``AppError/data(_:)`` when the stored selection is not a string.
  func loadSelectedCity() throws(AppError) -> String? {
    try userDefaults.string(forKey: Self.selectedCityKey)
  }

  static func trimmed(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
