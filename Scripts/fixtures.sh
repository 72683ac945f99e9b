#!/usr/bin/env bash
# Builds the compile-level fixtures (the package in Tests/Fixtures) against the
# library and checks what the Swift compiler accepts and what it rejects:
#
#   DefaultMainActor     main-actor code by default: builds without a warning, prints https://x
#   NonSendableShared    a non-Sendable singleton and instance: exactly the errors its
#                        `// expected-error on the next line: <message>` comments mark
#   KeyTypeMistake       a creator or instance of another type than its key's: exactly the
#                        errors its comments mark
#   Transients           non-Sendable transients, Sendable and main-actor singletons:
#                        builds without a warning, runs
#   SwiftFive            NonSendableShared's registrations in the Swift 5 mode: builds
#                        without a warning, runs
#   ObservableViewModel  an @Observable class with an @Inject property: builds without
#                        a warning, runs
#   MainActorTests       a main-actor-by-default test target: a suite trait naming the app's
#                        main-actor factory, main-actor modules, a nonisolated XCTestCase
#                        with main-actor async test methods: builds without a warning
#   CallShapes, CallShapesSwiftFive, CallShapesMainActor
#                        every call shape of the README, the articles and the contract
#                        (Tests/Fixtures/Shared/CallShapes), in Swift 6, Swift 5 and
#                        main-actor-by-default targets: builds without a warning, runs
#
# A warning from a fixture's sources fails the run (warnings from the library are
# not the fixtures' business). The fixtures share one debug build folder,
# Tests/Fixtures/.build, so the library compiles once; each fixture's sources are
# touched first so that they compile again and show their warnings on every run.
# The build output of each fixture is kept in Tests/Fixtures/.build/fixtures/.
set -euo pipefail
cd "$(dirname "$0")/.."

package=Tests/Fixtures
logs="$package/.build/fixtures"
mkdir -p "$logs"

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# Builds a fixture (kind: product or target) with its output in $logs/<name>.log,
# and returns the status of `swift build`.
build() {
  local kind="$1" name="$2"
  touch "$package/Sources/$name"/*.swift
  swift build --package-path "$package" "--$kind" "$name" >"$logs/$name.log" 2>&1
}

# The warnings in a fixture's build output, but those located in the library's
# sources: warnings from the fixture's files, and any without a location.
warnings() {
  { grep -E '^(.*:[0-9]+:[0-9]+: )?warning: ' "$logs/$1.log" || true; } |
    { grep -E "^warning: |/$package/" || true; }
}

# The errors in a fixture's build output, as `<path from the repository>:<line>: error:
# <message>`, sorted, each once. The build system's closing "command failed" lines
# are left out; every other error counts.
errors() {
  { grep -E '^(.*:[0-9]+:[0-9]+: )?error: ' "$logs/$1.log" || true; } |
    { grep -v -E '^error: .*command failed' || true; } |
    sed -E "s#^.*/($package/[^:]+):([0-9]+):[0-9]+: error: #\1:\2: error: #" |
    LC_ALL=C sort -u
}

# The errors a fixture's sources mark with `// expected-error on the next line:
# <message>`, in the form errors() prints. Markers in a row all mark the first line
# after them, for a line with more than one error.
expected_errors() {
  local file
  for file in "$package/Sources/$1"/*.swift; do
    awk -v file="$file" '
      /\/\/ expected-error on the next line: / {
        sub(/.*\/\/ expected-error on the next line: /, "")
        pending[++count] = $0
        next
      }
      count > 0 {
        for (i = 1; i <= count; i++) print file ":" NR ": error: " pending[i]
        count = 0
      }' "$file"
  done | LC_ALL=C sort -u
}

# Builds a fixture (kind: product or target) that must compile without a warning.
compiles_cleanly() {
  local kind="$1" name="$2"
  if ! build "$kind" "$name"; then
    grep -E -A12 '(^|: )error: ' "$logs/$name.log" | head -80 >&2 || true
    fail "$name does not compile (log: $logs/$name.log)"
  fi
  local found
  found=$(warnings "$name")
  if [ -n "$found" ]; then
    echo "$found" >&2
    fail "$name compiles with warnings (log: $logs/$name.log)"
  fi
}

# Builds an executable fixture that must compile without a warning, runs it, and
# compares what it prints.
accepted() {
  local name="$1" expected="$2"
  compiles_cleanly product "$name"
  local output status=0
  output=$("$bin/$name" 2>&1) || status=$?
  if [ "$status" -ne 0 ]; then
    echo "$output" >&2
    fail "$name exited with status $status"
  fi
  if [ "$output" != "$expected" ]; then
    printf 'expected: %s\nprinted:  %s\n' "$expected" "$output" >&2
    fail "$name printed something else"
  fi
  echo "ok: $name compiles without a warning and prints $expected"
}

# Builds a library fixture that must compile without a warning (one that cannot run
# on its own, such as a test target's sources).
compiles() {
  compiles_cleanly target "$1"
  echo "ok: $1 compiles without a warning"
}

# Builds a library fixture that must not compile, and checks that the compiler
# reports exactly the errors its sources mark.
rejected() {
  local name="$1"
  if build target "$name"; then
    fail "$name compiles, but must not (log: $logs/$name.log)"
  fi
  local expected actual
  expected=$(expected_errors "$name")
  actual=$(errors "$name")
  if [ -z "$expected" ]; then
    fail "$name marks no expected error"
  fi
  if [ "$expected" != "$actual" ]; then
    echo "expected errors:" >&2
    echo "$expected" | sed 's/^/  /' >&2
    echo "reported errors:" >&2
    echo "${actual:-(none)}" | sed 's/^/  /' >&2
    fail "$name fails to compile, but not with the expected errors (log: $logs/$name.log)"
  fi
  local count lines messages
  count=$(echo "$expected" | wc -l | tr -d ' ')
  lines=$(echo "$expected" | sed -E 's#^.*/([^/:]+):([0-9]+): .*#\1:\2#' | paste -s -d ',' - |
    sed 's/,/, /g')
  messages=$(echo "$expected" | sed -E 's#^[^ ]+ error: ##' | LC_ALL=C sort -u | paste -s -d ';' -)
  echo "ok: $name is rejected with exactly the $count expected errors at $lines: $messages"
}

bin=$(swift build --package-path "$package" --show-bin-path)

accepted DefaultMainActor "https://x"
rejected NonSendableShared
rejected KeyTypeMistake
accepted Transients \
  "counter=new graphCounter=new manualCounter=new clock=shared weakClock=shared manualClock=shared screen=shared(Home)"
accepted SwiftFive "sharedCounter shared: true, counter shared: true"
compiles MainActorTests
accepted ObservableViewModel "repo: catalog, query change observed: true"
shapes="nonisolated: 41 shapes
main actor: 15 shapes
hooks: 3 shapes
async: 13 shapes
test support: 10 shapes
main-actor test support: 4 shapes
Espresso machine Milk frother true
true
true"
for fixture in CallShapes CallShapesSwiftFive CallShapesMainActor; do
  accepted "$fixture" "$shapes"
done
echo "Every fixture compiled or failed as expected."
