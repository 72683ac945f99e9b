// The benchmark runner of Injineer. Each scenario group lives in its own file under
// `Scenarios/` and lists its benchmarks; add a new group to this list.
//
//     swift run -c release --package-path Benchmarks inj-bench --help

BenchmarkCommand.main(groups: [
  ContainerScenarios.benchmarks,
  CapabilityScenarios.benchmarks,
  InjectionScenarios.benchmarks,
  GraphScenarios.benchmarks,
  StartupScenarios.benchmarks,
  AsyncScenarios.benchmarks,
  ModuleScenarios.benchmarks,
])
