#!/usr/bin/env bash
# Counts, per module, the lines of code (not comments or blank lines) that use an unsafe
# construct as STYLE's "Unsafe code, measured" lists them: Unmanaged, unsafe pointers, bit
# casts, unsafeDowncast, unsafelyUnwrapped, @unchecked, nonisolated(unsafe),
# unowned(unsafe) and _withUnsafeGuaranteedRef; then the files that hold them. The C
# target (C11 atomics on raw words) counts whole.
#
#   Scripts/unsafe-count.sh
set -euo pipefail
cd "$(dirname "$0")/.."

pattern='Unmanaged|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|unsafeBitCast|unsafeDowncast|unsafelyUnwrapped|@unchecked|nonisolated\(unsafe\)|unowned\(unsafe\)|_withUnsafeGuaranteedRef'
# Without file names (-h), so that a file named after an unsafe construct counts only its
# lines that use one.
code() { grep -h -v -E '^\s*(//|$)' "$@" || true; }

printf '%-16s %6s %7s %7s\n' module code unsafe share
for module in INJGraph INJPrimitives INJReflection INJContainer INJTestSupport Injineer; do
  files=$(find "Sources/$module" -name '*.swift')
  lines=$(code $files | wc -l)
  unsafe=$(code $files | grep -c -E "$pattern" || true)
  printf '%-16s %6d %7d %6.1f%%\n' "$module" "$lines" "$unsafe" "$(echo "100 * $unsafe / $lines" | bc -l)"
done
# The C target is atomics on raw words from end to end: every line of code counts.
c_lines=$(find Sources/CINJAtomics -name '*.[ch]' -exec cat {} + |
  grep -v -E '^\s*(//|$)' | wc -l)
printf '%-16s %6d %7d %6.1f%%\n' CINJAtomics "$c_lines" "$c_lines" 100
echo
echo "By file:"
for file in $(find Sources -name '*.swift' | LC_ALL=C sort); do
  count=$(code "$file" | grep -c -E "$pattern" || true)
  if [ "$count" -gt 0 ]; then printf '%4d  %s\n' "$count" "$file"; fi
done | sort -rn
