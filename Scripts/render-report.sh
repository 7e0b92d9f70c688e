#!/usr/bin/env bash
# Renders the HTML coverage report in headless Chromium (Debian's `chromium`): a screenshot at
# 1280 px to OUT_PNG, then layout checks at 1280 and 390 px (a phone), each in the light and the
# dark colour scheme. Fails on a page error (console errors, CSP violations, failed loads) and
# when the page scrolls sideways (`document.documentElement.scrollWidth > innerWidth`).
#   Scripts/render-report.sh [PROJECT_DIR] [OUT_PNG]
# ROUTEKIT_BIN=path uses that routekit instead of building one (the test suite sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
project=${1:-Resources/Examples/Conference}
png=${2:-docs/report.png}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${ROUTEKIT_BIN:-}" ]; then
  routekit=$ROUTEKIT_BIN
else
  swift build -q
  routekit=.build/debug/routekit
fi
"$routekit" report "$project" --html "$work/report.html"
chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0
        --user-data-dir="$work/profile")
page_errors() { grep -E "CONSOLE.*(Error|Refused)|Failed to load|Uncaught" "$1" >&2; }

"${chrome[@]}" --window-size=1280,1500 --screenshot="$work/report.png" "file://$work/report.html" 2>"$work/chromium.log" || {
  cat "$work/chromium.log" >&2; exit 1; }
if page_errors "$work/chromium.log"; then exit 1; fi

# Layout at desktop and phone width, light and dark (DevTools protocol; see the script).
Scripts/report-layout.py "$work/report.html" 1280:light 1280:dark 390:light 390:dark
mkdir -p "$(dirname "$png")"
mv "$work/report.png" "$png"
echo "wrote $png"
