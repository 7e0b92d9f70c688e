#!/usr/bin/env bash
# End-to-end test of the SwiftPM command plugin: a temporary package that depends on this
# checkout (by path, so uncommitted changes are included) runs `swift package routekit-lint`
# against its own .routekit.yml. A defect must fail the command; a clean project must pass;
# extra arguments must reach `routekit lint`.
# Usage: Scripts/test-plugin.sh        (ROUTEKIT_KEEP_TMP=1 keeps the temporary directory)
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/routekit-plugin-test.XXXXXX")
cleanup() { if [ "${ROUTEKIT_KEEP_TMP:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT
trap 'echo "FAIL: SwiftPM plugin end-to-end (unexpected error on line $LINENO)"' ERR
start=$(date +%s)
failures=0
pass() { echo "ok   - $1"; }
fail() { echo "FAIL - $1"; failures=$((failures + 1)); }

package="$work/Consumer"
mkdir -p "$package/Sources/Consumer" "$package/strings"
cat > "$package/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "$checkout")],
    targets: [.target(name: "Consumer")]
)
SWIFT
echo 'public let consumer = 1' > "$package/Sources/Consumer/Consumer.swift"
cat > "$package/.routekit.yml" <<'YAML'
catalog: routes.yml
strings: [strings/*.yml]
base-locale: en
YAML
printf 'en:\n  nav:\n    schedule: Schedule\n' > "$package/strings/en.yml"
clean_routes='routes:
  ScheduleScreen:
    tab: { icon: clock }
    title: nav.schedule'
broken_routes='routes:
  ScheduleScreen:
    tab: { icon: clock }
    titel: nav.schedule'

# One scratch path for every run, away from this checkout's .build (no lock contention).
plugin() { (cd "$package" && swift package --scratch-path "$work/build" routekit-lint "$@"); }

echo "# building routekit for the plugin (debug, once)…"
printf '%s\n' "$broken_routes" > "$package/routes.yml"
if out=$(plugin 2>&1); then
  fail "a defect fails swift package routekit-lint (it exited 0)"; echo "$out"
elif grep -q "\[unknown-field\]" <<<"$out"; then
  pass "a defect fails swift package routekit-lint and prints the finding"
else
  fail "a defect fails with the finding printed"; echo "$out"
fi

printf '%s\n' "$clean_routes" > "$package/routes.yml"
if out=$(plugin 2>&1) && grep -q "0 errors, 0 warnings" <<<"$out"; then
  pass "a clean project passes"
else
  fail "a clean project passes"; echo "$out"
fi

printf '%s\n' "$broken_routes" > "$package/routes.yml"
if out=$(plugin --format github 2>&1); then
  fail "arguments are passed through (--format github; it exited 0)"; echo "$out"
elif grep -q "^::error file=routes.yml" <<<"$out"; then
  pass "arguments are passed through (--format github)"
else
  fail "arguments are passed through (--format github)"; echo "$out"
fi

echo "# $(( $(date +%s) - start ))s"
if [ "$failures" -eq 0 ]; then
  echo "PASS: SwiftPM plugin end-to-end"
else
  echo "FAIL: SwiftPM plugin end-to-end ($failures failed)"
  exit 1
fi
