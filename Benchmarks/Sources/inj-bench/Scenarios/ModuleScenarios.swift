import INJContainer

/// Modules at the scale of a large app: 200 modules of 50 providers each.
enum ModuleScenarios {
  static let moduleCount = 200
  static let providersPerModule = 50

  static var benchmarks: [Benchmark] {
    [
      // The same 10,000 registrations made directly, then checked.
      Benchmark(
        name: "modules/baseline/register-10k+check", group: "modules", unit: "provider",
        unitsPerIteration: moduleCount * providersPerModule
      ) {
        let modules = (0..<moduleCount).map { GeneratedModule(index: $0) }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            let container = Container()
            for module in modules {
              module.register(in: container)
            }
            checksum &+= (try? container.checkForErrors()) == nil ? 0 : 1
            keepAlive(container)
          }
          return checksum
        }
      },
      Benchmark(
        name: "modules/install-200x50+check", group: "modules", unit: "provider",
        unitsPerIteration: moduleCount * providersPerModule,
        baseline: "modules/baseline/register-10k+check",
        targets: [.ratioToBaseline(atMost: 2)]
      ) {
        let modules = (0..<moduleCount).map { GeneratedModule(index: $0) }
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            let container = Container()
            for module in modules { container.install(module) }
            checksum &+= (try? container.checkForErrors()) == nil ? 0 : 1
            keepAlive(container)
          }
          return checksum
        }
      },
      // A feature module's own test: one module of 50 providers checked alone against
      // the 100 names it needs.
      Benchmark(
        name: "modules/check-one-alone", group: "modules", unit: "check",
        unitsPerIteration: 1, targets: [.timePerIteration(atMost: .milliseconds(1))]
      ) {
        let module = GeneratedModule(index: moduleCount / 2)
        return { iterations in
          var checksum = 0
          for _ in 0..<iterations {
            checksum &+= (try? module.checkForErrors()) == nil ? 0 : 1
          }
          return checksum
        }
      },
    ]
  }
}

/// Module `index` of the generated app: providers `m<index>p0` … `m<index>p49`, each
/// depending on the two before it in the module and on the providers with the same
/// number in the two modules before it (about four dependencies each, 40,000 in all).
struct GeneratedModule: ContainerModule {
  let index: Int

  var name: String { "Module\(index)" }

  var needs: [String] {
    (1...2).filter { index - $0 >= 0 }.flatMap { back in
      (0..<ModuleScenarios.providersPerModule).map { Self.providerName(index - back, $0) }
    }
  }

  func register(in container: Container) {
    for number in 0..<ModuleScenarios.providersPerModule {
      let dependencies =
        [(index, number - 1), (index, number - 2), (index - 1, number), (index - 2, number)]
        .filter { $0.0 >= 0 && $0.1 >= 0 }.map { Self.providerName($0.0, $0.1) }
      container.addProvider(
        forName: Self.providerName(index, number), dependencies: dependencies
      ) { _ in Leaf() }
    }
  }

  static func providerName(_ module: Int, _ number: Int) -> String {
    "m\(module)p\(number)"
  }
}
