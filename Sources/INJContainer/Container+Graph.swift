public import INJGraph
import INJReflection

extension Container {
  /// Creates a child container: it sees this container's names and can shadow them
  /// with its own registrations.
  ///
  /// A child's registrations resolve their dependencies in the child first, then in
  /// its ancestors; an ancestor never sees a child's names, so shadowing a name in a
  /// child changes nothing for the parent. The child keeps its parent alive; the
  /// parent does not keep its children, so dropping a child frees only the child's
  /// registrations and singletons. The child has its parent's default scope
  /// (``init(defaultScope:)``) and creation observer.
  ///
  /// ```swift
  /// let request = app.makeChild()
  /// request.addInstance(currentUser, forName: "user")
  /// let handler = try request.value(forName: "handler", as: Handler.self)
  /// ```
  ///
  /// - Returns: A new, empty child.
  public func makeChild() -> Container {
    Container(parent: self, defaultScope: defaultScope, creationObserver: creationObserver)
  }

  /// The container's registrations as a dependency graph, for pictures and analysis.
  ///
  /// Every registered name is a node (a child's graph also has the names of its
  /// ancestors that it does not shadow); each provider's dependencies are its edges.
  /// A dependency on a provider closure `fooProvider` is a *deferred* edge to `foo`:
  /// it is drawn dashed and never counts as a cycle.
  ///
  /// ```swift
  /// let graph = container.dependencyGraph()
  /// print(graph.unreachableNodes(from: ["window"]))
  /// ```
  ///
  /// - Returns: A snapshot; later registrations do not change it.
  public func dependencyGraph() -> DependencyGraph<String> {
    var graph = DependencyGraph<String>()
    var shadowed = Set<String>()
    for container in lineage {
      let level = container.withRegistry { $0.everyRegistration }
      let overridden = Set(level.filter(\.isOverride).map(\.registration.name))
      for (registration, isOverride) in level
      where !registration.name.isBlank && !shadowed.contains(registration.name)
        && (isOverride || !overridden.contains(registration.name))
      {
        let dependencies = registration.registeredProvider?.dependencies ?? []
        let bases = dependencies.map { container.baseOfProviderClosure(named: $0) }
        graph.addNode(
          registration.name,
          dependencies: zip(dependencies, bases).compactMap { $1 == nil ? $0 : nil },
          deferredDependencies: bases.compactMap { $0 })
      }
      shadowed.formUnion(level.map(\.registration.name))
    }
    return graph
  }

  /// The registrations as Graphviz DOT text; see ``dependencyGraph()``.
  ///
  /// Each node is labelled with its name and, unless transient, its scope
  /// (`weatherClient (singleton)`), and says when it is an override
  /// (`api (instance, override)`); instances are drawn as notes.
  ///
  /// - Parameter options: How to draw; the labels and shapes above wherever the options
  ///   leave `label` or `dotAttributes` unset.
  /// - Returns: A `digraph` that `dot -Tsvg` renders.
  public func dotText(options: DependencyGraph<String>.DrawingOptions? = nil) -> String {
    dependencyGraph().dotText(options: drawingOptions(options))
  }

  /// The registrations as a Mermaid flowchart; see ``dependencyGraph()``.
  ///
  /// - Parameter options: How to draw; labels with each name's scope wherever the
  ///   options leave `label` unset.
  /// - Returns: Mermaid text, for a Markdown code block marked `mermaid`.
  public func mermaidText(options: DependencyGraph<String>.DrawingOptions? = nil) -> String {
    dependencyGraph().mermaidText(options: drawingOptions(options))
  }

  /// `given`, where it sets them, else labels with each node's scope, and whether it is
  /// an override, and instances drawn as notes.
  private func drawingOptions(
    _ given: DependencyGraph<String>.DrawingOptions?
  ) -> DependencyGraph<String>.DrawingOptions {
    var roles: [String: String] = [:]
    for container in lineage.reversed() {
      for (registration, isOverride) in container.withRegistry({ $0.everyRegistration }) {
        let provider = registration.provider
        let role =
          if case .instance = registration.kind { "instance" } else {
            provider?.scope == .transient ? nil : provider?.scopeDescription
          }
        roles[registration.name] = isOverride ? (role.map { "\($0), " } ?? "") + "override" : role
      }
    }
    var options = given ?? DependencyGraph<String>.DrawingOptions()
    options.label = options.label ?? { name in roles[name].map { "\(name) (\($0))" } ?? name }
    options.dotAttributes =
      options.dotAttributes ?? {
        roles[$0]?.hasPrefix("instance") == true ? ["shape": "note"] : [:]
      }
    return options
  }

  /// This container, then its parent, and so on.
  var lineage: [Container] {
    Array(sequence(first: self, next: \.parent))
  }
}
