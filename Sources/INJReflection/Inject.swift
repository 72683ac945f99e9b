/// Marks a property that the container fills after creating its object.
///
/// Declare the property optional and leave it nil; when the object's provider lists a
/// dependency with the property's name, the container sets it right after the
/// creator returns:
///
/// ```swift
/// final class ProductsListViewController {
///   @Inject var productsService: ProductsService?
///   @Inject var productDetailsViewControllerProvider: (() -> ProductDetailsViewController)?
/// }
/// ```
///
/// The property must be optional (`ProductsService?`, or `ProductsService!` to read it
/// without unwrapping): it is nil until the container fills it. A non-optional property,
/// `@Inject var productsService: ProductsService`, does not compile; Swift says *property
/// type 'ProductsService' does not match 'wrappedValue' type 'Value?'*. Add the `?`, or
/// take the dependency in the initializer instead.
///
/// The wrapper keeps its value in a small reference box. That is what lets the
/// injector find the property by its stored name (`_productsService`) and set it
/// without ever writing to the object's memory: it sets the box. A property that
/// already holds a value is never overwritten, and one that several threads inject at
/// once (an object a transient provider hands out again) is filled by exactly one of
/// them; a thread reading it meanwhile sees nil or the whole value.
///
/// Only class instances are injected. A struct with `@Inject` properties would
/// share one box between all of its copies, so injecting it throws
/// ``InjectionError`` instead; pass a struct its dependencies through its
/// initializer.
///
/// A property of a closure type, such as `(() -> Product)?` or
/// `(() throws -> Product)?`, receives a provider closure when its name is a
/// provider-closure dependency (`productProvider`); any closure type the provider's
/// products fit works. `Product` may be a
/// supertype of what the provider makes (a protocol existential or a superclass):
/// each call casts the new value. For a product made on the main actor (registered
/// from main-actor code), type it `(@MainActor () -> Product)?`: the compiler then
/// refuses a call off the main actor. A plain `(() -> Product)?` cannot hold that
/// provider's closure: resolving the provider throws, and the container's check,
/// where it lists the type's properties, reports the property with the fix.
@propertyWrapper
public struct Inject<Value> {
  @usableFromInline let box: InjectBox<Value>

  /// Creates an empty property that the container fills.
  @inlinable
  public init() {
    box = InjectBox(filler: InjectBox.fillValue)
  }

  /// The injected value, or nil before injection.
  @inlinable
  public var wrappedValue: Value? {
    get { box.current }
    nonmutating set { box.set(newValue) }
  }
}
