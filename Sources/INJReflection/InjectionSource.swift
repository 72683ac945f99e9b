/// Offers values for an object's injectable properties, by property name.
///
/// A container implements it with the resolved dependencies of the provider that
/// made the object: a property is filled only when its name is one of them.
///
/// ```swift
/// struct Values: InjectionSource {
///   var values: [String: Any]
///   func injectionValue(forProperty name: String) -> InjectionValue? {
///     values[name].map { .value($0) }
///   }
/// }
/// ```
public protocol InjectionSource {
  /// The value for the property named `name`, or nil when that name must not be
  /// injected.
  ///
  /// The injector asks only for properties that are still nil.
  func injectionValue(forProperty name: String) -> InjectionValue?
}
