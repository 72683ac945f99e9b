/// Makes a new product on each call; provider-closure properties are filled from it.
///
/// A container offers a factory for a dependency named like `fooProvider`. The
/// injector turns it into a closure of the property's own type with
/// ``closure(as:)``: `() -> Foo`, `() throws -> Foo`, `@MainActor () -> Foo`, an
/// async closure, one taking the factory's argument, or the same with another result
/// that `as?` can cast a product to (an existential such as `any Screen`, a
/// superclass, the wrapped type of an optional product, an array of a supertype, a
/// tuple with labels), casting each new value.
///
/// ```swift
/// let factory = ProviderFactory(making: Foo.self) { Foo() }
/// let makeFoo = try factory.closure(as: (() -> Foo).self)
/// let makeScreen = try factory.closure(as: (() throws -> any Screen).self)
/// ```
///
/// A closure whose result type no product of the declared type can ever have is
/// refused when it is asked for (``InjectionError``). Where some products may fit and
/// others not (an optional product that may be `nil`, a class whose subclasses may
/// conform to a protocol it lacks, a conformance isolated to the main actor), the
/// closure is handed out and each product is cast when it is made. A plain closure
/// cannot report failure: when making the product throws, or a product is not of the
/// closure's result type, it stops the program with the full error text. A throwing
/// closure throws instead.
@usableFromInline
package final class ProviderFactory {
  /// Makes the factory's closures of every type but its own.
  let maker: ClosureMaker
  /// The factory's own `() -> Product` closure (`()` for an async factory, which has
  /// none), for callers that hand out a closure without knowing its static type.
  package let exactClosureValue: Any
  /// The factory's other own closures, handed out by a cast like the one above:
  /// `() throws -> Product`, and the async closure of an async factory.
  private let exactThrowingClosure: Any
  private let exactAsyncClosure: Any?

  /// What the factory's closures can be: its product type, whether the products are
  /// made by an async creator (its closures are then async only) or on the main actor
  /// (its closures are then main-actor closures only), and the type of the argument
  /// each closure takes and passes on to make the product, if any.
  package let offer: ClosureOffer

  private init(
    _ maker: ClosureMaker, argument argumentType: Any.Type?, isMainActor: Bool = false,
    plain: Any = (), throwing: Any = (), async: Any? = nil
  ) {
    self.maker = maker
    offer = ClosureOffer(
      productType: maker.productType, isMainActor: isMainActor, isAsync: maker.create == nil,
      argumentType: argumentType)
    exactClosureValue = plain
    exactThrowingClosure = throwing
    exactAsyncClosure = async
  }

  /// Creates a factory from a closure that makes one product per call.
  ///
  /// - Parameters:
  ///   - productType: The type `create` returns; closures of exactly this result
  ///     type are built without a cast per call.
  ///   - isMainActor: Whether `create` must run on the main actor; its closures are
  ///     then main-actor closures only.
  ///   - suspendingCreate: Creates one product as `create` does, suspending instead
  ///     of blocking its thread where `create` would wait: what the factory's async
  ///     closures call, when given.
  ///   - lazilyReading: Makes the reading of one ``Lazy`` (or, `weakly`, ``WeakLazy``)
  ///     value: a product made once, then given on every read; without it, the factory
  ///     makes no lazy values.
  ///   - create: Creates one product, or throws why it could not.
  package convenience init<Product>(
    making productType: Product.Type = Product.self, isMainActor: Bool = false,
    suspending suspendingCreate: (@Sendable () async throws -> Product)? = nil,
    lazilyReading: (@Sendable (_ weakly: Bool) -> @Sendable () throws -> Any?)? = nil,
    _ create: @escaping @Sendable () throws -> Product
  ) {
    var maker = ClosureMaker(
      productType: productType, create: { _ in try create() }, lazilyReading: lazilyReading)
    if let suspendingCreate {
      maker.asyncCreate = { _ in try await suspendingCreate() }
    }
    let plain: @Sendable () -> Product = { ProviderFactory.stopOnFailure(create) }
    if isMainActor {
      self.init(
        maker, argument: nil, isMainActor: true, plain: { plain() } as @MainActor () -> Product,
        throwing: { try create() } as @MainActor () throws -> Product)
    } else {
      // Stored with the non-Sendable types users ask for: a cast of an `Any` holding
      // a `@Sendable` function to the plain function type fails.
      self.init(
        maker, argument: nil, plain: plain as () -> Product,
        throwing: create as () throws -> Product)
    }
  }

  /// Creates a factory from an async closure that makes one product per call: its
  /// closures are `() async throws -> Product`.
  ///
  /// - Parameters:
  ///   - productType: The type `create` returns.
  ///   - create: Creates one product, or throws why it could not.
  package convenience init<Product>(
    asyncMaking productType: Product.Type = Product.self,
    _ create: @escaping @Sendable () async throws -> Product
  ) {
    self.init(
      ClosureMaker(productType: productType, asyncCreate: { _ in try await create() }),
      argument: nil, async: create as () async throws -> Product)
  }

  /// Creates a factory whose closures take an argument and pass it on to make each
  /// product (assisted injection): `(Argument) -> Product` and
  /// `(Argument) throws -> Product`.
  ///
  /// ```swift
  /// let factory = ProviderFactory(making: Greeting.self, argument: String.self) { name in
  ///   Greeting(name: name)
  /// }
  /// ```
  ///
  /// It offers no closure without the argument: asking for one throws
  /// ``InjectionError`` (reason ``InjectionError/Reason/argumentClosure(expected:offered:)``).
  ///
  /// - Parameters:
  ///   - productType: The type `create` returns.
  ///   - argumentType: The type of the argument.
  ///   - isMainActor: Whether `create` must run on the main actor; the closures are
  ///     then `@MainActor (Argument) -> Product` and
  ///     `@MainActor (Argument) throws -> Product`.
  ///   - suspendingCreate: Creates one product as `create` does, suspending instead
  ///     of blocking its thread where `create` would wait: what the factory's async
  ///     closures call, when given.
  ///   - create: Creates one product from the argument, or throws why it could not.
  package convenience init<Product, Argument>(
    making productType: Product.Type = Product.self, argument argumentType: Argument.Type,
    isMainActor: Bool = false,
    suspending suspendingCreate: (@Sendable (Argument) async throws -> Product)? = nil,
    _ create: @escaping @Sendable (Argument) throws -> Product
  ) {
    // The closures pass only arguments of `Argument`'s exact type (see `ClosureOffer`).
    var maker = ClosureMaker(
      productType: productType, create: { try create($0.value as! Argument) })
    if let suspendingCreate {
      maker.asyncCreate = { try await suspendingCreate($0.value as! Argument) }
    }
    let plain: @Sendable (Argument) -> Product = { argument in
      ProviderFactory.stopOnFailure { try create(argument) }
    }
    if isMainActor {
      self.init(
        maker, argument: argumentType, isMainActor: true,
        plain: { plain($0) } as @MainActor (Argument) -> Product,
        throwing: { try create($0) } as @MainActor (Argument) throws -> Product)
    } else {
      // Stored with the non-Sendable types users ask for, as for closures without an
      // argument.
      self.init(
        maker, argument: argumentType, plain: plain as (Argument) -> Product,
        throwing: create as (Argument) throws -> Product)
    }
  }

  /// Creates a factory whose closures take an argument and pass it on to make each
  /// product with an async creator: `(Argument) async throws -> Product`.
  ///
  /// - Parameters:
  ///   - productType: The type `create` returns.
  ///   - argumentType: The type of the argument.
  ///   - create: Creates one product from the argument, or throws why it could not.
  package convenience init<Product, Argument>(
    asyncMaking productType: Product.Type = Product.self, argument argumentType: Argument.Type,
    _ create: @escaping @Sendable (Argument) async throws -> Product
  ) {
    // The closures pass only arguments of `Argument`'s exact type (see `ClosureOffer`).
    let maker = ClosureMaker(
      productType: productType, asyncCreate: { try await create($0.value as! Argument) })
    self.init(maker, argument: argumentType, async: create as (Argument) async throws -> Product)
  }

  /// The closure of exactly `Closure`'s type, when it is one of the factory's own
  /// closure types (`() -> Product` or `() throws -> Product`, with the argument for
  /// a factory that takes one).
  ///
  /// The throwing closure is tried first: a plain closure also casts to the throwing
  /// type, but stops the program where the throwing one throws.
  @usableFromInline
  package func exactClosure<Closure>(as closureType: Closure.Type) -> Closure? {
    (exactThrowingClosure as? Closure) ?? (exactClosureValue as? Closure)
      ?? exactAsyncClosure.flatMap { $0 as? Closure }
  }

  /// What `create` makes; stops the program with the full error text when it throws,
  /// for a closure that cannot report a failure.
  static func stopOnFailure<Product>(_ create: () throws -> Product) -> Product {
    do {
      return try create()
    } catch {
      fatalError(String(describing: error))
    }
  }
}
