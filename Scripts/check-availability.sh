#!/usr/bin/env bash
# Checks, by compiling, that the package's modules use nothing newer than its Apple
# minimums: no Apple SDK is needed, and none is used.
#
#   Scripts/check-availability.sh            every platform's minimum
#   Scripts/check-availability.sh macos      one of macos, ios, tvos, watchos, watchos32
#                                            (watchOS on a 32-bit target, whose Mach-O
#                                            header type differs)
#
# The toolchain's own interfaces of the standard library and of _Concurrency carry the
# Apple availability of every declaration (the same source builds Apple's). For each
# platform this builds them, and Swift Testing's, for an Apple target at the package's
# minimum (simulators, whose library has the same availability as the devices'), into
# .build/availability/<target>, once, then compiles INJGraph, INJPrimitives, INJReflection,
# INJContainer and INJTestSupport against them: any use of something newer than the minimum is an error,
# as it would be in Xcode, and so are the uses the compiler knows need a newer runtime
# (typed throws in a function type's metadata, parameter packs in generic types,
# `@isolated(any)` metadata, casts of noncopyable generics). Each module is then compiled
# to LLVM IR, which Scripts/availability/runtime-calls.py searches for the one such use
# the compiler does not refuse: the metadata of a stored property's function type.
#
# The few operating system calls the package makes (pthread, os_unfair_lock, the
# dynamic loader, Dispatch, XCTest's `XCTFail`) come from Scripts/availability/, which
# declares them as Apple's headers and documentation do; so the Apple branches of the
# `#if`s are compiled too. What those declarations say is listed, with its source, in
# CONTRIBUTING.md, "What each module uses, and since when".
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain="$(dirname "$(dirname "$(command -v swift)")")"
interfaces="$toolchain/lib/swift/linux"
resources="$toolchain/lib/swift"
stubs="$PWD/Scripts/availability"
out="$PWD/.build/availability"
mkdir -p "$out"

# The package's minimums (Package.swift), as simulator targets.
declare -A targets=(
  [macos]=x86_64-apple-macosx12.0
  [ios]=x86_64-apple-ios15.0-simulator
  [tvos]=x86_64-apple-tvos15.0-simulator
  [watchos]=x86_64-apple-watchos8.0-simulator
  [watchos32]=i386-apple-watchos8.0-simulator
)
platforms=("${@:-macos ios tvos watchos watchos32}")
read -r -a platforms <<<"${platforms[*]}"

# The settings Package.swift gives every target.
flags=(
  -swift-version 6
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature InternalImportsByDefault
  -package-name Injineer
  -parse-as-library -O
  -disable-objc-interop
  -plugin-path "$resources/host/plugins"
)

failed=0
for platform in "${platforms[@]}"; do
  target="${targets[$platform]}"
  modules="$out/$target"
  mkdir -p "$modules" "$out/interfaces"
  if [ ! -f "$modules/_Concurrency.swiftmodule" ]; then
    echo "==> building the standard library, _Concurrency and Swift Testing for $target (once)"
    for module in Swift _Concurrency _RegexParser _StringProcessing Testing; do
      interface="$out/interfaces/$module-$target.swiftinterface"
      source="$interfaces/$module.swiftmodule/x86_64-unknown-linux-gnu.private.swiftinterface"
      [ -f "$source" ] || source="${source%.private.swiftinterface}.swiftinterface"
      sed "s/-target x86_64-unknown-linux-gnu/-target $target/" "$source" >"$interface"
      python3 "$stubs/backdeployed-bodies.py" "$interface"
      stdlib=()
      case "$module" in Swift | _Concurrency) stdlib=(-parse-stdlib) ;; esac
      swift-frontend -compile-module-from-interface "$interface" -module-name "$module" \
        "${stdlib[@]}" -disable-availability-checking -resource-dir "$resources" \
        -I "$modules" -o "$modules/$module.swiftmodule"
    done
    for module in Dispatch XCTest; do
      swift-frontend -emit-module -target "$target" -resource-dir "$resources" -I "$modules" \
        -module-name "$module" "${flags[@]}" -disable-implicit-string-processing-module-import \
        -o "$modules/$module.swiftmodule" \
        "$stubs/$module.swift"
    done
  fi
  for module in INJGraph INJPrimitives INJReflection INJContainer INJTestSupport; do
    echo "==> $module for $target"
    module_flags=(
      -target "$target" -resource-dir "$resources"
      -I "$modules" -I "$stubs/Darwin" -I "$stubs/MachO" -I Sources/CINJAtomics/include
      -Xcc -ffreestanding -Xcc -isystem -Xcc "$stubs/libc" -module-name "$module" "${flags[@]}"
    )
    sources=$(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
    # shellcheck disable=SC2086 # one word per source path
    if ! swift-frontend -emit-module "${module_flags[@]}" \
      -o "$modules/$module.swiftmodule" $sources
    then
      failed=1
      continue
    fi
    # The code as compiled: no metadata that only a newer runtime can make, made
    # where the availability check does not look (Scripts/availability/runtime-calls.py).
    # shellcheck disable=SC2086
    if ! swift-frontend -emit-ir "${module_flags[@]}" -o "$out/$target-$module.ll" $sources ||
      ! python3 "$stubs/runtime-calls.py" "$out/$target-$module.ll"
    then
      failed=1
    fi
  done
done

if [ "$failed" -ne 0 ]; then
  echo "FAILED: something above is newer than the package's minimums"
  exit 1
fi
echo "Every module compiles for ${platforms[*]} at the package's minimums."
