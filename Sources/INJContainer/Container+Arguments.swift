import INJReflection

extension Container {
  /// Registers a provider whose creator also takes an argument the caller supplies
  /// (assisted injection): its provider closure `fooProvider` is a closure
  /// `(Argument) -> Foo` that makes a new product from the argument on each call.
  ///
  /// ```swift
  /// container.addProvider(
  ///   forName: "productDetails", dependencies: ["productsService"], argument: String.self
  /// ) { values, productName in
  ///   ProductDetailsScreen(service: try values.value(forName: "productsService"), productName: productName)
  /// }
  /// let makeDetails = try container.value(
  ///   forName: "productDetailsProvider", as: ((String) -> ProductDetailsScreen).self)
  /// let details = makeDetails("Espresso machine")
  /// ```
  ///
  /// The closure is also `(Argument) throws -> Foo`, and `@Inject` properties of
  /// either type are filled. A closure of another type is refused when it is handed
  /// out. Resolving `foo` itself, or depending on it rather than on `fooProvider`,
  /// throws ``ResolutionError`` (reason ``ResolutionError/Reason/requiresArgument(_:)``);
  /// ``checkForErrors()`` reports such a dependency. For several arguments, take a
  /// tuple. The product is made on each call, so the provider has no scope; its
  /// properties are injected as for any provider.
  ///
  /// - Parameters:
  ///   - name: The name; dependents use `fooProvider`.
  ///   - dependencies: The names the creator needs besides the argument.
  ///   - argumentType: The type of the argument.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - creator: Makes the product from the resolved dependencies and the argument.
  ///   - isolation: The actor of the registering code; leave the default. It comes
  ///     last, without a label, so that it cannot be set by mistake.
  ///     Registered from main-actor code, the creator runs on the main actor and the
  ///     closures are `@MainActor (Argument) -> Foo`.
  public func addProvider<T, Argument>(
    forName name: String, dependencies: [String] = [], argument argumentType: Argument.Type,
    fileID: String = #fileID, line: Int = #line,
    creator: @escaping (ResolvedValues, Argument) throws -> T,
    _ isolation: isolated (any Actor)? = #isolation
  ) {
    addArgumentProvider(
      name, dependencies, fileID: fileID, line: line, isolation: CreatorIsolation(isolation),
      creator: creator)
  }

  @usableFromInline
  func addArgumentProvider<T, Argument>(
    _ name: String, _ dependencies: [String], keyTypes: [Any.Type?]? = nil, fileID: String,
    line: Int, isolation creatorIsolation: CreatorIsolation,
    creator: @escaping (ResolvedValues, Argument) throws -> T
  ) {
    let recipe = ArgumentRecipe(type: Argument.self) { owner, slot, token in
      // The closures hold the container weakly, as other provider closures do.
      ProviderFactory(
        making: T.self, argument: Argument.self, isMainActor: creatorIsolation == .mainActor,
        suspending: ArgumentRecipe.resolvingAsync(T.self, slot: slot, in: owner, token: token)
      ) { [weak owner] (argument: Argument) throws -> T in
        let owner = try Container.calledByClosure(owner, of: slot)
        return try ArgumentRecipe.$passedArguments.withValue(
          ArgumentRecipe.passed(argument, for: token)
        ) { try owner.resolveForProviderClosure(slot: slot, as: T.self, graph: nil) }
      }
    }
    addProvider(
      name, dependencies, [], fileID: fileID, line: line, isolation: creatorIsolation,
      productType: T.self,
      creator: Creator.erasing { values in
        // The resolver runs the creator only while the provider closure's argument is
        // passed (see `Resolver.checkBeforeRunning`).
        try creator(values, ArgumentRecipe.argument(for: recipe.token, of: name))
      },
      dependencyKeyTypes: keyTypes, argument: recipe)
  }
}

