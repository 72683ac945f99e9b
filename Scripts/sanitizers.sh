#!/usr/bin/env bash
# Runs the tests under ThreadSanitizer and AddressSanitizer (with LeakSanitizer),
# each in its own build folder so the main build stays as it is.
#
#   Scripts/sanitizers.sh            both
#   Scripts/sanitizers.sh thread     ThreadSanitizer only
#   Scripts/sanitizers.sh address    AddressSanitizer only
#
# Any sanitizer report fails the run, even when every test passed.
#
# ThreadSanitizer runs every test but the one timing measurement, which means
# nothing under it (the cost per resolution among many names); AddressSanitizer runs
# them all. The graph tests run too: users run their own parallel suites under
# ThreadSanitizer with INJGraph in them. Then ThreadSanitizer runs
# `AtomicOrderingProbe`, which publishes memory with relaxed atomics, and must report
# it: a clean run above means something only if ThreadSanitizer sees what the
# package's C atomics order.
set -euo pipefail
cd "$(dirname "$0")/.."

which="${1:-all}"

# Runs `swift test` with a sanitizer, keeps its output, and fails when it failed
# or the output holds a sanitizer report.
run() {
  local sanitizer="$1" folder="$2"
  shift 2
  local log="$folder/sanitizer-test.log"
  echo "==> building the tests with -sanitize=$sanitizer"
  swift build --build-tests --sanitize="$sanitizer" --scratch-path "$folder" 2>&1 |
    { grep -v "Cannot export local symbol" || true; }
  echo "==> swift test with -sanitize=$sanitizer $*"
  local status=0
  swift test --skip-build --sanitize="$sanitizer" --scratch-path "$folder" "$@" >"$log" 2>&1 ||
    status=$?
  grep -E "Test run with|Executed [0-9]+ tests" "$log" || true
  local reports
  reports=$(grep -c -E "WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer" "$log" || true)
  if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
    grep -E -A40 "WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer|✘" "$log" |
      head -200 || true
    echo "FAILED under -sanitize=$sanitizer: exit status $status, $reports sanitizer reports (log: $log)"
    return 1
  fi
  echo "Clean under -sanitize=$sanitizer."
}

# Runs the probe under ThreadSanitizer and fails unless it reports a data race.
probe() {
  local folder="$1" log="$1/sanitizer-probe.log"
  echo "==> swift test with -sanitize=thread: the relaxed-ordering probe must be reported"
  INJINEER_TSAN_PROBE=1 TSAN_OPTIONS="halt_on_error=0" \
    swift test --skip-build --sanitize=thread --scratch-path "$folder" \
    --filter AtomicOrderingProbe >"$log" 2>&1 || true
  if ! grep -q "WARNING: ThreadSanitizer: data race" "$log"; then
    echo "FAILED: ThreadSanitizer reported no race in AtomicOrderingProbe (log: $log)"
    return 1
  fi
  echo "ThreadSanitizer reports the relaxed publication, as it must."
}

if [ "$which" = all ] || [ "$which" = thread ]; then
  TSAN_OPTIONS="${TSAN_OPTIONS:-second_deadlock_stack=1}" \
    run thread .build/tsan --skip 'resolvingOneNameCosts'
  probe .build/tsan
fi

if [ "$which" = all ] || [ "$which" = address ]; then
  mkdir -p .build/asan
  # XCTest's runner keeps a few of its own objects to the end of the process, and
  # Foundation's Process.run leaves a weak-reference side table behind for every
  # process the example tests start; those are theirs, not the package's.
  printf 'leak:XCTest\nleak:Foundation7ProcessC3run\n' \
    >.build/asan/lsan-suppressions.txt
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
    LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/.build/asan/lsan-suppressions.txt:print_suppressions=0}" \
    run address .build/asan
fi
