#!/usr/bin/env bash
# Time to first lint for a new user (issue 19): from `git clone` of an app repository to the
# first finding on screen, three ways:
#   binary      unpack the release tarball (Scripts/package.sh), run `routekit lint`;
#   system hook pre-commit with the `routekit-system` hook (the binary on PATH), cold cache;
#   source hook pre-commit with the `routekit` hook (pre-commit builds routekit with Swift), cold cache.
# The app repository is the bundled example project as a git repository; the routekit repository
# is a snapshot of this checkout (as a user would point pre-commit at a tag). Network time (the
# tarball download, pre-commit's clone from GitHub) is not part of it: both come from disk here.
#
# Usage: Scripts/time-to-first-lint.sh
#   ROUTEKIT_PACKAGE=DIR   the output of `Scripts/package.sh DIR` (else it is built, not timed)
#   PRE_COMMIT=path        the pre-commit to use (default: pre-commit on PATH)
#   ROUTEKIT_SKIP_SOURCE_HOOK=1  leave out the source hook (it builds routekit: minutes)
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/routekit-first-lint.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*'
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
pre_commit=${PRE_COMMIT:-pre-commit}
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

package=${ROUTEKIT_PACKAGE:-}
if [ -z "$package" ]; then
  package="$work/package"
  "$checkout/Scripts/package.sh" "$package" >/dev/null
fi
tarball=$(ls "$package"/routekit-*-linux-*.tar.gz | head -1)

# The app repository (the example project) and the routekit repository (this checkout's files).
origin="$work/origin-app"
mkdir -p "$origin"
cp -a "$checkout/Resources/Examples/Conference/." "$origin/"
git -C "$origin" init -q && git -C "$origin" add -A && git -C "$origin" commit -qm app
hooks="$work/origin-routekit"
mkdir -p "$hooks"
(cd "$checkout" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$hooks" 2>/dev/null || true)
git -C "$hooks" init -q && git -C "$hooks" add -A && git -C "$hooks" commit -qm routekit
rev=$(git -C "$hooks" rev-parse HEAD)

first_finding() { grep -m1 -E ': (error|warning): ' || true; }

# 1. The binary.
start=$(now)
git clone -q "$origin" "$work/binary-app"
mkdir -p "$work/bin" && tar -xzf "$tarball" -C "$work/bin"
routekit=$(find "$work/bin" -name routekit -type f -perm -u+x | head -1)
finding=$(cd "$work/binary-app" && "$routekit" lint 2>&1 | first_finding) || true
binary_time=$(seconds "$start" "$(now)")
echo "binary:      ${binary_time}s  ($finding)"

# 2 and 3. pre-commit, each with a cold cache (PRE_COMMIT_HOME).
hook_run() {  # hook-id label
  local id=$1 dir="$work/$1-app"
  local start finding
  start=$(now)
  git clone -q "$origin" "$dir"
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n        verbose: true\n' "$hooks" "$rev" "$id" > "$dir/.pre-commit-config.yaml"
  finding=$(cd "$dir" && PATH="$(dirname "$routekit"):$PATH" PRE_COMMIT_HOME="$work/cache-$id" "$pre_commit" run --all-files 2>&1 | first_finding) || true
  echo "$2 $(seconds "$start" "$(now)")s  ($finding)"
}
hook_run routekit-system "system hook:"
if [ "${ROUTEKIT_SKIP_SOURCE_HOOK:-}" != 1 ]; then
  hook_run routekit "source hook:"
fi
