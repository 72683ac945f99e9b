#!/usr/bin/env bash
# Builds the DocC documentation of every public module with the toolchain's own `docc`, without
# a package plugin, and fails on any DocC warning: a broken symbol or article link, a public
# symbol without a summary, or a top-level symbol missing from its module's Topics.
#
#   Scripts/build-docs.sh             # writes .build/docs/<Module>.doccarchive
#
# Steps: build the package (debug, the same build `swift test` uses), extract each module's
# symbol graph with `swift-symbolgraph-extract`, convert each catalog with
# `docc convert --warnings-as-errors`, then check each archive with
# Scripts/check-doc-archive.swift. The umbrella `Injineer` is documented with the symbols it
# re-exports, so its archive is the whole API an app sees.
#
# Tools: `swift`, `swift-symbolgraph-extract` and `docc` from the Swift toolchain; set DOCC to
# use another `docc`.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(INJGraph INJReflection INJContainer INJTestSupport Injineer)
reexported="INJContainer,INJGraph,INJReflection"
output=.build/docs

# The toolchain's tools live next to `swift`; on Apple platforms `xcrun` finds them.
toolchain_bin=$(dirname "$(readlink -f "$(command -v swift)")")
find_tool() {
  if [[ -x "$toolchain_bin/$1" ]]; then
    echo "$toolchain_bin/$1"
  elif command -v xcrun >/dev/null 2>&1 && xcrun --find "$1" >/dev/null 2>&1; then
    xcrun --find "$1"
  elif command -v "$1" >/dev/null 2>&1; then
    command -v "$1"
  else
    echo "build-docs.sh: cannot find '$1' in the Swift toolchain." >&2
    exit 1
  fi
}
docc=${DOCC:-$(find_tool docc)}
extract=$(find_tool swift-symbolgraph-extract)

# Where the compiled modules are, and the target they were compiled for.
swift build
bin=$(swift build --show-bin-path)
sdk_args=()
if [[ "$(uname -s)" == "Darwin" ]]; then
  # SwiftPM builds for the package's lowest macOS version (Package.swift: .macOS(.v12)).
  triple="$(uname -m)-apple-macosx12.0"
  sdk_args=(-sdk "$(xcrun --show-sdk-path)")
else
  triple=$(swift -print-target-info | sed -n 's/^ *"triple": *"\(.*\)",*$/\1/p' | head -n 1)
fi

rm -rf "$output"
mkdir -p "$output/symbol-graphs"
for module in "${modules[@]}"; do
  graphs="$output/symbol-graphs/$module"
  mkdir -p "$graphs"
  extra=()
  convert_extra=()
  if [[ "$module" == Injineer ]]; then
    # The umbrella declares nothing itself: document what it re-exports, keeping the doc
    # comments of members that implement protocol requirements.
    extra=("-experimental-allowed-reexported-modules=$reexported")
    convert_extra=(--enable-inherited-docs)
  fi
  "$extract" -module-name "$module" -target "$triple" ${sdk_args[@]+"${sdk_args[@]}"} \
    -I "$bin/Modules" -I Sources/CINJAtomics/include -module-cache-path "$bin/ModuleCache" \
    -minimum-access-level public -emit-extension-block-symbols -skip-synthesized-members \
    ${extra[@]+"${extra[@]}"} -output-dir "$graphs"

  printf '==> docc convert %s\n' "$module"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --output-path "$output/$module.doccarchive" \
    --warnings-as-errors ${convert_extra[@]+"${convert_extra[@]}"}
done

archives=()
for module in "${modules[@]}"; do
  archives+=("$output/$module.doccarchive")
done
swift Scripts/check-doc-archive.swift "${archives[@]}"
printf 'Documentation built in %s.\n' "$output"
