/// Runs every group of call shapes and prints one line per group, then the quick
/// start's output.
@MainActor
func runCallShapes() async throws {
  print(try nonisolatedShapes().summary)
  print(try mainActorShapes().summary)
  print(try hookShapes().summary)
  print(try await asyncShapes().summary)
  print(try await testSupportShapes().summary)
  print(try mainActorTestSupportShapes().summary)
  for line in try quickStart() {
    print(line)
  }
}
