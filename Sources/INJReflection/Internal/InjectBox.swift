// Public: the inlinable accessors of `Inject` read a box's state through `AtomicWord`.
// Nothing of the module is re-exported.
public import INJPrimitives

/// Whether an ``InjectBox`` holds a value: what its state word holds, as the raw value.
///
/// Declared outside the generic box: nested in `InjectBox<Value>`, it would be a type
/// of its own for every `Value`.
@usableFromInline
enum InjectBoxState: Int {
  case empty
  case filling
  case full
}

/// The part of an ``InjectBox`` that the injector uses without knowing its value
/// type: filling it from a source.
///
/// The injector reads the box of an `@Inject` property at its offset in the object
/// as this class and calls ``fillIfEmpty(named:from:ownerType:)``, which the box
/// overrides: no generic type is named, so neither its metadata nor a conformance
/// is looked up.
///
/// It keeps the box's state, an atomic word, as its first stored property (the class
/// has no superclass), inside the box: see ``ObjectWords``. A box costs one allocation.
@usableFromInline
class InjectBoxBase {
  /// The state word's first value; read and written only through ``state`` after.
  private var stateWord = InjectBoxState.empty.rawValue

  @usableFromInline
  init() {}

  /// The box's ``InjectBoxState``, as its raw value.
  @inlinable
  @inline(__always)
  final var state: AtomicWord {
    ObjectWords.word(0, of: self)
  }

  /// Sets the value from what `source` offers for `name` unless it is set; returns
  /// whether it was set. Every box is an ``InjectBox``, which overrides this; a box
  /// of no value type would have nothing to set.
  func fillIfEmpty(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    false
  }
}

/// The reference storage behind one `@Inject` property.
///
/// Every copy of the wrapper shares the box, so the injector can fill the property
/// through a read-only view of the object that holds it.
///
/// ## Threads
///
/// An object may be handed out again after it was made (a transient provider can
/// return a cached or shared object), so several threads can inject it, or read it,
/// at once. The box makes that safe with a small state next to the value:
///
/// - the injector fills an empty box only after moving it from `empty` to
///   `filling` with one atomic exchange, so exactly one thread writes the value, and
///   publishes it by storing `full` (releasing);
/// - the getter reads the value only after seeing `full` (acquiring), so it never
///   reads a half-written value: until then it answers nil;
/// - the setter, the app's own write, stores the value and then the state, like any
///   property: an app that writes a property on one thread while another thread
///   reads or injects it must synchronise those writes itself.
///
/// So a property is filled at most once while it holds a value, and `SoundnessTests`
/// injects and reads shared objects on eight threads under ThreadSanitizer.
///
/// The code that depends on `Value` (reading and writing the value, converting an
/// offered one) is inlinable and reached through `filler`, a function chosen where
/// the wrapper is created, so it is specialized for the property's own type: the
/// injector itself never works with the generic `Value`.
@usableFromInline
final class InjectBox<Value>: InjectBoxBase, @unchecked Sendable {
  // `value` is written only by the thread that moved `state` to `filling` (the
  // injector) or by the app's setter, and read only after `state` is seen `full`;
  // see the type's discussion.

  @usableFromInline var value: Value?
  /// Converts an offered value to `Value` and stores it.
  @usableFromInline let filler: Filler

  /// Converts an offered value to `Value` and, unless the box holds a value or
  /// another thread is filling it, stores it; returns whether it stored it, or the
  /// error of a value that does not fit.
  ///
  /// It returns a `Result` rather than being a `throws(InjectionError)` function: the
  /// type of a stored property is in the class's field records, and reading those
  /// (`Mirror`, `dump`) makes the property type's metadata, which for a typed-throws
  /// function type only the Swift 6 runtime (iOS 18, macOS 15) can make; on earlier
  /// systems the program would stop.
  @usableFromInline
  typealias Filler = (
    InjectBox<Value>, InjectionValue, _ propertyName: String, _ ownerType: Any.Type
  ) -> Result<Bool, InjectionError>

  @inlinable
  init(filler: @escaping Filler) {
    self.filler = filler
    super.init()
  }

  /// The value, or nil while the box is empty or being filled.
  @inlinable
  var current: Value? {
    state.load(ordering: .acquiring) == InjectBoxState.full.rawValue ? value : nil
  }

  /// The app's own write.
  @inlinable
  func set(_ newValue: Value?) {
    value = newValue
    state.store(
      (newValue == nil ? InjectBoxState.empty : .full).rawValue, ordering: .releasing)
  }

  /// Stores a converted value in an empty box: only the thread that moves the box
  /// from `empty` to `filling` writes it. Returns whether it stored it.
  @inlinable
  func fill(with converted: Value) -> Bool {
    guard
      state.compareExchange(
        expected: InjectBoxState.empty.rawValue, desired: InjectBoxState.filling.rawValue,
        ordering: .acquiring
      ).exchanged
    else {
      return false
    }
    value = converted
    state.store(InjectBoxState.full.rawValue, ordering: .releasing)
    return true
  }

  /// Fills the box with a plain value offered for a property of type `Value`.
  @inlinable
  static func fillValue(
    _ box: InjectBox<Value>, _ offered: InjectionValue, _ propertyName: String,
    _ ownerType: Any.Type
  ) -> Result<Bool, InjectionError> {
    Result { () throws(InjectionError) in
      box.fill(
        with: try InjectionValue.convert(
          offered, to: Value.self, propertyName: propertyName, ownerType: ownerType))
    }
  }

  /// Sets the value from what `source` offers for `name`, unless the value is
  /// set already, another thread is setting it, or nothing is offered; returns
  /// whether it was set.
  ///
  /// - Throws: ``InjectionError`` when the offered value does not fit the property;
  ///   the box is then left empty.
  override func fillIfEmpty(
    named name: String, from source: any InjectionSource, ownerType: Any.Type
  ) throws(InjectionError) -> Bool {
    guard state.load(ordering: .relaxed) == InjectBoxState.empty.rawValue,
      let offered = source.injectionValue(forProperty: name)
    else {
      return false
    }
    // The filler converts before claiming the box, so a failure leaves it as it was.
    return try filler(self, offered, name, ownerType).get()
  }
}
