#!/usr/bin/env bash
# End-to-end test of the self-contained binary (Scripts/package.sh):
#   - the tarball and the artifact bundle hold the binary, info.json names it for this platform;
#   - the stripped binary is at most 20 MB, and `ldd` names libc, libm and the loader alone;
#   - inside a chroot that holds only the binary, those libraries and the example project (no
#     toolchain, no libyaml, no libstdc++, no /proc), `--version`, `lint`, `title` and `report` work,
#     and `lint` reports the example's findings exactly as the debug build does outside.
# Needs root (chroot).
#
# Usage: Scripts/test-package.sh
#   ROUTEKIT_PACKAGE=DIR   use the output of an earlier `Scripts/package.sh DIR` instead of building
#   ROUTEKIT_KEEP_TMP=1    keep the temporary directory
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/routekit-package-test.XXXXXX")
cleanup() {
  if [ "${ROUTEKIT_KEEP_TMP:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
# An unexpected error ends the run with a non-zero status (set -e). Commands whose failure is
# expected are written `x=$(…) || status=$?`. No ERR trap: one fired inside those substitutions
# and printed FAIL while the run went on to PASS.
start=$(date +%s)
failures=0
pass() { echo "ok   - $1"; }
fail() { echo "FAIL - $1"; failures=$((failures + 1)); }

package=${ROUTEKIT_PACKAGE:-}
if [ -z "$package" ]; then
  package="$work/package"
  "$checkout/Scripts/package.sh" "$package"
fi
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$checkout/Sources/RouteKit/Support/RouteKitInfo.swift")
name="routekit-$version-linux-$(uname -m | sed 's/arm64/aarch64/')"

# --- the archives ---------------------------------------------------------------------------
mkdir -p "$work/unpacked"
tar -C "$work/unpacked" -xzf "$package/$name.tar.gz"
binary="$work/unpacked/$name/bin/routekit"
if [ -x "$binary" ] && [ "$("$binary" --version)" = "$version" ] && [ -f "$work/unpacked/$name/LICENSE" ] && [ -f "$work/unpacked/$name/NOTICE" ]; then
  pass "$name.tar.gz holds bin/routekit ($version), LICENSE and NOTICE"
else
  fail "$name.tar.gz holds bin/routekit, LICENSE and NOTICE"; ls -R "$work/unpacked"
fi

bundle="$package/routekit.artifactbundle"
if python3 - "$bundle" "$version" <<'PY'
import json, os, sys
bundle, version = sys.argv[1], sys.argv[2]
info = json.load(open(os.path.join(bundle, "info.json")))
artifact = info["artifacts"]["routekit"]
assert info["schemaVersion"] == "1.0" and artifact["type"] == "executable" and artifact["version"] == version, info
for variant in artifact["variants"]:
    assert os.access(os.path.join(bundle, variant["path"]), os.X_OK), variant
    assert variant["supportedTriples"] and all("linux" in t for t in variant["supportedTriples"]), variant
PY
then
  pass "routekit.artifactbundle/info.json names an executable variant that exists"
else
  fail "routekit.artifactbundle/info.json names an executable variant that exists"
fi
if [ "$(sha256sum "$package/routekit.artifactbundle.zip" | cut -d' ' -f1)" = "$(cat "$package/routekit.artifactbundle.zip.sha256")" ]; then
  pass "routekit.artifactbundle.zip matches its checksum"
else
  fail "routekit.artifactbundle.zip matches its checksum"
fi

# --- only the C library at run time, and small -------------------------------------------------
libraries=$(ldd "$binary")
if grep -Evq 'linux-vdso|libc\.so|libm\.so|ld-linux' <<<"$libraries"; then
  fail "ldd names libc, libm and the loader alone"; echo "$libraries"
else
  pass "ldd names libc, libm and the loader alone: $(awk '{print $1}' <<<"$libraries" | xargs -n1 basename | tr '\n' ' ')"
fi
size=$(stat -c %s "$binary")
if [ "$size" -le $((20 * 1000 * 1000)) ]; then
  pass "the stripped binary is $((size / 1000)) KB (at most 20 MB)"
else
  fail "the stripped binary is $((size / 1000)) KB (at most 20 MB)"
fi

# --- a chroot with only the binary, its system libraries and the example --------------------
root="$work/root"
mkdir -p "$root/bin" "$root/example"
cp "$binary" "$root/bin/routekit"
# Each library at the path the loader looks for it (`name => path` lines, and the loader itself).
grep -oE '(=> )?/[^ ]+' <<<"$libraries" | sed 's/^=> //' | while read -r library; do
  mkdir -p "$root$(dirname "$library")"
  cp -L "$library" "$root$library"
done
cp -a "$checkout/Resources/Examples/Conference/." "$root/example/"
# No /proc: the Swift runtime reads the arguments from /proc/self/cmdline, routekit from the C
# library's argv, which must be enough.
echo "# chroot holds: $(cd "$root" && find . -path ./example -prune -o -type f -print | sort | tr '\n' ' ')"
version_inside=$(chroot "$root" /bin/routekit --version 2>&1) || true
if [ "$version_inside" = "$version" ]; then
  pass "routekit --version in the chroot, without /proc, prints $version"
else
  fail "routekit --version in the chroot, without /proc, prints $version (got: $version_inside)"
fi

inside_status=0
inside=$(chroot "$root" /bin/routekit lint example 2>&1) || inside_status=$?
if [ "$inside_status" = 1 ] && grep -q "error: tab root 'MapScreen' has no title" <<<"$inside" && grep -Eq '^[0-9]+ errors?, [0-9]+ warnings?' <<<"$inside"; then
  pass "routekit lint in the chroot reports the example's findings (exit 1)"
else
  fail "routekit lint in the chroot reports the example's findings (exit $inside_status)"; echo "$inside"
fi
# The same findings as a build with the toolchain's shared libraries, run on the same files.
# Without a debug build the comparison cannot run: that is a failure (the check is never left
# out silently); `swift build` first.
reference="$checkout/.build/debug/routekit"
if [ -x "$reference" ]; then
  outside=$(cd "$root" && "$reference" lint example 2>&1 || true)
  if [ "$inside" = "$outside" ]; then
    pass "the chroot's output is byte for byte the debug build's"
  else
    fail "the chroot's output is byte for byte the debug build's"; diff <(echo "$outside") <(echo "$inside") || true
  fi
else
  fail "the chroot's output is byte for byte the debug build's: $reference is missing (run swift build first)"
fi
# Many lints in a row: with libdispatch's thread pool, about one in a hundred died with SIGILL when
# /proc was missing; routekit's own threads must not. 1000 runs would miss a 1-in-200 failure with
# odds under 1%.
repeats=${ROUTEKIT_CHROOT_REPEATS:-1000}
repeat_failures=0
for ((run = 1; run <= repeats; run++)); do
  repeat_status=0
  chroot "$root" /bin/routekit lint example > /dev/null 2>&1 || repeat_status=$?
  if [ "$repeat_status" != 1 ]; then
    repeat_failures=$((repeat_failures + 1))
    echo "# run $run exited $repeat_status"
  fi
done
if [ "$repeat_failures" = 0 ]; then
  pass "routekit lint in the chroot exits 1 on each of $repeats runs"
else
  fail "routekit lint in the chroot exits 1 on each of $repeats runs ($repeat_failures did not)"
fi
json_status=0
json=$(chroot "$root" /bin/routekit lint /example --format json 2>&1) || json_status=$?
rules_status=0
rules=$(chroot "$root" /bin/routekit rules tab-root-missing-title 2>&1) || rules_status=$?
if [ "$json_status" = 1 ] && python3 -c 'import json,sys; d=json.loads(sys.argv[1]); assert d["summary"]["errors"] > 0' "$json" \
   && [ "$rules_status" = 0 ] && grep -q "tab-root-missing-title" <<<"$rules"; then
  pass "JSON output and rule docs work in the chroot"
else
  fail "JSON output and rule docs work in the chroot"; echo "$json"; echo "$rules"
fi
title_status=0
title=$(chroot "$root" /bin/routekit title SearchScreen --project /example --locale de 2>&1) || title_status=$?
if [ "$title_status" = 0 ] && [ "$title" = "Suche" ]; then
  pass "routekit title in the chroot prints the resolved title"
else
  fail "routekit title in the chroot prints the resolved title (exit $title_status): $title"
fi
report_status=0
report=$(chroot "$root" /bin/routekit report /example --html /example/report.html 2>&1) || report_status=$?
if [ "$report_status" -le 1 ] && grep -q "<html" "$root/example/report.html" 2>/dev/null; then
  pass "routekit report in the chroot writes the HTML page"
else
  fail "routekit report in the chroot writes the HTML page (exit $report_status): $report"
fi

echo "# $(( $(date +%s) - start ))s"
if [ "$failures" -eq 0 ]; then
  echo "PASS: self-contained binary"
else
  echo "FAIL: self-contained binary ($failures failed)"
  exit 1
fi