extension Container {
  /// Registers a provider whose `async` creator also takes an argument the caller
  /// supplies: its provider closure `fooProvider` is `(Argument) async throws -> Foo`.
  ///
  /// ```swift
  /// container.addAsyncProvider(forName: "forecast", dependencies: ["client"], argument: String.self) {
  ///   values, city in try await Forecast.load(city, with: values.value(forName: "client"))
  /// }
  /// let loadForecast = try container.value(
  ///   forName: "forecastProvider", as: ((String) async throws -> Forecast).self)
  /// ```
  ///
  /// As for ``addProvider(forName:dependencies:argument:fileID:line:creator:_:)``,
  /// resolving `foo` itself or depending on it directly is refused; the argument must be
  /// `Sendable`, as it travels with the async resolution.
  ///
  /// - Parameters:
  ///   - name: The name; dependents use `fooProvider`.
  ///   - dependencies: The names the creator needs besides the argument.
  ///   - argumentType: The type of the argument.
  ///   - fileID: The registering file, for reports; leave the default.
  ///   - line: The registering line, for reports; leave the default.
  ///   - isolation: The actor of the registering code; leave the default.
  ///   - creator: Makes the product from the resolved dependencies and the argument.
  public func addAsyncProvider<T, Argument: Sendable>(
    forName name: String, dependencies: [String] = [], argument argumentType: Argument.Type,
    fileID: String = #fileID, line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    creator: @escaping @Sendable (ResolvedValues, Argument) async throws -> T
  ) {
    let recipe = ArgumentRecipe(type: Argument.self) { owner, slot, token in
      ProviderFactory(
        asyncMaking: T.self, argument: Argument.self,
        ArgumentRecipe.resolvingAsync(T.self, slot: slot, in: owner, token: token))
    }
    addProvider(
      name, dependencies, [], fileID: fileID, line: line,
      isolation: CreatorIsolation(isolation), productType: T.self,
      asyncCreator: Creator.erasingAsync { values in
        // The async resolver runs the creator only while the argument is passed.
        try await creator(values, ArgumentRecipe.argument(for: recipe.token, of: name))
      },
      argument: recipe)
  }
}

/// How a provider whose creator takes an argument gets it: its provider closures
/// pass the argument on the calling thread, under the provider's token, while they
/// resolve the provider; its creator reads it there.
///
/// Invariant: an argument is on a thread's stack only during a synchronous call of
/// a provider closure on that thread (pushed before it resolves, popped after), and
/// a resolution never leaves its thread while it runs, so the creator running for
/// that call finds the innermost argument for its token. `ArgumentTests` checks
/// nested and concurrent calls.
@usableFromInline
struct ArgumentRecipe: Sendable {
  /// Identifies the provider's arguments on the stack; shared by its copies in test
  /// containers, whose creators are the same.
  let token = Token()
  /// The argument type.
  let type: Any.Type
  /// The argument type, for errors.
  var typeName: String { String(describing: type) }
  /// Makes the factory of the provider's closures for a container, the slot of the
  /// provider's name and the recipe's token.
  let makeFactory: @Sendable (Container, NameSlot, Token) -> ProviderFactory

  final class Token: Sendable {}

  /// The arguments passed to the provider closures being called, innermost last. They
  /// travel with the task, so that an async resolution, which may move between threads,
  /// and the tasks it awaits see them; a synchronous call made outside any task binds
  /// them to its thread.
  @TaskLocal static var passedArguments: [CallArgument] = []

  /// An argument passed to a provider closure, with the token of the provider it is for.
  ///
  /// `@unchecked Sendable` because the argument of a synchronous creator need not be
  /// `Sendable`: the closure's caller hands it over (the compiler lets a caller pass a
  /// non-`Sendable` value to a nonisolated async closure only when nothing else can
  /// reach it) and waits for the product while the one creator its call resolves reads
  /// it. No lock is needed: nothing else reads it, and nothing writes it.
  struct CallArgument: @unchecked Sendable {
    let token: ObjectIdentifier
    let value: Any
  }

  /// What an async provider closure that takes an argument does on each call: resolves
  /// the provider as `asyncValue` does (which waits for another thread's creation
  /// without blocking this one), with the argument passed in the task. The closure
  /// holds the container weakly, as other provider closures do.
  static func resolvingAsync<Product, Argument>(
    _ productType: Product.Type, slot: NameSlot, in owner: Container, token: Token
  ) -> @Sendable (Argument) async throws -> Product {
    { [weak owner] argument in
      let owner = try Container.calledByClosure(owner, of: slot)
      return try await $passedArguments.withValue(passed(argument, for: token)) {
        try await owner.asyncValue(forName: slot.name, as: Product.self)
      }
    }
  }

  /// Whether an argument is passed for this provider now.
  var isPassed: Bool {
    Self.passedValue(for: token) != nil
  }

  /// The arguments passed now, with `argument` passed for the provider of `token` last.
  static func passed(_ argument: Any, for token: Token) -> [CallArgument] {
    passedArguments + [CallArgument(token: ObjectIdentifier(token), value: argument)]
  }

  /// The innermost argument passed for the provider `name` of `token`; the error of its
  /// creator run without one.
  static func argument<Argument>(for token: Token, of name: String) throws -> Argument {
    // Unwrapped before the cast: an `Any?` cast to `Any` would give the optional.
    guard let value = passedValue(for: token), let argument = value as? Argument else {
      throw ResolutionError(
        name: name, path: [name], reason: .requiresArgument(String(describing: Argument.self)))
    }
    return argument
  }

  private static func passedValue(for token: Token) -> Any? {
    let id = ObjectIdentifier(token)
    return passedArguments.last { $0.token == id }?.value
  }
}
