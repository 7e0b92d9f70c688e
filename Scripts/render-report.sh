#!/usr/bin/env bash
# Renders the HTML coverage report of the bundled example in headless Chromium (Debian's
# `chromium`) to docs/report.png, failing if Chromium reports a page error.
#   Scripts/render-report.sh [PROJECT_DIR] [OUT_PNG]
set -euo pipefail
cd "$(dirname "$0")/.."
project=${1:-Resources/Examples/Conference}
png=${2:-docs/report.png}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -q
.build/debug/routekit report "$project" --html "$work/report.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1500 \
  --enable-logging=stderr --v=0 --screenshot="$work/report.png" "file://$work/report.html" 2>"$work/chromium.log" || {
  cat "$work/chromium.log" >&2; exit 1; }
# Console errors from the page (CSP violations, failed loads) fail the render.
if grep -E "CONSOLE.*(Error|Refused)|Failed to load" "$work/chromium.log" >&2; then exit 1; fi
mkdir -p "$(dirname "$png")"
mv "$work/report.png" "$png"
echo "wrote $png"
