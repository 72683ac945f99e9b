#!/usr/bin/env bash
# Renders the container graph of the pocket-forecast example to an SVG picture with Graphviz:
# `swift run pocket-forecast --graph dot`, piped to `dot -Tsvg`. README.md shows the result.
#
#   Scripts/render-graph.sh       # writes Docs/Images/pocket-forecast-graph.svg
#
# Needs Graphviz's `dot` (Debian and Ubuntu: apt-get install graphviz; macOS: brew install
# graphviz). Run it after changing the example's registrations, and commit the picture.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v dot >/dev/null 2>&1; then
  echo "render-graph.sh: Graphviz's 'dot' is not installed; install the graphviz package." >&2
  exit 1
fi

output=Docs/Images/pocket-forecast-graph.svg
# The example creates its data folder before it checks its wiring; give it a throwaway one.
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT

swift build --product pocket-forecast
mkdir -p "$(dirname "$output")"
swift run --skip-build pocket-forecast --data-dir "$data" --graph dot | dot -Tsvg -o "$output"
printf 'Wrote %s.\n' "$output"
